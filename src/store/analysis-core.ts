// The analysis of the current design (lint findings, capacity estimates, cost, one table per entity),
// memoized on the design's identity like derived.ts. Loaded lazily through analysis.ts, so the linter and
// the estimators stay off the first screen's bundle.
import { type CostModel, costModel } from '../core/analysis/cost.ts';
import { estimateDesign, estimatePattern } from '../core/analysis/estimate.ts';
import type { PatternEstimate } from '../core/analysis/estimate-types.ts';
import { type Finding, findRule } from '../core/analysis/lint.ts';
import { compareTablePerEntity, type TablePerEntity } from '../core/analysis/table-per-entity.ts';
import { buildViewsFor } from '../core/indexes/views.ts';
import type { Design } from '../core/model/schema.ts';
import type { ArgumentValues } from '../core/requests/pattern-arguments.ts';
import { lintWhenValid } from './analysis-lint.ts';
import { memoizeLast, problemsOf, viewsOf } from './derived.ts';
import { useStore } from './index.ts';

/** Lint findings of a design that validates; none while validation problems stand (they come first). */
export const lintOf = memoizeLast((design: Design): Finding[] =>
  lintWhenValid(design, problemsOf(design).length),
);

/** A rule's one-line description and its long explanation (the description when it has none). */
export function ruleInfo(id: string): { description: string; explanation: string } | undefined {
  const rule = findRule(id);
  return rule && { description: rule.description, explanation: rule.explanation ?? rule.description };
}

export const estimatesOf = memoizeLast((design: Design): PatternEstimate[] =>
  estimateDesign(design, viewsOf(design)),
);

export const costOf = memoizeLast(
  (design: Design): CostModel =>
    costModel(design, { estimates: estimatesOf(design), views: viewsOf(design) }),
);

export const tablePerEntityOf = memoizeLast((design: Design): TablePerEntity[] =>
  compareTablePerEntity(design, estimatesOf(design), viewsOf(design)),
);

const runEstimates = new WeakMap<object, PatternEstimate | null>();

/**
 * The estimate of the very request a run sent: its design and arguments (not the pattern's example), kept
 * as long as the run is.
 */
export function estimateOfRun(
  run: { design: Design; args: Record<string, unknown> },
  patternId: string,
): PatternEstimate | null {
  if (runEstimates.has(run)) return runEstimates.get(run) ?? null;
  const pattern = run.design.accessPatterns.find((p) => p.id === patternId);
  const views = run.design === useStore.getState().design ? viewsOf(run.design) : buildViewsFor(run.design);
  let estimate: PatternEstimate | null = null;
  try {
    if (pattern) estimate = estimatePattern(run.design, pattern, views, { args: run.args as ArgumentValues });
  } catch (error) {
    console.error('estimate failed', error);
  }
  runEstimates.set(run, estimate);
  return estimate;
}

export { compareCapacity } from '../core/analysis/compare-capacity.ts';
