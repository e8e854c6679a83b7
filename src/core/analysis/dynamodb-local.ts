// Where DynamoDB Local (3.x, the Java one Keyplan embeds) reports consumed capacity differently from
// DynamoDB, modelled so that a run on it can be put beside the estimate with the difference explained
// rather than hidden. Measured on DynamoDB Local 3.3.1 with ReturnConsumedCapacity INDEXES.
import { type LocalReport, sumTargets, type TargetUnits, totalUnits } from './estimate-types.ts';

export const LOCAL_TRANSACTION_ISSUE = 'awslabs/amazon-dynamodb-local-samples#31';

/**
 * A TransactWriteItems on DynamoDB Local: every action's units are doubled, index writes included, and
 * actions whose units (table and per index) are the same are counted once: two small puts report 2, not 4.
 * `records` are each action's undoubled units.
 */
export function localTransactionReport(records: readonly TargetUnits[][]): LocalReport {
  const distinct = new Map<string, TargetUnits[]>();
  for (const record of records) {
    const id = JSON.stringify([...record].sort((a, b) => a.target.localeCompare(b.target)));
    distinct.set(id, record);
  }
  const perIndex = sumTargets(
    [...distinct.values()].map((r) => r.map((t) => ({ ...t, units: t.units * 2 }))),
  );
  return {
    total: totalUnits(perIndex),
    perIndex,
    reason: `DynamoDB Local reports ${totalUnits(perIndex)} WCU for this transaction: it doubles index writes too, and counts actions with the same units only once (${LOCAL_TRANSACTION_ISSUE}); DynamoDB doubles the table writes of every action and not the index writes.`,
  };
}
