// Problems: what is wrong with the design, grouped by severity: validation problems (errors without a rule)
// and lint findings (rule id, message, target). A finding names its target by design path
// (`entities[2].keys.GSI1PK`); clicking it selects that entity, pattern, index or the table and reveals it.
// A finding's details tell its fix, its other places and the rule's explanation, and suppress it with a
// reason (the design's `lint.suppress`); suppressed findings are listed last, muted, with their reason.
import { type FormEvent, useState } from 'react';
import { suppressFinding, unsuppressFinding } from '../../../core/model/ops/lint.ts';
import type { Design } from '../../../core/model/schema.ts';
import { type DesignFinding, useFindings, useRuleInfo } from '../../../store/analysis.ts';
import { useDeferredDesign } from '../../../store/derived.ts';
import { Icon } from '../../components/icon.tsx';
import { useCommit } from '../patterns/use-pattern-edit.ts';
import { selectionForPath, targetLabel } from './problem-target.ts';
import { revealPath } from './reveal.ts';

const GROUPS = [
  { severity: 'error', title: 'Errors' },
  { severity: 'warning', title: 'Warnings' },
  { severity: 'info', title: 'Notes' },
] as const;

export function ProblemsTab() {
  const findings = useFindings();
  // The design the findings were computed from (deferred a frame while typing).
  const design = useDeferredDesign();
  if (!design) return null;
  if (findings.length === 0)
    return (
      <div className="empty-state dock-empty" data-testid="problems.empty">
        <Icon name="check" size={18} />
        <h3>No problems detected</h3>
        <p>The design validates and the linter has nothing to say about it.</p>
      </div>
    );
  const suppressed = findings.filter((f) => f.suppressed);
  return (
    <div className="problems">
      {GROUPS.map(({ severity, title }) => (
        <FindingGroup
          key={severity}
          id={severity}
          title={title}
          findings={findings.filter((f) => f.severity === severity && !f.suppressed)}
          design={design}
        />
      ))}
      <FindingGroup id="suppressed" title="Suppressed" findings={suppressed} design={design} />
    </div>
  );
}

const ICONS = { error: 'error', warning: 'warn', info: 'info' } as const;

/** One group of findings (a severity, or the suppressed ones) under its heading; nothing when empty. */
function FindingGroup({
  id,
  title,
  findings,
  design,
}: {
  id: string;
  title: string;
  findings: DesignFinding[];
  design: Design;
}) {
  if (findings.length === 0) return null;
  return (
    <section aria-label={title} data-testid={`problems.group.${id}`}>
      <h3 className="problems-group">
        {title} <span className="badge">{findings.length}</span>
      </h3>
      <ul className="problems-list">
        {findings.map((finding, i) => (
          <FindingRow
            // biome-ignore lint/suspicious/noArrayIndexKey: two findings may say the same of the same target.
            key={`${finding.rule ?? ''}:${finding.target}:${i}`}
            finding={finding}
            design={design}
          />
        ))}
      </ul>
    </section>
  );
}

function FindingRow({ finding, design }: { finding: DesignFinding; design: Design }) {
  const selectable = selectionForPath(design, finding.target) !== null;
  const label = targetLabel(design, finding.target);
  return (
    <li className={finding.suppressed ? 'is-suppressed' : undefined}>
      <button
        type="button"
        className={`problems-item problems-${finding.severity}`}
        data-testid="problems.item"
        data-rule={finding.rule ?? 'validation'}
        data-severity={finding.severity}
        data-target={finding.target}
        aria-disabled={!selectable}
        title={selectable ? `Show ${label ?? finding.target}` : undefined}
        onClick={() => revealPath(finding.target)}
      >
        <Icon name={ICONS[finding.severity]} />
        <span className={`problems-rule mono${finding.rule ? '' : ' is-validation'}`}>
          {finding.rule ?? 'invalid'}
        </span>
        <span className="problems-message">
          {finding.message}
          {finding.suppressed && (
            <span className="problems-suppressed" data-testid="problems.suppressed">
              suppressed: {finding.suppressed.reason}
            </span>
          )}
        </span>
        <span className="problems-where">
          {label && <span className="problems-target">{label}</span>}
          {finding.target && <span className="problems-path mono">{finding.target}</span>}
        </span>
      </button>
      {finding.rule && finding.rule !== 'lint-config' && (
        <FindingDetails finding={finding} rule={finding.rule} />
      )}
    </li>
  );
}

/** The fix, the other places, why the rule matters, and suppressing the finding (or lifting its suppression). */
function FindingDetails({ finding, rule }: { finding: DesignFinding; rule: string }) {
  const info = useRuleInfo(rule);
  const commit = useCommit();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const target = finding.target;
  const suppress = (event: FormEvent) => {
    event.preventDefault();
    setError(commit((d) => suppressFinding(d, { rule, target, reason })));
  };
  return (
    <details className="problems-details" data-testid="problems.details">
      <summary>Details</summary>
      {finding.fix && (
        <p>
          <strong>Fix:</strong> {finding.fix}
        </p>
      )}
      {finding.related && (
        <p>
          <strong>Also at:</strong>{' '}
          {finding.related.map((path) => (
            <button
              key={path}
              type="button"
              className="problems-related mono"
              onClick={() => revealPath(path)}
            >
              {path}
            </button>
          ))}
        </p>
      )}
      {info && <p data-testid="problems.explanation">{info.explanation}</p>}
      {finding.suppressed ? (
        <button
          type="button"
          className="btn btn-sm"
          data-testid="problems.unsuppress"
          onClick={() => setError(commit((d) => unsuppressFinding(d, { rule, target })))}
        >
          Stop suppressing
        </button>
      ) : (
        <form className="problems-suppress" onSubmit={suppress}>
          <input
            className="input"
            data-testid="problems.suppress-reason"
            aria-label="Why this finding does not apply"
            placeholder="Why this finding does not apply"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <button
            type="submit"
            className="btn btn-sm"
            data-testid="problems.suppress"
            disabled={reason.trim() === ''}
          >
            Suppress
          </button>
        </form>
      )}
      {error && (
        <p className="problems-error-text" role="alert">
          {error}
        </p>
      )}
    </details>
  );
}
