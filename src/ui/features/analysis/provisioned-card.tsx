// Provisioned capacity as the core sizes it for the average load: per table and GSI, RCU and WCU, a month.
import type { CostModel } from '../../../core/analysis/cost.ts';
import { formatUsd } from './format.ts';

export function ProvisionedCard({ cost }: { cost: CostModel }) {
  return (
    <section className="cost-card" aria-label="Provisioned capacity" data-testid="cost.provisioned">
      <h3 className="cost-card-title">
        Provisioned <span className="cost-card-figure">{formatUsd(cost.totals.provisioned)} / mo</span>
      </h3>
      <table className="cost-mini">
        <thead>
          <tr>
            <th>Capacity of</th>
            <th className="num">RCU</th>
            <th className="num">WCU</th>
            <th className="num">/ mo</th>
          </tr>
        </thead>
        <tbody>
          {cost.provisioned.map((p) => (
            <tr key={p.target} data-testid={`cost.provisioned.${p.target}`}>
              <td className="mono">{p.target === 'table' ? 'Table' : p.target}</td>
              <td className="num">{p.readUnits}</td>
              <td className="num">{p.writeUnits}</td>
              <td className="num">{formatUsd(p.monthly)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
