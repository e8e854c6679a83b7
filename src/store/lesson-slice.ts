// The lesson the user is working through (self-study, or pushed by a workshop): which lesson, which step,
// the hints shown, whether the solution was shown, and the checks' outcome on the settled design.
//
// API (for the lesson panel, the start screen, File › Open lesson and the workshop client); the actions that
// load a design return a Promise (the check engine loads on first use) and reject with a message if the
// lesson's design cannot open:
//   openLesson(lesson, { stepIndex? })  opens a lesson at a step (default: its saved step when it is the lesson
//                                       already open, else 0) and loads that step's start design (undoable);
//                                       the lesson already open at that step keeps the attendee's design.
//   goToStep(index)                     moves to a step: Next onto a step that starts from `previous` keeps
//                                       the current design, any other loads the step's start (undoable).
//   revealHint()                        shows the next hint of the current step (counted in progress).
//   showSolution()                      replaces the design with the step's solution (undoable) and marks the
//                                       step "solution shown".
//   resetStep()                         puts back the design the current step started from (undoable).
//   closeLesson()                       leaves the lesson; the design stays.
//   setLessonPanel('lesson'|'inspector')  which tab the right panel shows while a lesson is open.
// Selectors: selectLessonStep(state) → the current LessonStep | null; selectStepOutcome(state) → the
// current step's StepOutcome | null (null until its checks have run on the settled design);
// selectStepProgress(state) → the current step's { done, hintsShown, solutionShown, passed, total };
// state.lessonProgress → the whole LessonProgress (kept across reloads by lesson-progress.ts).
// The checks run in lesson-progress.ts (on the settled design, 200 ms after typing stops), which calls
// setLessonOutcome; that keeps each step's passed/total/done in lessonProgress (done stays done). Follow
// progress with useStore.subscribe((state, previous) => …) comparing state.lessonProgress and
// state.lessonOutcome (a workshop reports both).
import type { StateCreator } from 'zustand';
import type {
  Lesson,
  LessonProgress,
  LessonStep,
  StepOutcome,
} from '../core/features/lessons/lesson-types.ts';
import { TABLE_INDEX } from '../core/model/indexes.ts';
import type { Design } from '../core/model/schema.ts';
import { loadLessonEngine } from './lesson-engine.ts';
import type { LessonSlice, StepProgress, StoreState } from './types.ts';

export const EMPTY_STEP_PROGRESS: StepProgress = {
  done: false,
  hintsShown: 0,
  solutionShown: false,
  passed: 0,
  total: 0,
};

export function selectLessonStep(s: StoreState): LessonStep | null {
  if (!s.lesson || !s.lessonProgress) return null;
  return s.lesson.steps[s.lessonProgress.stepIndex] ?? null;
}

export function selectStepOutcome(s: StoreState): StepOutcome | null {
  const step = selectLessonStep(s);
  return step && s.lessonOutcome?.stepId === step.id ? s.lessonOutcome.outcome : null;
}

export function selectStepProgress(s: StoreState): StepProgress {
  const step = selectLessonStep(s);
  return (step && s.lessonProgress?.steps[step.id]) || EMPTY_STEP_PROGRESS;
}

function withStep(progress: LessonProgress, stepId: string, patch: Partial<StepProgress>): LessonProgress {
  const current = progress.steps[stepId] ?? EMPTY_STEP_PROGRESS;
  return { ...progress, steps: { ...progress.steps, [stepId]: { ...current, ...patch } } };
}

export const createLessonSlice: StateCreator<StoreState, [], [], LessonSlice> = (set, get) => {
  /** Opens a design as the step's start: one undo step, the table selected, like opening any design. */
  const openStart = (design: Design) => {
    get().openDesign(design);
    get().select({ kind: 'table' });
    get().setActiveView(TABLE_INDEX);
  };

  const enterStep = async (lesson: Lesson, index: number, progress: LessonProgress) => {
    const step = lesson.steps[index];
    if (!step) throw new Error(`${lesson.id} has no step ${index + 1}`);
    const engine = await loadLessonEngine();
    const current = get().design;
    // A step that continues from the previous one keeps the attendee's design when they go on to it (Next);
    // going back to it, or opening the lesson there, starts from the previous step's solution.
    const from = get().lesson?.id === lesson.id ? get().lessonProgress?.stepIndex : undefined;
    const onward = from !== undefined && (index === from + 1 || index === from);
    // Reopening the step the attendee is on (the lesson opened again) keeps their design too.
    const keep = current !== null && ((step.start === 'previous' && onward) || index === from);
    const start = keep ? current : engine.lessonStepStart(lesson, index);
    // The step's own start stays what Reset step puts back when the attendee is kept on it.
    const stepStart = keep && index === from ? (get().stepStartDesign ?? start) : start;
    if (!keep) openStart(start);
    set({
      lesson,
      lessonProgress: { ...progress, stepIndex: index },
      stepStartDesign: stepStart,
      lessonOutcome: null,
      lessonPanel: 'lesson',
    });
  };

  return {
    lesson: null,
    lessonProgress: null,
    stepStartDesign: null,
    lessonOutcome: null,
    lessonPanel: 'lesson',
    openLesson: async (lesson, options = {}) => {
      const { lesson: open, lessonProgress } = get();
      const same = open?.id === lesson.id && lessonProgress !== null;
      const progress: LessonProgress = same
        ? lessonProgress
        : { lessonId: lesson.id, stepIndex: 0, steps: {} };
      const index = Math.min(
        Math.max(0, options.stepIndex ?? (same ? progress.stepIndex : 0)),
        lesson.steps.length - 1,
      );
      await enterStep(lesson, index, progress);
    },
    goToStep: async (index) => {
      const { lesson, lessonProgress } = get();
      if (!lesson || !lessonProgress || index < 0 || index >= lesson.steps.length) return;
      await enterStep(lesson, index, lessonProgress);
    },
    revealHint: () => {
      const step = selectLessonStep(get());
      const progress = get().lessonProgress;
      if (!step || !progress) return;
      const shown = selectStepProgress(get()).hintsShown;
      if (shown >= step.hints.length) return;
      set({ lessonProgress: withStep(progress, step.id, { hintsShown: shown + 1 }) });
    },
    showSolution: async () => {
      const step = selectLessonStep(get());
      const progress = get().lessonProgress;
      if (!step || !progress) return;
      const engine = await loadLessonEngine();
      openStart(engine.lessonDesign(step.solution));
      set({ lessonProgress: withStep(progress, step.id, { solutionShown: true }) });
    },
    resetStep: async () => {
      const { lesson, lessonProgress, stepStartDesign } = get();
      if (!lesson || !lessonProgress) return;
      // Without a saved start (it did not survive a reload), the lesson's own start of the step.
      const start =
        stepStartDesign ?? (await loadLessonEngine()).lessonStepStart(lesson, lessonProgress.stepIndex);
      openStart(start);
      set({ stepStartDesign: start });
    },
    closeLesson: () =>
      set({
        lesson: null,
        lessonProgress: null,
        stepStartDesign: null,
        lessonOutcome: null,
        lessonPanel: 'lesson',
      }),
    setLessonPanel: (lessonPanel) => set({ lessonPanel }),
    setLessonOutcome: (stepId, outcome) => {
      const progress = get().lessonProgress;
      if (!progress) return;
      const before = progress.steps[stepId] ?? EMPTY_STEP_PROGRESS;
      // Done stays done: a step completed once counts, even if a later edit breaks a check again.
      const after = { passed: outcome.passed, total: outcome.total, done: before.done || outcome.done };
      const changed =
        after.passed !== before.passed || after.total !== before.total || after.done !== before.done;
      set({
        lessonOutcome: { stepId, outcome },
        ...(changed ? { lessonProgress: withStep(progress, stepId, after) } : {}),
      });
    },
  };
};
