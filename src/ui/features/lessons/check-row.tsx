// One check of a lesson step: ✓/✗ and its title, the reason that teaches (long ones cut to three lines with
// a toggle), the explanation of a failure, and a click that selects what the check is about while the lesson
// stays in view (lesson-selection.ts).
import { useState } from 'react';
import type { CheckResult, CheckTarget } from '../../../core/features/lessons/lesson-types.ts';
import { TABLE_INDEX } from '../../../core/model/indexes.ts';
import { useStore } from '../../../store/index.ts';
import { Icon } from '../../components/icon.tsx';
import { selectFromLesson } from './lesson-selection.ts';
import { InlineMarkdown } from './markdown.tsx';

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

export function CheckRow({ result }: { result: CheckResult }) {
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
