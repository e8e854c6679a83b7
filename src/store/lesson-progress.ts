// The open lesson across reloads, and its checks. The lesson, the progress through it and the design the
// current step started from are kept in localStorage (LESSON_STORAGE_KEY, small: the design itself is
// autosaved in IndexedDB by autosave.ts), written when they change; a reload puts the attendee back at the
// same step, with the hints and solution marks they had. The current step's checks run on the settled
// design (derived.ts: 200 ms after typing stops), never on each keystroke, and land in the lesson slice.

import { validateDesign } from '../core/checks/validate.ts';
import type { Lesson, LessonProgress } from '../core/features/lessons/lesson-types.ts';
import type { Design } from '../core/model/schema.ts';
import { parseExactJson, stringifyExactJson } from '../core/values/exact-json.ts';
import { messageOf } from '../core/values/text/message.ts';
import { settledDesign, subscribeSettledDesign, viewsOf } from './derived.ts';
import { useStore } from './index.ts';
import { loadLessonEngine } from './lesson-engine.ts';
import { selectLessonStep } from './lesson-slice.ts';

export const LESSON_STORAGE_KEY = 'keyplan:lesson';

interface SavedLesson {
  format: 'keyplan-lesson-progress/1';
  lesson: Lesson;
  progress: LessonProgress;
  stepStart: Design | null;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The saved lesson, checked again as a lesson file is (an older Keyplan may have saved it); null if none or unusable. */
async function readSaved(): Promise<SavedLesson | null> {
  const text = storage()?.getItem(LESSON_STORAGE_KEY);
  if (!text) return null;
  try {
    const saved = parseExactJson(text) as Partial<SavedLesson>;
    if (saved.format !== 'keyplan-lesson-progress/1' || !saved.lesson || !saved.progress) return null;
    const { parseLessonText } = await import('../core/features/lessons/parse.ts');
    const parsed = parseLessonText(stringifyExactJson(saved.lesson), 'saved-lesson.json');
    if (!parsed.ok) return null;
    const lesson = parsed.lesson;
    const progress = saved.progress;
    if (progress.lessonId !== lesson.id || !lesson.steps[progress.stepIndex]) return null;
    const start = saved.stepStart ? validateDesign(saved.stepStart) : null;
    return { format: saved.format, lesson, progress, stepStart: start?.ok ? start.design : null };
  } catch {
    return null;
  }
}

function write(saved: SavedLesson | null): void {
  try {
    if (saved) storage()?.setItem(LESSON_STORAGE_KEY, stringifyExactJson(saved));
    else storage()?.removeItem(LESSON_STORAGE_KEY);
  } catch {
    // Storage full or refused: the lesson goes on; only a reload would lose the place in it.
  }
}

let running = 0;

/** Runs the current step's checks on the settled design and hands the outcome to the lesson slice. */
async function runChecks(): Promise<void> {
  const state = useStore.getState();
  const step = selectLessonStep(state);
  const design = settledDesign();
  if (!step || !design) return;
  const run = ++running;
  const engine = await loadLessonEngine();
  // A newer run (another edit or step) started while the engine loaded: that one answers.
  if (run !== running) return;
  let outcome: ReturnType<typeof engine.checkStep>;
  try {
    // The views the app keeps for the settled design (the tabs' counts): not keyed again for the checks.
    outcome = engine.checkStep(design, step, { views: viewsOf(design) });
  } catch (error) {
    const reason = messageOf(error);
    outcome = {
      results: [{ checkId: 'engine', title: 'The checks could run', status: 'fail', reason }],
      passed: 0,
      total: 1,
      done: false,
    };
  }
  if (selectLessonStep(useStore.getState()) === step && settledDesign() === design)
    useStore.getState().setLessonOutcome(step.id, outcome);
}

/** Restores the saved lesson, then saves its changes and runs its checks as the design settles. */
export async function startLessons(): Promise<void> {
  const saved = await readSaved();
  if (saved && !useStore.getState().lesson)
    useStore.setState({
      lesson: saved.lesson,
      lessonProgress: saved.progress,
      stepStartDesign: saved.stepStart,
      lessonPanel: 'lesson',
    });
  else if (!saved) write(null);
  useStore.subscribe((state, previous) => {
    if (
      state.lesson !== previous.lesson ||
      state.lessonProgress !== previous.lessonProgress ||
      state.stepStartDesign !== previous.stepStartDesign
    )
      write(
        state.lesson && state.lessonProgress
          ? {
              format: 'keyplan-lesson-progress/1',
              lesson: state.lesson,
              progress: state.lessonProgress,
              stepStart: state.stepStartDesign,
            }
          : null,
      );
    // A new step, or the same step entered again (its outcome cleared): its checks run now.
    const cleared = state.lessonOutcome === null && previous.lessonOutcome !== null;
    if (selectLessonStep(state) !== selectLessonStep(previous) || cleared) void runChecks();
  });
  subscribeSettledDesign(() => void runChecks());
  void runChecks();
}
