// The words and numbers of a run result, in the DynamoDB console's style:
// `Completed · 12 ms (Local) · Count 3 · ScannedCount 5 · Efficiency 60% · 0.5 RCU`.
import type { ConsumedCapacityEntry, RunResponse } from '../../../core/contract/contract.ts';
import type { Design } from '../../../core/model/schema.ts';
import { plural } from '../../../core/values/text/plural.ts';

const READ_OPERATIONS = new Set(['GetItem', 'Query', 'Scan', 'BatchGetItem', 'TransactGetItems']);

export function isReadOperation(operation: string): boolean {
  return READ_OPERATIONS.has(operation);
}

/** Capacity units without float noise: 0.5, 1, 12.5. */
export function formatUnits(units: number): string {
  return String(Math.round(units * 100) / 100);
}

export function formatMs(ms: number): string {
  return ms >= 10 ? String(Math.round(ms)) : String(Math.round(ms * 10) / 10);
}

/** Where the run went: DynamoDB Local (embedded or an external endpoint) or AWS. */
export type RunTarget = 'Local' | 'AWS';

export function runStatusParts(result: RunResponse, target: RunTarget): string[] {
  const read = isReadOperation(result.operation);
  const parts = ['Completed', `${formatMs(result.latencyMs)} ms (${target})`];
  if (result.operation === 'Query' || result.operation === 'Scan') {
    parts.push(`Count ${result.count}`, `ScannedCount ${result.scannedCount}`);
    if (result.scannedCount > 0)
      parts.push(`Efficiency ${Math.round((result.count / result.scannedCount) * 100)}%`);
  } else if (read) {
    parts.push(plural(result.count, 'item'));
  }
  parts.push(`${formatUnits(result.consumedCapacity.total)} ${read ? 'RCU' : 'WCU'}`);
  return parts;
}

export interface CapacityRow {
  label: string;
  kind: 'Table' | 'GSI' | 'LSI';
  rcu?: number;
  wcu?: number;
}

/** One row per table or index the request consumed capacity on; a unit DynamoDB did not split goes to the operation's side. */
export function capacityRows(
  entries: ConsumedCapacityEntry[],
  design: Design,
  operation: string,
): CapacityRow[] {
  const read = isReadOperation(operation);
  const gsis = new Set(design.table.globalSecondaryIndexes.map((g) => g.name));
  return entries.map((entry) => {
    const kind = entry.target === 'table' ? 'Table' : gsis.has(entry.target) ? 'GSI' : 'LSI';
    const label = entry.target === 'table' ? 'Table' : entry.target;
    const split = entry.readCapacityUnits !== undefined || entry.writeCapacityUnits !== undefined;
    return {
      label,
      kind,
      rcu: split ? entry.readCapacityUnits : read ? entry.capacityUnits : undefined,
      wcu: split ? entry.writeCapacityUnits : read ? undefined : entry.capacityUnits,
    };
  });
}
