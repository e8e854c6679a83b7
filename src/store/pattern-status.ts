// A one-glance verdict per access pattern for the sidebar: ✓ it returns items, ⚠ it returns nothing with
// its example arguments or needs a Scan, ✗ it cannot be answered (invalid, missing argument…).
// Memoized per design object, like the other derived data.
import type { Design } from '../core/model/schema.ts';
import { problemsOf, useDeferredDesign } from './derived.ts';
import { previewPattern } from './pattern-preview.ts';

export type PatternTone = 'ok' | 'warn' | 'error';

export interface PatternStatus {
  tone: PatternTone;
  /** Why, in a sentence, for the tooltip. */
  reason: string;
}

const cache = new WeakMap<Design, Map<string, PatternStatus>>();

function statusOf(design: Design, index: number): PatternStatus {
  const pattern = design.accessPatterns[index];
  const base = `accessPatterns[${index}]`;
  const problem = problemsOf(design).find(
    (p) => p.path === base || p.path.startsWith(`${base}.`) || p.path.startsWith(`${base}[`),
  );
  if (problem)
    return {
      tone: 'error',
      reason: `${problem.path.slice(base.length + 1) || 'pattern'}: ${problem.message}`,
    };
  if (pattern.operation === 'Scan')
    return { tone: 'warn', reason: `Needs a Scan: it reads every item of ${pattern.index ?? 'the table'}` };
  const preview = previewPattern(design, pattern.id);
  if (!preview) return { tone: 'ok', reason: `${pattern.operation} is valid` };
  if (preview.error) return { tone: 'error', reason: preview.error };
  const n = preview.returned.size;
  if (n === 0) return { tone: 'warn', reason: 'Returns no items with its example arguments' };
  return { tone: 'ok', reason: `Returns ${n} item${n === 1 ? '' : 's'} with its example arguments` };
}

export function patternStatuses(design: Design): Map<string, PatternStatus> {
  let statuses = cache.get(design);
  if (!statuses) {
    statuses = new Map(design.accessPatterns.map((p, i) => [p.id, statusOf(design, i)]));
    cache.set(design, statuses);
  }
  return statuses;
}

export function usePatternStatuses(): Map<string, PatternStatus> {
  const design = useDeferredDesign();
  return design ? patternStatuses(design) : new Map();
}
