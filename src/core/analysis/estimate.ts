// What one request of an access pattern consumes, by DynamoDB's published rules, computed over the design's
// sample items with the pattern's example arguments (or given ones): read or write units in all and per
// table and index (named as ReturnConsumedCapacity INDEXES names them, so the UI can put a real run's
// figures beside these), how many items and bytes it reads or writes, and why, line by line.
import { EvaluationError } from '../evaluate/evaluate.ts';
import { buildViewsFor, type IndexViews } from '../indexes/views.ts';
import { TemplateSyntaxError } from '../keys/template.ts';
import type { AccessPattern, Design } from '../model/schema.ts';
import type { ArgumentValues } from '../requests/pattern-arguments.ts';
import type { PlainItem } from '../values/item.ts';
import { RequestError } from '../values/request-error.ts';
import { estimateGets, estimateRead } from './estimate-read.ts';
import { emptyEstimate, type PatternEstimate } from './estimate-types.ts';
import { estimateWrite } from './estimate-write.ts';

export type { LocalReport, PatternEstimate, TargetUnits } from './estimate-types.ts';

export interface EstimateOptions {
  /** Arguments for the request; the pattern's example by default. */
  args?: ArgumentValues;
  /** For a Query or Scan: another Limit, or the page after this key (as a run of the pattern may ask). */
  limit?: number;
  exclusiveStartKey?: PlainItem;
}

/** The estimate of one request of the pattern; `views` are the design's (buildViewsFor), shared across calls. */
export function estimatePattern(
  design: Design,
  pattern: AccessPattern,
  views: IndexViews,
  options: EstimateOptions = {},
): PatternEstimate {
  const args = options.args ?? pattern.example ?? {};
  try {
    switch (pattern.operation) {
      case 'GetItem':
      case 'Query':
      case 'Scan':
        return estimateRead(design, pattern, views, args, options);
      case 'BatchGetItem':
      case 'TransactGetItems':
        return estimateGets(design, pattern, views, args);
      default:
        return estimateWrite(design, pattern, views, args);
    }
  } catch (error) {
    // A design being edited may hold a half-written template; validation names it, the estimate says why it has none.
    if (
      !(
        error instanceof RequestError ||
        error instanceof EvaluationError ||
        error instanceof TemplateSyntaxError
      )
    )
      throw error;
    return {
      ...emptyEstimate(pattern),
      error: error.message,
      explanation: [`No estimate: ${error.message}.`],
    };
  }
}

/** Every pattern's estimate, in design order. */
export function estimateDesign(design: Design, views: IndexViews = buildViewsFor(design)): PatternEstimate[] {
  return design.accessPatterns.map((pattern) => estimatePattern(design, pattern, views));
}
