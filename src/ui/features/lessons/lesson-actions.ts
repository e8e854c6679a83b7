// Starting lessons: the built-in ones (src/core/features/lessons/builtin/*.lesson.yaml, read here in the UI layer so
// the core stays free of Vite), those the server was started with (--lessons DIR) and a lesson file the
// user opens. The parser and the lesson files load on
// first use, never with the first screen.
import { getLessons } from '../../../api/client.ts';
import type { Lesson } from '../../../core/features/lessons/lesson-types.ts';
import { stringifyExactJson } from '../../../core/values/exact-json.ts';
import { messageOf } from '../../../core/values/text/message.ts';
import { useStore } from '../../../store/index.ts';
import { dismissToasts, showToast } from '../../components/toast.tsx';
import { pickDesignFile } from '../../hooks/design-file.ts';

const BUILTIN_FILES = import.meta.glob<string>('../../../core/features/lessons/builtin/*.lesson.yaml', {
  query: '?raw',
  import: 'default',
});

/** A built-in lesson, or why its file did not parse (a lesson author's mistake, shown on its card). */
export type BuiltinLesson =
  | { file: string; lesson: Lesson; fromServer?: boolean }
  | { file: string; error: string };

let builtins: Promise<BuiltinLesson[]> | null = null;

/** A parse failure in words: the file, then each problem at its path. */
export function lessonProblemsText(
  file: string,
  problems: readonly { path: string; message: string }[],
  limit = 6,
): string {
  const shown = problems.slice(0, limit).map((p) => (p.path ? `${p.path}: ${p.message}` : p.message));
  const more = problems.length > shown.length ? ` (and ${problems.length - shown.length} more)` : '';
  return `${file} is not a valid lesson: ${shown.join('; ')}${more}`;
}

export function loadBuiltinLessons(): Promise<BuiltinLesson[]> {
  builtins ??= (async () => {
    const { parseLessonText } = await import('../../../core/features/lessons/parse.ts');
    const entries = Object.entries(BUILTIN_FILES).sort(([a], [b]) => a.localeCompare(b));
    return Promise.all(
      entries.map(async ([path, load]): Promise<BuiltinLesson> => {
        const file = path.slice(path.lastIndexOf('/') + 1);
        const result = parseLessonText(await load(), file);
        return result.ok
          ? { file, lesson: result.lesson }
          : { file, error: lessonProblemsText(file, result.problems) };
      }),
    );
  })();
  return builtins;
}

/**
 * The lessons the server offers (`keyplan serve --lessons DIR`), checked here again as any lesson file is;
 * none when there is no server (the app served as static files) or it has none.
 */
export async function loadServerLessons(): Promise<BuiltinLesson[]> {
  let lessons: unknown[];
  try {
    lessons = (await getLessons()).lessons;
  } catch {
    return [];
  }
  const { parseLessonText } = await import('../../../core/features/lessons/parse.ts');
  return lessons.map((lesson, i): BuiltinLesson => {
    const id = (lesson as { id?: unknown }).id;
    const file = `${typeof id === 'string' ? id : `lesson ${i + 1}`} (from the server)`;
    const result = parseLessonText(stringifyExactJson(lesson), `${file}.json`);
    return result.ok
      ? { file, lesson: result.lesson, fromServer: true }
      : { file, error: lessonProblemsText(file, result.problems) };
  });
}

/** Opens a lesson at its first step (or where the user left it): its start design replaces the current one, with Undo. */
export async function startLesson(lesson: Lesson, options?: { stepIndex?: number }): Promise<void> {
  const hadDesign = useStore.getState().design !== null;
  dismissToasts('error');
  try {
    await useStore.getState().openLesson(lesson, options);
  } catch (error) {
    showToast({
      message: `The lesson “${lesson.title}” could not start: ${messageOf(error)}`,
      tone: 'error',
    });
    return;
  }
  if (hadDesign)
    showToast({
      message: `Started the lesson “${lesson.title}”`,
      action: { label: 'Undo', run: () => useStore.getState().undo() },
    });
}

type LessonFileResult = { ok: true; lesson: Lesson } | { ok: false; message: string };

async function readLessonFile(file: File): Promise<LessonFileResult> {
  const [{ parseLessonText }, text] = await Promise.all([
    import('../../../core/features/lessons/parse.ts'),
    file.text(),
  ]);
  const result = parseLessonText(text, file.name);
  return result.ok
    ? { ok: true, lesson: result.lesson }
    : { ok: false, message: lessonProblemsText(file.name, result.problems) };
}

/** File › Open lesson: a JSON or YAML lesson file; an invalid one is reported path by path and nothing changes. */
export async function openLessonFromFile(): Promise<void> {
  const result = await pickDesignFile(readLessonFile, '.json,.yaml,.yml,application/json');
  if (!result) return;
  if (!result.ok) {
    showToast({ message: result.message, tone: 'error', timeout: 0 });
    return;
  }
  await startLesson(result.lesson);
}
