// The Export panel's formats, grouped (Infrastructure, Models, Code). ↑/↓ move between them.
import type { ExportFormat, FormatGroup } from './export-targets.ts';

export function TargetList({
  groups,
  selected,
  onSelect,
}: {
  groups: readonly FormatGroup[];
  /** The selected format's id. */
  selected: string;
  onSelect: (format: ExportFormat) => void;
}) {
  const order = groups.flatMap((g) => g.formats);
  const onKeyDown = (event: React.KeyboardEvent) => {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const at = order.findIndex((format) => format.id === selected);
    const next = order[(at + step + order.length) % order.length];
    onSelect(next);
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`[data-testid="export.target.${next.id}"]`)?.focus(),
    );
  };
  return (
    <nav className="export-targets" aria-label="Export formats" onKeyDown={onKeyDown}>
      {groups.map((group) => (
        <div key={group.title} className="export-group">
          <h3 className="export-group-title">{group.title}</h3>
          {group.formats.map((format) => {
            const current = format.id === selected;
            return (
              <button
                key={format.id}
                type="button"
                className="export-target"
                aria-current={current}
                tabIndex={current ? 0 : -1}
                data-testid={`export.target.${format.id}`}
                onClick={() => onSelect(format)}
              >
                <span className="export-target-label">{format.label}</span>
                {format.detail && <span className="export-target-detail">{format.detail}</span>}
              </button>
            );
          })}
        </div>
      ))}
    </nav>
  );
}
