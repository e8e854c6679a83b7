// Whether a pattern is a read (GetItem, Query or Scan): one test, narrowing the pattern to ReadPattern, in place
// of the three comparisons each caller used to write out (and could get wrong by leaving one out).
import {
  type AccessPattern,
  type Operation,
  READ_OPERATIONS,
  type ReadOperation,
  type ReadPattern,
} from './pattern-schema.ts';

const READS: ReadonlySet<Operation> = new Set(READ_OPERATIONS);

/** A GetItem, Query or Scan: the patterns the evaluator answers from the index views. */
export function isReadPattern(pattern: AccessPattern): pattern is ReadPattern {
  return READS.has(pattern.operation);
}

/** isReadPattern for an operation alone (a built request's, a resolved read's). */
export function isReadOperation(operation: Operation): operation is ReadOperation {
  return READS.has(operation);
}
