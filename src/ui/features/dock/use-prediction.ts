// The in-memory answer to the same read a run made: the design it was sent with, its arguments, Limit and
// ExclusiveStartKey. With the real page, the check compares them; without one (DynamoDB down), it is
// shown as a simulated result.
import { useMemo } from 'react';
import {
  compareRunToPrediction,
  type LocalPage,
  predictLocalPage,
  predictPage,
  type RunComparison,
} from '../../../core/evaluate/compare-run.ts';
import { buildViewsFor, type IndexViews } from '../../../core/indexes/views.ts';
import { primaryKeyNames } from '../../../core/model/indexes.ts';
import type { Design } from '../../../core/model/schema.ts';
import type { ArgumentValues } from '../../../core/requests/pattern-arguments.ts';
import type { ReadResult } from '../../../core/requests/read-spec.ts';
import { messageOf } from '../../../core/values/text/message.ts';
import { viewsOf } from '../../../store/derived.ts';
import { useStore } from '../../../store/index.ts';
import type { RunState } from '../../../store/types.ts';

const viewCache = new WeakMap<Design, IndexViews>();

/** The current design's views are shared with the grid; an older design's are kept while it is referenced. */
function viewsFor(design: Design, current: Design | null): IndexViews {
  if (design === current) return viewsOf(design);
  let views = viewCache.get(design);
  if (!views) {
    views = buildViewsFor(design);
    viewCache.set(design, views);
  }
  return views;
}

export interface Prediction {
  /** Undefined when the evaluator does not answer this operation (writes, batch and transaction gets). */
  result?: ReadResult;
  error?: string;
  ordered: boolean;
  /** DynamoDB Local's own page where it departs from AWS's documentation. */
  local?: LocalPage;
}

export function usePrediction(patternId: string, run: RunState | undefined): Prediction | null {
  const current = useStore((s) => s.design);
  return useMemo(() => {
    if (!run) return null;
    const pattern = run.design.accessPatterns.find((p) => p.id === patternId);
    if (!pattern) return null;
    const ordered = pattern.operation !== 'Scan';
    try {
      const views = viewsFor(run.design, current);
      const args = run.args as ArgumentValues;
      const result = predictPage(run.design, views, pattern, args, run.exclusiveStartKey);
      const local = predictLocalPage(run.design, views, pattern, args, run.exclusiveStartKey);
      return { result, ordered, ...(local ? { local } : {}) };
    } catch (error) {
      return { error: messageOf(error), ordered };
    }
  }, [patternId, run, current]);
}

export function useComparison(
  run: RunState | undefined,
  prediction: Prediction | null,
): RunComparison | null {
  return useMemo(() => {
    if (run?.status !== 'done' || !prediction?.result) return null;
    return compareRunToPrediction(prediction.result, run.result, {
      keyNames: primaryKeyNames(run.design),
      ordered: prediction.ordered,
      local: prediction.local,
    });
  }, [run, prediction]);
}
