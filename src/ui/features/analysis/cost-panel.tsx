// The dock's Cost tab (UX §5): totals on demand, provisioned and storage with the prices' date, a table
// per pattern with editable calls, a chart of monthly cost per pattern, storage per entity and provisioned
// capacity per table and GSI. Loaded lazily with the estimators.
import type { CostModel } from '../../../core/analysis/cost.ts';
import { useCostModel, useEstimates, useTablePerEntity } from '../../../store/analysis.ts';
import { useDeferredDesign } from '../../../store/derived.ts';
import { CostChart } from './cost-chart.tsx';
import { CostTable } from './cost-table.tsx';
import { formatUsd } from './format.ts';
import { ProvisionedCard } from './provisioned-card.tsx';
import { StorageCard } from './storage-card.tsx';
import './cost.css';

export default function CostPanel() {
  // The design the findings were computed from (deferred a frame while typing).
  const design = useDeferredDesign();
  const estimates = useEstimates();
  const cost = useCostModel();
  const comparison = useTablePerEntity();
  if (!design) return null;
  if (!estimates || !cost) return <p className="dock-empty-line">Estimating…</p>;
  if (design.accessPatterns.length === 0)
    return (
      <div className="empty-state dock-empty" data-testid="cost.empty">
        <h3>No access patterns to cost</h3>
        <p>Add an access pattern, then enter how often it is called.</p>
      </div>
    );
  return (
    <div className="cost">
      <Totals cost={cost} />
      <div className="cost-scroll">
        <div className="cost-body">
          <CostTable design={design} estimates={estimates} cost={cost} comparison={comparison} />
          <div className="cost-cards">
            <CostChart design={design} cost={cost} />
            <StorageCard design={design} storage={cost.storage} />
            <ProvisionedCard cost={cost} />
            <details className="cost-card cost-assumptions">
              <summary className="cost-card-title">Assumptions</summary>
              <ul>
                {cost.assumptions.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </details>
          </div>
        </div>
      </div>
    </div>
  );
}

function Totals({ cost }: { cost: CostModel }) {
  const { totals, prices } = cost;
  return (
    <section className="cost-totals" aria-label="Monthly totals">
      <span className="cost-total">
        <span className="cost-total-label">On demand</span>
        <b data-testid="cost.total.onDemand" data-value={totals.onDemand}>
          {formatUsd(totals.onDemand)}
        </b>
        <span className="cost-per">/ mo</span>
      </span>
      <span className="cost-total">
        <span className="cost-total-label">Provisioned</span>
        <b data-testid="cost.total.provisioned" data-value={totals.provisioned}>
          {formatUsd(totals.provisioned)}
        </b>
        <span className="cost-per">/ mo</span>
      </span>
      <span className="cost-total">
        <span className="cost-total-label">Storage</span>
        <b data-testid="cost.total.storage" data-value={totals.storage}>
          {formatUsd(totals.storage)}
        </b>
        <span className="cost-per">/ mo</span>
      </span>
      <span className="cost-spacer" />
      <span className="cost-prices" data-testid="cost.prices" title={prices.sources.join('\n')}>
        {prices.region} prices of {prices.effective}
      </span>
    </section>
  );
}
