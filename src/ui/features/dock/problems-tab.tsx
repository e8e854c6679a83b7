// Problems: what is wrong with the design, grouped by severity. A finding names its target by design path
// (`entities[2].keys.GSI1PK`); clicking it selects that entity, pattern, index or the table. Validation
// problems are errors; lint findings (rule id, severity) join the same list.
import type { Design } from '../../../core/model/schema.ts';
import { useStore } from '../../../store/index.ts';
import { Icon } from '../../components/icon.tsx';
import { selectionForPath, targetLabel } from './problem-target.ts';
import { type Finding, type Severity, useFindings } from './use-findings.ts';

const GROUPS: { severity: Severity; title: string }[] = [
  { severity: 'error', title: 'Errors' },
  { severity: 'warning', title: 'Warnings' },
  { severity: 'info', title: 'Notes' },
];

export function ProblemsTab() {
  const findings = useFindings();
  const design = useStore((s) => s.design);
  if (!design) return null;
  if (findings.length === 0)
    return (
      <div className="empty-state dock-empty" data-testid="problems.empty">
        <Icon name="check" size={18} />
        <h3>No problems detected</h3>
      </div>
    );
  return (
    <div className="problems">
      {GROUPS.map(({ severity, title }) => {
        const group = findings.filter((f) => f.severity === severity);
        if (group.length === 0) return null;
        return (
          <section key={severity} aria-label={title}>
            <h3 className="problems-group">
              {title} <span className="badge">{group.length}</span>
            </h3>
            <ul className="problems-list">
              {group.map((finding, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: two findings may say the same of the same target.
                <FindingRow key={`${finding.target}:${i}`} finding={finding} design={design} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function FindingRow({ finding, design }: { finding: Finding; design: Design }) {
  const select = useStore((s) => s.select);
  const setMainTab = useStore((s) => s.setMainTab);
  const selection = selectionForPath(design, finding.target);
  const label = targetLabel(design, finding.target);
  return (
    <li>
      <button
        type="button"
        className={`problems-item problems-${finding.severity}`}
        data-testid="problems.item"
        data-target={finding.target}
        disabled={!selection}
        onClick={() => {
          setMainTab('designer');
          select(selection);
        }}
      >
        <Icon
          name={finding.severity === 'error' ? 'error' : finding.severity === 'warning' ? 'warn' : 'check'}
        />
        {finding.rule && <span className="badge mono">{finding.rule}</span>}
        <span className="problems-message">{finding.message}</span>
        {label && <span className="problems-target">{label}</span>}
        <span className="problems-path mono">{finding.target}</span>
      </button>
    </li>
  );
}
