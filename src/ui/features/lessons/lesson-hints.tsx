// The step's hints, revealed one at a time; the last one takes its button's place and the focus.
import { useRef } from 'react';
import { useStore } from '../../../store/index.ts';
import { selectLessonStep, selectStepProgress } from '../../../store/lesson-slice.ts';
import { Icon } from '../../components/icon.tsx';
import { Markdown } from './markdown.tsx';

export function LessonHints() {
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
