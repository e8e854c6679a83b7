// The attendee client of a workshop. Once joined it
// - reports the lesson progress (lesson, step, passed/total/done, each check's status) and the design to the
//   server, 1 s after they last changed (typing coalesces), and at once when a step is completed;
// - follows the attendee event stream (reconnecting after a drop; each connection starts with the whole
//   state): a pushed lesson opens in the lesson panel, a pushed design opens, a presenter's reset puts the
//   step's start back — each as one undo step with a toast offering Undo, so no work is ever lost silently —
//   revealed hints show in the lesson panel, and the end of the workshop is shown; a removal by the
//   presenter puts the join page back, saying so;
// - restores from the server's state after a reload when this browser lost its own copy.
// Which pushes were handled is kept per attendee in localStorage, so a reload or reconnect applies only
// what is new.
import { openAttendeeEvents, sendReport } from '../api/workshop-client.ts';
import type {
  AttendeeEvent,
  AttendeeState,
  HintReveal,
  ProgressReport,
  PushedDesign,
  PushedLesson,
} from '../core/contract/workshop-contract.ts';
import type { Lesson } from '../core/features/lessons/lesson-types.ts';
import type { Design } from '../core/model/schema.ts';
import { writeAppliedTables } from './applied.ts';
import { useAutosave } from './autosave.ts';
import { useStore } from './index.ts';
import { selectLessonStep, selectStepOutcome } from './lesson-slice.ts';
import type { StoreState } from './types.ts';
import { useWorkshop } from './workshop.ts';

/** How long after the last change a report goes out. */
export const REPORT_DELAY_MS = 1000;

export interface AttendeeHooks {
  /** A lesson by id: the built-in ones (the page's bundle); null when unknown. */
  builtinLesson: (id: string) => Promise<Lesson | null>;
  /** Tells the attendee something changed, with Undo when it replaced their work. */
  notify: (message: string, undo: boolean) => void;
}

interface Seen {
  lessonPush: number;
  designPush: number;
  resets: number;
}

const seenKey = (attendeeId: string) => `keyplan:workshop:${attendeeId}`;

function readSeen(attendeeId: string): Seen | null {
  try {
    const text = localStorage.getItem(seenKey(attendeeId));
    return text ? (JSON.parse(text) as Seen) : null;
  } catch {
    return null;
  }
}

function writeSeen(attendeeId: string, seen: Seen): void {
  try {
    localStorage.setItem(seenKey(attendeeId), JSON.stringify(seen));
  } catch {
    // Storage refused: a reload may offer the last push again (it opens with Undo).
  }
}

/** The progress report of the lesson open in the store, or null without one. */
export function progressReportOf(s: StoreState): ProgressReport | null {
  const step = selectLessonStep(s);
  const progress = s.lessonProgress;
  if (!s.lesson || !progress || !step) return null;
  const outcome = selectStepOutcome(s);
  const kept = progress.steps[step.id];
  return {
    lessonId: s.lesson.id,
    stepId: step.id,
    stepIndex: progress.stepIndex,
    passed: outcome?.passed ?? kept?.passed ?? 0,
    total: outcome?.total ?? kept?.total ?? step.checks.length,
    done: kept?.done ?? outcome?.done ?? false,
    checks: (outcome?.results ?? []).map((r) => ({ checkId: r.checkId, status: r.status })),
  };
}

function whenAutosaveRead(): Promise<void> {
  if (useAutosave.getState().status !== 'loading') return Promise.resolve();
  return new Promise((resolve) => {
    const stop = useAutosave.subscribe((s) => {
      if (s.status === 'loading') return;
      stop();
      resolve();
    });
  });
}

/** Starts the attendee client for the joined attendee; returns the function that stops it. */
export function startWorkshopAttendee(hooks: AttendeeHooks): () => void {
  const attendee = useWorkshop.getState().attendee;
  if (!attendee) throw new Error('startWorkshopAttendee: not joined');
  let stopped = false;
  const saved = readSeen(attendee.id);
  let fresh = saved === null;
  let seen: Seen = saved ?? { lessonPush: 0, designPush: 0, resets: 0 };
  const remember = (patch: Partial<Seen>) => {
    seen = { ...seen, ...patch };
    writeSeen(attendee.id, seen);
  };

  // ---------------------------------------------------------------------------------------- reporting
  let sentDesign: Design | null | undefined;
  let sentProgress: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sending = false;
  let again = false;

  const report = async () => {
    clearTimeout(timer);
    if (stopped || useWorkshop.getState().ended) return;
    if (sending) {
      again = true;
      return;
    }
    const s = useStore.getState();
    const progress = progressReportOf(s);
    const progressText = JSON.stringify(progress);
    const body: { progress?: ProgressReport | null; design?: Design } = {};
    if (progressText !== sentProgress) body.progress = progress;
    if (s.design && s.design !== sentDesign) body.design = s.design;
    if (!('progress' in body) && !body.design) return;
    sending = true;
    try {
      await sendReport(body);
      sentProgress = progressText;
      if (body.design) sentDesign = body.design;
      useWorkshop.setState({ reportError: null, reportedAt: Date.now() });
    } catch (error) {
      const failure = error as { code?: string; status?: number; message?: string };
      if (failure.status === 401) useWorkshop.setState({ status: 'join', attendee: null });
      // A design too large is not sent again until it changes; progress still is.
      if (failure.code === 'DesignTooLarge' && body.design) {
        sentDesign = body.design;
        if ('progress' in body)
          void sendReport({ progress: body.progress }).then(
            () => (sentProgress = progressText),
            () => {},
          );
      }
      useWorkshop.setState({ reportError: failure.message ?? String(error) });
      // Unreachable: the next change (or the reconnected stream) tries again.
    } finally {
      sending = false;
      if (again) {
        again = false;
        schedule();
      }
    }
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void report(), REPORT_DELAY_MS);
  };
  const stopReporting = useStore.subscribe((s, previous) => {
    if (
      s.design === previous.design &&
      s.lessonProgress === previous.lessonProgress &&
      s.lessonOutcome === previous.lessonOutcome
    )
      return;
    const before = previous.lessonProgress && selectLessonStep(previous);
    const step = selectLessonStep(s);
    const doneNow = step && s.lessonProgress?.steps[step.id]?.done;
    const doneBefore = before && previous.lessonProgress?.steps[before.id]?.done;
    // A completed step (or a new step) is reported at once: the room view shows it within a second.
    if (
      (doneNow && !(doneBefore && before?.id === step?.id)) ||
      s.lessonProgress?.stepIndex !== previous.lessonProgress?.stepIndex
    )
      void report();
    else schedule();
    applyHints();
  });

  // --------------------------------------------------------------------------------------- following
  const openLessonPush = async (push: PushedLesson) => {
    const lesson = push.lesson ?? (await hooks.builtinLesson(push.lessonId));
    if (!lesson) {
      hooks.notify(
        `The presenter opened the lesson “${push.lessonId}”, which this page does not know.`,
        false,
      );
      return;
    }
    const hadDesign = useStore.getState().design !== null;
    await useStore.getState().openLesson(lesson, { stepIndex: push.stepIndex });
    hooks.notify(`The presenter opened the lesson “${lesson.title}”`, hadDesign);
  };
  const openDesignPush = (push: PushedDesign) => {
    const hadDesign = useStore.getState().design !== null;
    useStore.getState().openDesign(push.design);
    hooks.notify(`The presenter opened the design “${push.design.name}” for everyone`, hadDesign);
  };
  const applyHints = () => {
    const s = useStore.getState();
    const step = selectLessonStep(s);
    const hints = useWorkshop.getState().room?.hints ?? [];
    if (!s.lesson || !step) return;
    const reveal = hints.find((h) => h.lessonId === s.lesson?.id && h.stepId === step.id);
    if (!reveal) return;
    const shown = () => useStore.getState().lessonProgress?.steps[step.id]?.hintsShown ?? 0;
    const target = Math.min(reveal.count, step.hints.length);
    while (shown() < target) {
      const before = shown();
      useStore.getState().revealHint();
      if (shown() === before) break;
    }
  };
  const withHint = (hint: HintReveal) => {
    const room = useWorkshop.getState().room;
    if (!room) return;
    const others = room.hints.filter((h) => h.lessonId !== hint.lessonId || h.stepId !== hint.stepId);
    useWorkshop.setState({ room: { ...room, hints: [...others, hint] } });
  };
  const resetByPresenter = async (resets: number) => {
    remember({ resets });
    // The server dropped this attendee's tables: nothing applied is there any more.
    useStore.setState({ appliedTables: writeAppliedTables({}) });
    const s = useStore.getState();
    if (s.lesson && s.stepStartDesign) {
      s.resetStep();
      hooks.notify('The presenter reset your step: its start design is back', true);
    } else {
      const pushed = useWorkshop.getState().room?.lesson;
      if (pushed) await openLessonPush(pushed);
      else hooks.notify('The presenter reset your progress and tables', false);
    }
    sentDesign = undefined;
    sentProgress = undefined;
    void report();
  };

  /** What this browser lost (storage cleared) and the server kept: the lesson at its step, the design. */
  const restoreLost = async (state: AttendeeState) => {
    const s = useStore.getState();
    if (!s.lesson && state.progress) {
      const pushed = state.room.lesson;
      const lesson =
        (pushed?.lessonId === state.progress.lessonId ? pushed.lesson : undefined) ??
        (await hooks.builtinLesson(state.progress.lessonId));
      if (lesson) {
        await useStore.getState().openLesson(lesson, { stepIndex: state.progress.stepIndex });
        if (state.design) useStore.getState().openDesign(state.design);
        return;
      }
    }
    if (!s.design && state.design) useStore.getState().openDesign(state.design);
  };

  /** The whole state (each connection's first event): restore what this browser lacks, apply what is new. */
  const restore = async (state: AttendeeState) => {
    useWorkshop.setState({ room: state.room, ended: state.room.ended, attendee: state.attendee });
    const pushes: (() => Promise<void> | void)[] = [];
    const { lesson, design } = state.room;
    if (lesson && lesson.pushId > seen.lessonPush)
      pushes.push(async () => {
        remember({ lessonPush: lesson.pushId });
        await openLessonPush(lesson);
      });
    if (design && design.pushId > seen.designPush)
      pushes.push(() => {
        remember({ designPush: design.pushId });
        openDesignPush(design);
      });
    // Oldest push first, so the newest is what stays open.
    if (lesson && design && design.pushId < lesson.pushId) pushes.reverse();
    if (fresh) {
      // A new join: the presenter's earlier resets are not news.
      fresh = false;
      remember({ resets: state.resets });
    }
    if (pushes.length === 0) await restoreLost(state);
    for (const push of pushes) await push();
    if (state.resets > seen.resets) await resetByPresenter(state.resets);
    sentDesign = state.design ?? undefined;
    sentProgress = JSON.stringify(state.progress);
    applyHints();
    schedule();
  };

  let queue = Promise.resolve();
  const handle = (event: AttendeeEvent) => {
    queue = queue
      .then(async () => {
        if (stopped) return;
        switch (event.type) {
          case 'hello':
            return restore(event.state);
          case 'lesson': {
            const { type: _, ...push } = event;
            const room = useWorkshop.getState().room;
            if (room) useWorkshop.setState({ room: { ...room, lesson: push } });
            if (push.pushId <= seen.lessonPush) return;
            remember({ lessonPush: push.pushId });
            return openLessonPush(push);
          }
          case 'design': {
            const { type: _, ...push } = event;
            const room = useWorkshop.getState().room;
            if (room) useWorkshop.setState({ room: { ...room, design: push } });
            if (push.pushId <= seen.designPush) return;
            remember({ designPush: push.pushId });
            return openDesignPush(push);
          }
          case 'hint': {
            const { type: _, ...hint } = event;
            withHint(hint);
            applyHints();
            return;
          }
          case 'reset':
            if (event.resets > seen.resets) return resetByPresenter(event.resets);
            return;
          case 'removed':
            useWorkshop.setState({ status: 'join', attendee: null, stream: null, removed: true });
            return;
          case 'ended':
            useWorkshop.setState((w) => ({
              ended: true,
              room: w.room ? { ...w.room, ended: true } : w.room,
            }));
            hooks.notify('The workshop has ended. Your design stays in this browser.', false);
            return;
        }
      })
      .catch((error) =>
        hooks.notify(`A workshop update could not be applied: ${(error as Error).message}`, false),
      );
  };

  let closeStream: (() => void) | undefined;
  void whenAutosaveRead().then(() => {
    if (stopped) return;
    closeStream = openAttendeeEvents({
      onEvent: ({ data }) => handle(data as AttendeeEvent),
      onState: (stream) => useWorkshop.setState({ stream }),
      onRefused: (status) => {
        if (status === 401) useWorkshop.setState({ status: 'join', attendee: null, stream: null });
      },
    });
  });

  const flush = () => void report();
  window.addEventListener('pagehide', flush);
  return () => {
    stopped = true;
    clearTimeout(timer);
    stopReporting();
    closeStream?.();
    window.removeEventListener('pagehide', flush);
  };
}
