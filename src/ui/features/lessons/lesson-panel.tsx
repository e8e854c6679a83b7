// The lesson panel: the step's instructions, its checks on the settled design (✓/✗ with a reason that
// teaches; a click selects what the check is about), hints one at a time, Show solution, Reset step and
// Next. Every action goes through the lesson slice (src/store/lesson-slice.ts).
import { useEffect, useRef, useState } from 'react';
import type { CheckResult, CheckTarget } from '../../../core/features/lessons/lesson-types.ts';
import { TABLE_INDEX } from '../../../core/model/indexes.ts';
import { messageOf } from '../../../core/values/text/message.ts';
import { useStore } from '../../../store/index.ts';
import { selectLessonStep, selectStepOutcome, selectStepProgress } from '../../../store/lesson-slice.ts';
import { Icon } from '../../components/icon.tsx';
import { showToast } from '../../components/toast.tsx';
import { InlineMarkdown, Markdown } from './markdown.tsx';
import { selectFromLesson } from './right-panel.tsx';
import './lessons.css';

function selectTarget(target: CheckTarget | undefined): void {
  if (!target) return;
  const { setActiveView } = useStore.getState();
  switch (target.kind) {
    case 'pattern':
      selectFromLesson({ kind: 'pattern', id: target.id });
      break;
    case 'entity':
      selectFromLesson({ kind: 'entity', name: target.name });
      break;
    case 'index':
      selectFromLesson({ kind: 'index', name: target.name });
      setActiveView(target.name);
      break;
    case 'design':
      selectFromLesson({ kind: 'table' });
      setActiveView(TABLE_INDEX);
      break;
  }
}

const STATUS_LABEL = { pass: 'Passes', fail: 'Fails', 'needs-server': 'Needs DynamoDB Local' } as const;

function targetLabel(target: CheckTarget | undefined): string | null {
  if (!target) return null;
  if (target.kind === 'pattern') return `pattern ${target.id}`;
  if (target.kind === 'entity') return `entity ${target.name}`;
  if (target.kind === 'index') return `index ${target.name}`;
  return 'the table';
}

/** Reasons longer than this (about three lines of the panel) are cut to three lines, with a toggle. */
const LONG_REASON = 180;

function CheckRow({ result }: { result: CheckResult }) {
  const icon = result.status === 'pass' ? 'check' : result.status === 'fail' ? 'error' : 'info';
  const about = targetLabel(result.target);
  // A long diagnosis (a lint finding in full) shows its first lines until asked for the rest.
  const long = result.reason.length > LONG_REASON;
  const [expanded, setExpanded] = useState(false);
  // The title is the check's button (its name stays short for a screen reader); it covers the whole card for
  // the mouse, so the explanation's links are shown as text where there is a target.
  return (
    <li
      className={`lesson-check${about ? ' lesson-check-selectable' : ''}`}
      data-testid={`lesson.check.${result.checkId}`}
      data-status={result.status}
    >
      <span className={`lesson-check-icon lesson-check-${result.status}`}>
        <Icon name={icon} size={14} />
      </span>
      <span className="lesson-check-text">
        {about ? (
          <button
            type="button"
            className="lesson-check-title"
            title={`Select ${about}`}
            aria-describedby={`lesson-check-${result.checkId}`}
            onClick={() => selectTarget(result.target)}
          >
            <span className="sr-only">{STATUS_LABEL[result.status]}: </span>
            {result.title}
          </button>
        ) : (
          <span className="lesson-check-title">
            <span className="sr-only">{STATUS_LABEL[result.status]}: </span>
            {result.title}
          </span>
        )}
        <span
          className={`lesson-check-reason${long && !expanded ? ' lesson-check-clamped' : ''}`}
          id={`lesson-check-${result.checkId}`}
          data-testid="lesson.check.reason"
        >
          {result.reason}
        </span>
        {long && (
          <button
            type="button"
            className="lesson-check-more"
            aria-expanded={expanded}
            onClick={() => setExpanded(!expanded)}
          >
            {expanded ? 'Show less' : 'Show the whole reason'}
          </button>
        )}
        {result.status === 'fail' && result.explain && (
          <span className="lesson-check-explain">
            <InlineMarkdown text={result.explain} links={!about} />
          </span>
        )}
      </span>
    </li>
  );
}

function ProgressDots() {
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

function Hints() {
  const step = useStore(selectLessonStep);
  const shown = useStore((s) => selectStepProgress(s).hintsShown);
  const revealHint = useStore((s) => s.revealHint);
  const list = useRef<HTMLOListElement>(null);
  if (!step || step.hints.length === 0) return null;
  const left = step.hints.length - shown;
  return (
    <section className="lesson-section" aria-labelledby="lesson-hints">
      <h3 id="lesson-hints" className="lesson-heading">
        Hints <span className="lesson-count">{`${shown} of ${step.hints.length} shown`}</span>
      </h3>
      {shown > 0 && (
        <ol className="lesson-hints" ref={list}>
          {step.hints.slice(0, shown).map((hint, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: hints are fixed text revealed in order
              key={i}
              className="lesson-hint"
              tabIndex={-1}
              data-testid={`lesson.hint.${i + 1}`}
            >
              <Markdown text={hint} />
            </li>
          ))}
        </ol>
      )}
      {left > 0 && (
        <button
          type="button"
          className="btn btn-sm"
          data-testid="lesson.hint"
          onClick={() => {
            revealHint();
            // The last hint takes the button's place: the focus goes to it rather than to the page.
            if (left === 1)
              requestAnimationFrame(() => (list.current?.lastElementChild as HTMLElement | null)?.focus());
          }}
        >
          <Icon name="sparkle" /> {shown === 0 ? 'Show a hint' : 'Show the next hint'} ({left} left)
        </button>
      )}
    </section>
  );
}

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

function Actions() {
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

export default function LessonPanel() {
  const lesson = useStore((s) => s.lesson);
  const index = useStore((s) => s.lessonProgress?.stepIndex ?? 0);
  const step = useStore(selectLessonStep);
  const outcome = useStore(selectStepOutcome);
  const closeLesson = useStore((s) => s.closeLesson);
  const heading = useRef<HTMLHeadingElement>(null);
  const body = useRef<HTMLDivElement>(null);
  // A new step starts at the top, its title taking the focus when the focus was in the panel (Next, a dot).
  const stepId = step?.id;
  useEffect(() => {
    if (!stepId) return;
    body.current?.scrollTo({ top: 0 });
    if (
      body.current?.parentElement?.contains(document.activeElement) &&
      document.activeElement !== document.body
    )
      heading.current?.focus();
  }, [stepId]);
  if (!lesson || !step) return null;
  return (
    <section className="lesson-panel" aria-labelledby="lesson-title" data-testid="lesson.panel">
      <header className="lesson-header">
        <div className="lesson-header-top">
          <h2 id="lesson-title" className="lesson-title" data-testid="lesson.title">
            {lesson.title}
          </h2>
          <button
            type="button"
            className="btn btn-ghost btn-icon btn-sm"
            aria-label="Close the lesson (the design stays)"
            title="Close the lesson (the design stays)"
            data-testid="lesson.close"
            onClick={closeLesson}
          >
            <Icon name="close" size={12} />
          </button>
        </div>
        <div className="lesson-header-step">
          <span data-testid="lesson.step">
            Step {index + 1} of {lesson.steps.length}
          </span>
          <ProgressDots />
        </div>
      </header>
      <div className="lesson-body" ref={body}>
        <h3 className="lesson-step-title" ref={heading} tabIndex={-1} data-testid="lesson.step.title">
          {step.title}
        </h3>
        <Markdown text={step.instructions} className="lesson-instructions" />
        <section className="lesson-section" aria-labelledby="lesson-checks">
          <h3 id="lesson-checks" className="lesson-heading">
            Checks{' '}
            {outcome && (
              <span className="lesson-count" data-testid="lesson.checks.count">
                {outcome.passed} of {outcome.total} pass
              </span>
            )}
          </h3>
          {outcome ? (
            <ul className="lesson-checks" data-testid="lesson.checks">
              {outcome.results.map((result) => (
                <CheckRow key={result.checkId} result={result} />
              ))}
            </ul>
          ) : (
            <p className="lesson-muted">Checking your design…</p>
          )}
          {outcome?.results.some((r) => r.status === 'needs-server') && (
            <p className="lesson-muted">
              Checks that need DynamoDB Local do not hold up the step when you work in the browser alone.
            </p>
          )}
        </section>
        <Hints />
      </div>
      <Actions />
    </section>
  );
}
