// Consumed capacity per table and index (ReturnConsumedCapacity=INDEXES): RCU for reads; for writes, the
// WCU of the table and of each index the write touched.
import type { RunResponse } from '../../../core/api/contract.ts';
import type { Design } from '../../../core/model/schema.ts';
import { capacityRows, formatUnits, isReadOperation } from './run-format.ts';

export function CapacityTable({ result, design }: { result: RunResponse; design: Design }) {
  const rows = capacityRows(result.consumedCapacity.entries, design, result.operation);
  const read = isReadOperation(result.operation);
  const cell = (units: number | undefined) => (units === undefined ? '—' : formatUnits(units));
  return (
    <>
      <table className="capacity-table" data-testid="run.capacity">
        <thead>
          <tr>
            <th>Consumed</th>
            <th className="num">RCU</th>
            <th className="num">WCU</th>
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
            </tr>
          ))}
          <tr className="capacity-total">
            <td>Total</td>
            <td className="num">{read ? formatUnits(result.consumedCapacity.total) : '—'}</td>
            <td className="num">{read ? '—' : formatUnits(result.consumedCapacity.total)}</td>
          </tr>
        </tbody>
      </table>
      {rows.length === 0 && (
        <p className="field-hint">
          DynamoDB Local reported no breakdown per table and index for this request.
        </p>
      )}
    </>
  );
}
