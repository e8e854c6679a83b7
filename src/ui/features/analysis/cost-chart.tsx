// Monthly on-demand cost per pattern as horizontal bars, the most expensive first (CSS bars, no library).
import type { CostModel } from '../../../core/analysis/cost.ts';
import type { Design } from '../../../core/model/schema.ts';
import { formatUsd } from './format.ts';

const MAX_BARS = 12;

export function CostChart({ design, cost }: { design: Design; cost: CostModel }) {
  const bars = cost.patterns
    .map((p, i) => ({
      id: p.patternId,
      name: design.accessPatterns[i]?.name ?? p.patternId,
      value: p.onDemand,
    }))
    .filter((b) => b.value > 0)
    .sort((a, b) => b.value - a.value);
  const max = bars[0]?.value ?? 0;
  const shown = bars.slice(0, MAX_BARS);
  return (
    <section className="cost-card" aria-label="Monthly cost per pattern" data-testid="cost.chart">
      <h3 className="cost-card-title">On demand per pattern, a month</h3>
      {shown.length === 0 ? (
        <p className="cost-faint cost-card-empty">Enter the calls of a pattern to see what it costs.</p>
      ) : (
        <ul className="cost-bars">
          {shown.map((bar) => (
            <li key={bar.id} className="cost-bar-row" data-testid={`cost.chart.${bar.id}`}>
              <span className="cost-bar-name" title={bar.name}>
                {bar.name}
              </span>
              <span className="cost-bar-track" aria-hidden="true">
                <span className="cost-bar" style={{ width: `${Math.max(1, (bar.value / max) * 100)}%` }} />
              </span>
              <span className="cost-bar-value">{formatUsd(bar.value)}</span>
            </li>
          ))}
          {bars.length > shown.length && (
            <li className="cost-faint">and {bars.length - shown.length} more</li>
          )}
        </ul>
      )}
    </section>
  );
}
