// The foot of the lesson panel: Reset step, Show solution (asked first: it replaces the design, Undo brings
// it back), Next step once every check passes, Finish on the last step, and notes on how the step ended.
import { useEffect, useRef, useState } from 'react';
import { messageOf } from '../../../core/values/text/message.ts';
import { useStore } from '../../../store/index.ts';
import { selectStepOutcome, selectStepProgress } from '../../../store/lesson-slice.ts';
import { Icon } from '../../components/icon.tsx';
import { showToast } from '../../components/toast.tsx';

function SolutionConfirm({ onClose }: { onClose: () => void }) {
  const showSolution = useStore((s) => s.showSolution);
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  return (
    <fieldset
      className="lesson-confirm"
      data-testid="lesson.solution.confirm"
      onKeyDown={(event) => event.key === 'Escape' && onClose()}
    >
      <legend className="sr-only">Show the solution?</legend>
      <p>
        Replace your design with the reference solution? The step will be marked “solution shown”; Undo brings
        your design back.
      </p>
      <div className="lesson-confirm-actions">
        <button
          ref={confirm}
          type="button"
          className="btn btn-sm btn-primary"
          data-testid="lesson.solution.yes"
          onClick={() => {
            onClose();
            showSolution().then(
              () =>
                showToast({
                  message: 'The solution replaced your design',
                  action: { label: 'Undo', run: () => useStore.getState().undo() },
                }),
              (error: unknown) =>
                showToast({
                  message: `The solution could not open: ${messageOf(error)}`,
                  tone: 'error',
                }),
            );
          }}
        >
          Show solution
        </button>
        <button type="button" className="btn btn-sm" onClick={onClose}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}

export function LessonStepActions() {
  const lesson = useStore((s) => s.lesson);
  const index = useStore((s) => s.lessonProgress?.stepIndex ?? 0);
  const outcome = useStore(selectStepOutcome);
  const solutionShown = useStore((s) => selectStepProgress(s).solutionShown);
  const goToStep = useStore((s) => s.goToStep);
  const resetStep = useStore((s) => s.resetStep);
  const closeLesson = useStore((s) => s.closeLesson);
  const [confirming, setConfirming] = useState(false);
  const solutionButton = useRef<HTMLButtonElement>(null);
  if (!lesson) return null;
  const last = index === lesson.steps.length - 1;
  const done = outcome?.done ?? false;
  return (
    <div className="lesson-actions">
      {confirming && (
        <SolutionConfirm
          onClose={() => {
            setConfirming(false);
            requestAnimationFrame(() => solutionButton.current?.focus());
          }}
        />
      )}
      <div className="lesson-actions-row">
        <button
          type="button"
          className="btn btn-sm"
          data-testid="lesson.reset"
          title="Put back the design this step started from"
          onClick={() =>
            void resetStep().then(() =>
              showToast({
                message: 'The step is back at its start',
                action: { label: 'Undo', run: () => useStore.getState().undo() },
              }),
            )
          }
        >
          <Icon name="undo" /> Reset step
        </button>
        <button
          ref={solutionButton}
          type="button"
          className="btn btn-sm"
          data-testid="lesson.solution"
          aria-expanded={confirming}
          onClick={() => setConfirming(true)}
        >
          Show solution
        </button>
        <span className="lesson-spacer" />
        {last ? (
          done && (
            <button
              type="button"
              className="btn btn-sm btn-primary"
              data-testid="lesson.finish"
              onClick={closeLesson}
            >
              <Icon name="check" /> Finish lesson
            </button>
          )
        ) : (
          <button
            type="button"
            className="btn btn-sm btn-primary"
            data-testid="lesson.next"
            disabled={!done}
            title={done ? undefined : 'Make every check pass to go on'}
            onClick={() => void goToStep(index + 1)}
          >
            Next step <Icon name="chevronRight" />
          </button>
        )}
      </div>
      {solutionShown && (
        <p className="lesson-note" data-testid="lesson.solution.shown">
          <Icon name="info" /> Solution shown for this step.
        </p>
      )}
      {last && done && (
        <p className="lesson-note lesson-note-done" data-testid="lesson.complete">
          <Icon name="check" /> Every check of the last step passes: the lesson is complete.
        </p>
      )}
    </div>
  );
}
