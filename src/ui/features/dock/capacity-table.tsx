// Consumed capacity per table and index (ReturnConsumedCapacity=INDEXES): RCU for reads; for writes, the
// WCU of the table and of each index the write touched; beside it, Keyplan's estimate of the same request
// and, where DynamoDB Local is known to count differently from DynamoDB, why.
import type { CapacityComparison } from '../../../core/analysis/compare-capacity.ts';
import type { PatternEstimate } from '../../../core/analysis/estimate-types.ts';
import type { RunResponse } from '../../../core/contract/contract.ts';
import type { Design } from '../../../core/model/schema.ts';
import { capacityRows, formatUnits, isReadOperation } from './run-format.ts';

interface Row {
  label: string;
  kind: 'Table' | 'GSI' | 'LSI';
  rcu?: number;
  wcu?: number;
  estimate?: number;
}

/** Reported rows, each with the estimate for its table or index; estimated targets Local did not report follow. */
function rowsWithEstimate(result: RunResponse, design: Design, estimate: PatternEstimate | null): Row[] {
  const rows: Row[] = capacityRows(result.consumedCapacity.entries, design, result.operation);
  if (!estimate || estimate.error) return rows;
  const target = (label: string) => (label === 'Table' ? 'table' : label);
  const lsis = new Set(design.table.localSecondaryIndexes.map((l) => l.name));
  for (const { target: name, units } of estimate.perIndex) {
    const row = rows.find((r) => target(r.label) === name);
    if (row) row.estimate = units;
    else if (units > 0 || name === 'table')
      rows.push({
        label: name === 'table' ? 'Table' : name,
        kind: name === 'table' ? 'Table' : lsis.has(name) ? 'LSI' : 'GSI',
        estimate: units,
      });
  }
  return rows;
}

export function CapacityTable({
  result,
  design,
  estimate,
  comparison,
}: {
  result: RunResponse;
  design: Design;
  estimate: PatternEstimate | null;
  comparison: CapacityComparison | null;
}) {
  const reported = capacityRows(result.consumedCapacity.entries, design, result.operation);
  const rows = rowsWithEstimate(result, design, estimate);
  const read = isReadOperation(result.operation);
  const cell = (units: number | undefined) => (units === undefined ? '—' : formatUnits(units));
  const estimatedTotal = estimate && !estimate.error ? (read ? estimate.rcu : estimate.wcu) : undefined;
  return (
    <>
      <table className="capacity-table" data-testid="run.capacity">
        <thead>
          <tr>
            <th>Consumed</th>
            <th className="num">RCU</th>
            <th className="num">WCU</th>
            <th className="num capacity-estimate" title="Keyplan's estimate of the same request on DynamoDB">
              Est.
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} data-testid={`run.capacity.${row.label}`}>
              <td>
                {row.label}
                {row.kind !== 'Table' && <span className="capacity-kind">{row.kind}</span>}
              </td>
              <td className="num">{cell(row.rcu)}</td>
              <td className="num">{cell(row.wcu)}</td>
              <td className="num capacity-estimate">{cell(row.estimate)}</td>
            </tr>
          ))}
          <tr className="capacity-total">
            <td>Total</td>
            <td className="num">{read ? formatUnits(result.consumedCapacity.total) : '—'}</td>
            <td className="num">{read ? '—' : formatUnits(result.consumedCapacity.total)}</td>
            <td
              className="num capacity-estimate"
              data-testid="run.estimate"
              data-units={estimatedTotal}
              title={estimate?.explanation.join('\n')}
            >
              {cell(estimatedTotal)}
            </td>
          </tr>
        </tbody>
      </table>
      {reported.length === 0 && (
        <p className="field-hint">
          DynamoDB Local reported no breakdown per table and index for this request.
        </p>
      )}
      <EstimateNote estimate={estimate} comparison={comparison} />
    </>
  );
}

function EstimateNote({
  estimate,
  comparison,
}: {
  estimate: PatternEstimate | null;
  comparison: CapacityComparison | null;
}) {
  if (!estimate) return null;
  if (estimate.error)
    return (
      <p className="field-hint capacity-note" data-testid="run.estimate.note">
        No estimate: {estimate.error}
      </p>
    );
  const known = estimate.dynamodbLocal !== undefined && comparison?.note === estimate.dynamodbLocal.reason;
  return (
    <>
      {comparison?.agrees && !known && (
        <p className="capacity-note capacity-agrees" data-testid="run.estimate.agrees">
          Reported capacity matches the estimate.
        </p>
      )}
      {comparison?.note && (
        <p
          className={`capacity-note ${known ? 'capacity-local' : 'capacity-differs'}`}
          data-testid="run.estimate.note"
          data-known={known}
        >
          {comparison.note}
          {known && (
            <span className="capacity-expected">
              {' '}
              Expected on Local: {formatUnits(comparison.expected.total)}
              {comparison.agrees ? ' ✓' : `, reported ${formatUnits(comparison.reported.total)}`}.
            </span>
          )}
        </p>
      )}
      <details
        className="capacity-explain"
        open={comparison !== null && !comparison.agrees && !known}
        data-testid="run.estimate.explanation"
      >
        <summary>How the estimate is counted</summary>
        <ul>
          {estimate.explanation.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </details>
    </>
  );
}
