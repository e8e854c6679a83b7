// The lesson header's row of step dots: each says the step's state (done, solution shown, in progress, not
// started) and goes to it once the attendee has reached it.
import { useStore } from '../../../store/index.ts';

export function ProgressDots() {
  const lesson = useStore((s) => s.lesson);
  const progress = useStore((s) => s.lessonProgress);
  const goToStep = useStore((s) => s.goToStep);
  if (!lesson || !progress) return null;
  // A step is open to the attendee once reached: done steps, the current one, and the first not done.
  const firstOpen = lesson.steps.findIndex((step) => !progress.steps[step.id]?.done);
  const reachable = (i: number) =>
    i <= Math.max(progress.stepIndex, firstOpen < 0 ? lesson.steps.length : firstOpen);
  return (
    <ol className="lesson-dots" aria-label="Steps">
      {lesson.steps.map((step, i) => {
        const state = progress.steps[step.id];
        const current = i === progress.stepIndex;
        const status = state?.solutionShown
          ? 'solution shown'
          : state?.done
            ? 'done'
            : current
              ? 'in progress'
              : 'not started';
        return (
          <li key={step.id}>
            <button
              type="button"
              className={`lesson-dot${state?.done ? ' lesson-dot-done' : ''}${state?.solutionShown ? ' lesson-dot-solution' : ''}`}
              aria-current={current ? 'step' : undefined}
              aria-label={`Step ${i + 1}: ${step.title} (${status})`}
              title={`Step ${i + 1}: ${step.title} (${status})`}
              disabled={!reachable(i) || current}
              data-testid={`lesson.dot.${i + 1}`}
              data-state={status}
              onClick={() => void goToStep(i)}
            />
          </li>
        );
      })}
    </ol>
  );
}
