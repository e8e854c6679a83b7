// Capacity units as DynamoDB counts them ("DynamoDB read and write operations", read-write-operations.html,
// and "Item sizes and capacity unit consumption", CapacityUnitCalculations.html): a read unit is 4 KB
// read strongly consistently, half of it eventually consistently, twice it in a transaction; a write unit
// is 1 KB written, twice it in a transaction. Sizes round up to the next unit; nothing costs less than one.
export const READ_UNIT_BYTES = 4096;
export const WRITE_UNIT_BYTES = 1024;

export type ReadConsistency = 'eventual' | 'strong' | 'transactional';

const READ_FACTOR: Record<ReadConsistency, number> = { eventual: 0.5, strong: 1, transactional: 2 };

/** 4 KB read units for `bytes` read at once (a GetItem's item, a Query's items summed), at least one. */
export function readBlocks(bytes: number): number {
  return Math.max(1, Math.ceil(bytes / READ_UNIT_BYTES));
}

/** Read capacity units for `blocks` 4 KB units read with this consistency. */
export function readUnits(blocks: number, consistency: ReadConsistency): number {
  return blocks * READ_FACTOR[consistency];
}

/** 1 KB write units for an item (or index entry) of `bytes`, at least one. */
export function writeUnits(bytes: number): number {
  return Math.max(1, Math.ceil(bytes / WRITE_UNIT_BYTES));
}
