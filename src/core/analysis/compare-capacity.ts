// A real run's consumed capacity beside the estimate: what the UI shows after running a pattern. On
// DynamoDB Local the expected figure is the estimate's known Local difference where it has one, so a
// difference is either explained or a surprise worth showing.
import type { PatternEstimate, TargetUnits } from './estimate-types.ts';
import { totalUnits } from './estimate-types.ts';

/** ConsumedCapacity as a run reports it (server/dynamodb/execute.ts, RunResponse). */
export interface ReportedCapacity {
  total: number;
  entries: { target: string; capacityUnits: number }[];
}

export interface CapacityComparison {
  /** What DynamoDB charges, by the estimate. */
  estimated: { total: number; perIndex: TargetUnits[] };
  /** What the endpoint was expected to report: the estimate, or DynamoDB Local's known difference. */
  expected: { total: number; perIndex: TargetUnits[] };
  reported: { total: number; perIndex: TargetUnits[] };
  /** Whether the report matches what was expected, in total and target by target. */
  agrees: boolean;
  /** Why the expected figure differs from the estimate, or how the report differs unexpectedly. */
  note?: string;
}

function byTarget(list: TargetUnits[]): Map<string, number> {
  // Targets a report leaves out consumed nothing; an estimate lists the table at 0 for index reads.
  return new Map(list.filter((t) => t.units !== 0).map((t) => [t.target, t.units]));
}

function same(a: TargetUnits[], b: TargetUnits[]): boolean {
  const x = byTarget(a);
  const y = byTarget(b);
  return x.size === y.size && [...x].every(([target, units]) => y.get(target) === units);
}

export function compareCapacity(
  estimate: PatternEstimate,
  report: ReportedCapacity,
  endpoint: 'dynamodb-local' | 'aws' = 'dynamodb-local',
): CapacityComparison {
  const estimated = { total: totalUnits(estimate.perIndex), perIndex: estimate.perIndex };
  const local = endpoint === 'dynamodb-local' ? estimate.dynamodbLocal : undefined;
  const expected = local ? { total: local.total, perIndex: local.perIndex } : estimated;
  const reported = {
    total: report.total,
    perIndex: report.entries.map((e) => ({ target: e.target, units: e.capacityUnits })),
  };
  const agrees = reported.total === expected.total && same(reported.perIndex, expected.perIndex);
  const note = local
    ? local.reason
    : agrees
      ? undefined
      : `Reported ${reported.total} units, estimated ${expected.total}: the items or arguments of the run may differ from the design's samples and example.`;
  return { estimated, expected, reported, agrees, ...(note ? { note } : {}) };
}
