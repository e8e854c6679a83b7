// The built-in lessons as the server knows them (the app has them in its bundle): a presenter may push one
// by id alone, and a hint reveal is bounded by the step's hints. Read once, when a workshop starts, by the
// loader of `keyplan lesson check` and `--lessons DIR` (server/lessons/lesson-files.ts).
import { fileURLToPath } from 'node:url';
import type { Lesson } from '../../src/core/features/lessons/lesson-types.ts';
import { loadLessonFiles } from '../lessons/lesson-files.ts';

const FOLDER = fileURLToPath(new URL('../../src/core/features/lessons/builtin/', import.meta.url));

export async function builtinLessons(): Promise<Map<string, Lesson>> {
  const lessons = new Map<string, Lesson>();
  // builtin.test.ts proves each of them in CI; a broken one is left out rather than stopping the server.
  for (const { result } of await loadLessonFiles([FOLDER]))
    if (result.ok) lessons.set(result.lesson.id, result.lesson);
  return lessons;
}
