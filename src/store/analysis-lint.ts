// What the design's analysis holds, and its lint step: shared by the main thread (analysis-core.ts, where
// there is no Web Worker) and the analysis worker (analysis-worker.ts), which also sends the validation
// problems and every pattern's verdict, so that the main thread does neither when typing pauses.
import type { CostModel } from '../core/analysis/cost.ts';
import type { PatternEstimate } from '../core/analysis/estimate-types.ts';
import { type Finding, lintDesign } from '../core/analysis/lint.ts';
import type { TablePerEntity } from '../core/analysis/table-per-entity.ts';
import type { ValidationProblem } from '../core/checks/validate.ts';
import type { PatternVerdict } from '../core/evaluate/pattern-preview.ts';
import type { Design } from '../core/model/schema.ts';

export interface Analysis {
  lint: Finding[];
  estimates: PatternEstimate[];
  cost: CostModel;
  tablePerEntity: TablePerEntity[];
}

/**
 * The worker's analysis: the above, the design's validation problems and each pattern's verdict by id. A
 * design that does not validate may not be estimated: then estimates, cost and table-per-entity are null.
 */
export interface RemoteAnalysis extends Omit<Analysis, 'estimates' | 'cost' | 'tablePerEntity'> {
  problems: ValidationProblem[];
  verdicts: Record<string, PatternVerdict>;
  estimates: Analysis['estimates'] | null;
  cost: Analysis['cost'] | null;
  tablePerEntity: Analysis['tablePerEntity'] | null;
}

/** Lint findings of a design that validates; none while validation problems stand (they come first). */
export function lintWhenValid(design: Design, problems: number): Finding[] {
  if (problems > 0) return [];
  try {
    return lintDesign(design);
  } catch (error) {
    console.error('lint failed', error);
    return [];
  }
}
