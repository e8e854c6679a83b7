// The Export panel's formats, grouped (Infrastructure, Models, Code). ↑/↓ move between them; a target the
// core has no exporter for yet is shown, disabled, as coming soon.
import { type ExportTarget, isExportAvailable } from '../../../core/export/index.ts';
import type { TargetGroup } from './export-targets.ts';

export function TargetList({
  groups,
  selected,
  onSelect,
}: {
  groups: readonly TargetGroup[];
  selected: ExportTarget;
  onSelect: (target: ExportTarget) => void;
}) {
  const order = groups.flatMap((g) => g.targets.map((t) => t.target)).filter(isExportAvailable);
  const onKeyDown = (event: React.KeyboardEvent) => {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = order[(order.indexOf(selected) + step + order.length) % order.length];
    onSelect(next);
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`[data-testid="export.target.${next}"]`)?.focus(),
    );
  };
  return (
    <nav className="export-targets" aria-label="Export formats" onKeyDown={onKeyDown}>
      {groups.map((group) => (
        <div key={group.title} className="export-group">
          <h3 className="export-group-title">{group.title}</h3>
          {group.targets.map(({ target, label, detail }) => {
            const available = isExportAvailable(target);
            const current = target === selected;
            return (
              <button
                key={target}
                type="button"
                className="export-target"
                aria-current={current}
                disabled={!available}
                tabIndex={current ? 0 : -1}
                title={available ? undefined : 'Coming soon: this export is not built yet'}
                data-testid={`export.target.${target}`}
                onClick={() => onSelect(target)}
              >
                <span className="export-target-label">{label}</span>
                {detail && <span className="export-target-detail">{detail}</span>}
                {!available && <span className="export-soon">coming soon</span>}
              </button>
            );
          })}
        </div>
      ))}
    </nav>
  );
}
