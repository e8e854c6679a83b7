// The built-in lessons as the server knows them (the app has them in its bundle): a presenter may push one
// by id alone, and a hint reveal is bounded by the step's hints. Read once, when a workshop starts.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Lesson } from '../../src/core/lessons/lesson-types.ts';
import { parseLessonText } from '../../src/core/lessons/parse.ts';

const FOLDER = fileURLToPath(new URL('../../src/core/lessons/builtin/', import.meta.url));

export function builtinLessons(folder = FOLDER): Map<string, Lesson> {
  const lessons = new Map<string, Lesson>();
  for (const name of readdirSync(folder)
    .filter((n) => /\.lesson\.(ya?ml|json)$/.test(n))
    .sort()) {
    const file = `${folder}${name}`;
    const result = parseLessonText(readFileSync(file, 'utf8'), file);
    // builtin.test.ts proves each of them in CI; a broken one is left out rather than stopping the server.
    if (result.ok) lessons.set(result.lesson.id, result.lesson);
  }
  return lessons;
}
