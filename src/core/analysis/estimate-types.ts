// The shape of a capacity estimate, shared by the read and write estimators and what the UI renders.
import type { AccessPattern, Operation } from '../model/schema.ts';

/** Units consumed on one target: `table`, or an index name. */
export interface TargetUnits {
  target: string;
  units: number;
}

/** What DynamoDB Local reports for the request where it is known to differ from DynamoDB, and why. */
export interface LocalReport {
  total: number;
  perIndex: TargetUnits[];
  reason: string;
}

export interface PatternEstimate {
  patternId: string;
  operation: Operation;
  kind: 'read' | 'write';
  /** Read capacity units of one request (read request units on demand): reads only. */
  rcu?: number;
  /** Write capacity units of one request, table and index writes together: writes only. */
  wcu?: number;
  /** Units per target, the table first (also at 0, as DynamoDB reports it), then each index with units. */
  perIndex: TargetUnits[];
  /** Requests one execution of the pattern sends. */
  requests: number;
  itemsRead: number;
  bytesRead: number;
  itemsWritten: number;
  bytesWritten: number;
  /** How the figures come about, one step a line; notes on what is not counted. */
  explanation: string[];
  /** Set where DynamoDB Local reports something else for this very request. */
  dynamodbLocal?: LocalReport;
  /** Why there is no estimate (an argument without a value, a request DynamoDB would refuse). */
  error?: string;
}

export const READ_KINDS: ReadonlySet<Operation> = new Set([
  'GetItem',
  'Query',
  'Scan',
  'BatchGetItem',
  'TransactGetItems',
]);

/** A blank estimate that the operation-specific estimators fill in. */
export function emptyEstimate(pattern: AccessPattern): PatternEstimate {
  return {
    patternId: pattern.id,
    operation: pattern.operation,
    kind: READ_KINDS.has(pattern.operation) ? 'read' : 'write',
    perIndex: [],
    requests: 1,
    itemsRead: 0,
    bytesRead: 0,
    itemsWritten: 0,
    bytesWritten: 0,
    explanation: [],
  };
}

/** Sums per-target units, keeping the table first and the targets in first-seen order. */
export function sumTargets(lists: readonly TargetUnits[][]): TargetUnits[] {
  const out: TargetUnits[] = [{ target: 'table', units: 0 }];
  for (const list of lists)
    for (const { target, units } of list) {
      const found = out.find((t) => t.target === target);
      if (found) found.units += units;
      else out.push({ target, units });
    }
  return out;
}

export const totalUnits = (targets: readonly TargetUnits[]) => targets.reduce((sum, t) => sum + t.units, 0);

/** `1,234 B`: sizes as the explanations give them. */
export const bytes = (n: number) => `${n.toLocaleString('en-US')} B`;
