// Problems: what is wrong with the design, grouped by severity: validation problems (errors without a rule)
// and lint findings (rule id, message, target). A finding names its target by design path
// (`entities[2].keys.GSI1PK`); clicking it selects that entity, pattern, index or the table and reveals it.
import type { Design } from '../../../core/model/schema.ts';
import { type DesignFinding, useFindings } from '../../../store/analysis.ts';
import { useDeferredDesign } from '../../../store/derived.ts';
import { Icon } from '../../components/icon.tsx';
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
  return (
    <div className="problems">
      {GROUPS.map(({ severity, title }) => {
        const group = findings.filter((f) => f.severity === severity);
        if (group.length === 0) return null;
        return (
          <section key={severity} aria-label={title} data-testid={`problems.group.${severity}`}>
            <h3 className="problems-group">
              {title} <span className="badge">{group.length}</span>
            </h3>
            <ul className="problems-list">
              {group.map((finding, i) => (
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
      })}
    </div>
  );
}

const ICONS = { error: 'error', warning: 'warn', info: 'info' } as const;

function FindingRow({ finding, design }: { finding: DesignFinding; design: Design }) {
  const selectable = selectionForPath(design, finding.target) !== null;
  const label = targetLabel(design, finding.target);
  return (
    <li>
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
        <span className="problems-message">{finding.message}</span>
        <span className="problems-where">
          {label && <span className="problems-target">{label}</span>}
          {finding.target && <span className="problems-path mono">{finding.target}</span>}
        </span>
      </button>
    </li>
  );
}
