// What a screen reader hears about the lesson's checks (the announcer's lesson region): the checks that
// changed status as the design settled ("Check passes: Orders come newest first. 3 of 4 checks pass"), and
// "Step done" once every check passes. The first outcome of a step is not news: the panel shows it.
import { useRef } from 'react';
import type { StepOutcome } from '../../../core/features/lessons/lesson-types.ts';
import { useStore } from '../../../store/index.ts';
import { selectLessonStep, selectStepOutcome } from '../../../store/lesson-slice.ts';

const SAID = { pass: 'passes', fail: 'fails', 'needs-server': 'needs DynamoDB Local' } as const;

export function lessonChangeMessage(before: StepOutcome, after: StepOutcome): string {
  const was = new Map(before.results.map((r) => [r.checkId, r.status]));
  const changed = after.results.filter((r) => was.has(r.checkId) && was.get(r.checkId) !== r.status);
  if (changed.length === 0) return '';
  const parts = changed.map((r) => `Check ${SAID[r.status]}: ${r.title}.`);
  parts.push(
    after.done && !before.done
      ? `Step done: all ${after.total} checks pass.`
      : `${after.passed} of ${after.total} checks pass.`,
  );
  return parts.join(' ');
}

export function useLessonMessage(): string {
  const stepId = useStore((s) => selectLessonStep(s)?.id ?? null);
  const outcome = useStore(selectStepOutcome);
  const last = useRef<{ stepId: string | null; outcome: StepOutcome | null; message: string }>({
    stepId: null,
    outcome: null,
    message: '',
  });
  const previous = last.current;
  if (previous.stepId !== stepId) last.current = { stepId, outcome, message: '' };
  else if (outcome && outcome !== previous.outcome) {
    const message = previous.outcome ? lessonChangeMessage(previous.outcome, outcome) : '';
    last.current = { stepId, outcome, message: message || previous.message };
  }
  return last.current.message;
}
