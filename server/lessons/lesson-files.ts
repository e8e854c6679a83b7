// Lesson files on disk, for `keyplan lesson check` and `keyplan serve --lessons DIR` (here, not in src/cli/,
// because the server's workshop reads them too and server/ never imports the CLI): a path is a lesson
// file (any name) or a directory searched (with its subdirectories) for *.lesson.yaml, *.lesson.yml and
// *.lesson.json. Each file is parsed and checked by parseLessonText; a file that cannot be read, a directory
// without lessons, and a lesson id already used by an earlier file are problems of that file.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { type LessonParseResult, parseLessonText } from '../../src/core/features/lessons/parse.ts';

export const LESSON_FILE_PATTERN = /\.lesson\.(ya?ml|json)$/i;

export interface LessonFile {
  /** The file's path as given, or joined to its directory's. */
  file: string;
  result: LessonParseResult;
}

const refused = (file: string, message: string, at = '(document)'): LessonFile => ({
  file,
  result: { ok: false, problems: [{ path: at, message }] },
});

async function filesOf(entry: string): Promise<LessonFile[] | string[]> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(entry);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return [refused(entry, code === 'ENOENT' ? 'no such file or directory' : (error as Error).message)];
  }
  if (!info.isDirectory()) return [entry];
  const names = (await readdir(entry, { recursive: true }))
    .map(String)
    .filter((name) => LESSON_FILE_PATTERN.test(name))
    .sort();
  if (names.length === 0)
    return [refused(entry, 'no lesson files here (*.lesson.yaml, *.lesson.yml, *.lesson.json)')];
  return names.map((name) => path.join(entry, name));
}

/** Every lesson of the paths, in the order given (a directory's files by name), each parsed and checked. */
export async function loadLessonFiles(paths: readonly string[]): Promise<LessonFile[]> {
  const out: LessonFile[] = [];
  const ids = new Map<string, string>();
  for (const entry of paths) {
    for (const found of await filesOf(entry)) {
      if (typeof found !== 'string') {
        out.push(found);
        continue;
      }
      let text: string;
      try {
        text = await readFile(found, 'utf8');
      } catch (error) {
        out.push(refused(found, (error as Error).message));
        continue;
      }
      const result = parseLessonText(text, found);
      if (result.ok) {
        const earlier = ids.get(result.lesson.id);
        if (earlier !== undefined) {
          out.push(refused(found, `lesson id "${result.lesson.id}" is also the id of ${earlier}`, 'id'));
          continue;
        }
        ids.set(result.lesson.id, found);
      }
      out.push({ file: found, result });
    }
  }
  return out;
}
