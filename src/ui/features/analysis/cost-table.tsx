// One row per access pattern: what a call reads or writes, its units (with the read consistency), the
// calls the user expects (editable), the index writes, the same reads with one table per entity, and the
// monthly on-demand cost. Figures are the core's (estimateDesign, costModel, compareTablePerEntity).
import type { CostModel, PatternCost } from '../../../core/analysis/cost.ts';
import type { PatternEstimate } from '../../../core/analysis/estimate-types.ts';
import type { TablePerEntity } from '../../../core/analysis/table-per-entity.ts';
import type { AccessPattern, Design } from '../../../core/model/schema.ts';
import { revealPath } from '../dock/reveal.ts';
import { formatUnits } from '../dock/run-format.ts';
import { formatStorage, formatUsd } from './format.ts';
import { RateInput } from './rate-input.tsx';

const OPERATION: Record<AccessPattern['operation'], string> = {
  GetItem: 'Get',
  Query: 'Query',
  Scan: 'Scan',
  PutItem: 'Put',
  UpdateItem: 'Update',
  DeleteItem: 'Delete',
  TransactWriteItems: 'TxWrite',
  TransactGetItems: 'TxGet',
  BatchGetItem: 'BatchGet',
};

/** How a read is counted: the pattern's consistency (a GSI read is always eventual). */
function consistency(pattern: AccessPattern, design: Design): string | undefined {
  if (pattern.operation === 'TransactGetItems') return 'transactional';
  if (pattern.operation === 'BatchGetItem') return 'eventual';
  if (!('keyCondition' in pattern) && pattern.operation !== 'Scan') return undefined;
  const gsi = design.table.globalSecondaryIndexes.some((g) => g.name === pattern.index);
  return pattern.consistentRead && !gsi ? 'strong' : 'eventual';
}

export function CostTable({
  design,
  estimates,
  cost,
  comparison,
}: {
  design: Design;
  estimates: readonly PatternEstimate[];
  cost: CostModel;
  comparison: readonly TablePerEntity[] | null;
}) {
  return (
    <div className="cost-table-scroll">
      <table className="cost-table" data-testid="cost.table">
        <thead>
          <tr>
            <th className="cost-name">Pattern</th>
            <th>Op</th>
            <th className="num" title="Capacity units of one call">
              Units / call
            </th>
            <th title="Expected calls, per second or per day: saved in the design">Calls</th>
            <th className="num" title="On-demand dollars a month at this rate">
              On demand / mo
            </th>
            <th className="num" title="Items a call reads (or writes) and their size">
              Items · size
            </th>
            <th title="Write units on each GSI a write touches">GSI writes</th>
            <th title="The same call with one table per entity">Table per entity</th>
          </tr>
        </thead>
        <tbody>
          {design.accessPatterns.map((pattern, i) => (
            <CostRow
              key={pattern.id}
              index={i}
              pattern={pattern}
              design={design}
              estimate={estimates[i]}
              cost={cost.patterns[i]}
              comparison={comparison?.[i]}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CostRow({
  index,
  pattern,
  design,
  estimate,
  cost,
  comparison,
}: {
  index: number;
  pattern: AccessPattern;
  design: Design;
  estimate: PatternEstimate | undefined;
  cost: PatternCost | undefined;
  comparison: TablePerEntity | undefined;
}) {
  const read = estimate?.kind === 'read';
  const units = read ? estimate?.rcu : estimate?.wcu;
  const items = read ? estimate?.itemsRead : estimate?.itemsWritten;
  const bytes = read ? estimate?.bytesRead : estimate?.bytesWritten;
  const gsiWrites = read ? [] : (estimate?.perIndex.filter((t) => t.target !== 'table' && t.units > 0) ?? []);
  const mode = read ? consistency(pattern, design) : undefined;
  return (
    <tr data-testid={`cost.row.${pattern.id}`}>
      <td className="cost-name">
        <button
          type="button"
          className="cost-pattern"
          title={`Show ${pattern.name}`}
          onClick={() => revealPath(`accessPatterns[${index}]`)}
        >
          {pattern.name}
        </button>
      </td>
      <td>
        <span className="badge">{OPERATION[pattern.operation]}</span>
      </td>
      {estimate?.error ? (
        <td className="num cost-missing" title={estimate.explanation.join('\n')}>
          no estimate
        </td>
      ) : (
        <td className="num" title={estimate?.explanation.join('\n')}>
          {units === undefined ? '—' : `${formatUnits(units)} ${read ? 'RCU' : 'WCU'}`}
          {estimate && estimate.requests > 1 && <span className="cost-sub"> ×{estimate.requests} req</span>}
          {mode && <span className="cost-sub cost-mode">{mode}</span>}
        </td>
      )}
      <td>
        <RateInput pattern={pattern} />
      </td>
      <td
        className="num cost-money"
        data-testid={`cost.monthly.${pattern.id}`}
        data-value={cost?.onDemand ?? 0}
      >
        {cost?.requestsPerSecond === undefined ? (
          <span className="cost-faint" title="Enter the expected calls to cost this pattern">
            no rate
          </span>
        ) : (
          formatUsd(cost.onDemand)
        )}
      </td>
      <td className="num">
        {estimate?.error || items === undefined
          ? '—'
          : `${items} · ${bytes === undefined ? '—' : formatStorage(bytes)}`}
      </td>
      <td className="cost-gsi">
        {gsiWrites.length === 0
          ? '—'
          : gsiWrites.map((t) => (
              <span key={t.target} className="cost-gsi-item">
                {t.target} <b>{formatUnits(t.units)}</b>
              </span>
            ))}
      </td>
      <td className="cost-compare" title={comparison?.summary}>
        {comparison && !estimate?.error ? <Comparison comparison={comparison} read={read} /> : '—'}
      </td>
    </tr>
  );
}

function Comparison({ comparison, read }: { comparison: TablePerEntity; read: boolean }) {
  const { singleTable, tablePerEntity } = comparison;
  const more = tablePerEntity.requests > singleTable.requests;
  return (
    <span className={more ? 'cost-more' : undefined}>
      {tablePerEntity.requests} req · {formatUnits(tablePerEntity.units)} {read ? 'RCU' : 'WCU'}
    </span>
  );
}
