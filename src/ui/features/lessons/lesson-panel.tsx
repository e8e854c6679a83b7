// The lesson panel: the step's instructions, its checks on the settled design (✓/✗ with a reason that
// teaches; a click selects what the check is about), hints one at a time, Show solution, Reset step and
// Next. Every action goes through the lesson slice (src/store/lesson-slice.ts).
import { useEffect, useRef } from 'react';
import { useStore } from '../../../store/index.ts';
import { selectLessonStep, selectStepOutcome } from '../../../store/lesson-slice.ts';
import { Icon } from '../../components/icon.tsx';
import { CheckRow } from './check-row.tsx';
import { LessonHints } from './lesson-hints.tsx';
import { LessonStepActions } from './lesson-step-actions.tsx';
import { Markdown } from './markdown.tsx';
import { ProgressDots } from './progress-dots.tsx';
import './lessons.css';

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
        <LessonHints />
      </div>
      <LessonStepActions />
    </section>
  );
}
