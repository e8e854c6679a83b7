// An access pattern answered in memory with its example arguments: which items it returns and which it reads
// but filters out (the grid highlights them), and the one-glance verdict the sidebar shows for it. Pure, so
// the main thread (the selected pattern) and the analysis worker (every pattern of the settled design) share it.

import type { IndexViews } from '../indexes/views.ts';
import { TABLE_INDEX } from '../model/indexes.ts';
import { isReadPattern } from '../model/read-pattern.ts';
import type { AccessPattern, Design } from '../model/schema.ts';
import type { ReadResult } from '../requests/read-spec.ts';
import { resolvePattern } from '../requests/resolve.ts';
import type { DerivedItem, PlainItem } from '../values/item.ts';
import { messageOf } from '../values/text/message.ts';
import { plural } from '../values/text/plural.ts';
import { evaluateRead } from './evaluate.ts';
import { storedEntry } from './stored-items.ts';

/**
 * Identifies an item across the views of a design: its entity (and copy) and its rank among that entity's
 * items, which stays the same while other samples are added or removed.
 */
export function itemId(source: Pick<DerivedItem, 'entity' | 'rank' | 'copy'>): string {
  const stored = source.copy === undefined ? source.entity : `${source.entity}.${source.copy}`;
  return `${stored}:${source.rank}`;
}

export interface PatternPreview {
  patternId: string;
  /** The view the pattern reads: TABLE_INDEX or an index name. */
  view: string;
  /** Items the pattern returns (first page), by itemId. */
  returned: Set<string>;
  /** Items read (they count in ScannedCount and cost capacity) but removed by the filter. */
  filtered: Set<string>;
  result?: ReadResult;
  /** Why the pattern cannot be answered (missing argument, consistent read on a GSI…). */
  error?: string;
}

/** The view names a pattern's preview reads: the one it queries and the table its items are named by. */
export function previewViewNames(pattern: AccessPattern): string[] {
  return [TABLE_INDEX, ('index' in pattern ? pattern.index : undefined) ?? TABLE_INDEX];
}

/**
 * A read pattern (GetItem, Query, Scan) answered with its example arguments against the views it reads (an
 * index the design no longer has is left out, and the evaluator says so); null for any other operation.
 */
export function previewRead(
  design: Design,
  pattern: AccessPattern,
  views: IndexViews,
): PatternPreview | null {
  if (!isReadPattern(pattern)) return null;
  const view = pattern.index ?? TABLE_INDEX;
  const base: PatternPreview = { patternId: pattern.id, view, returned: new Set(), filtered: new Set() };
  try {
    const spec = resolvePattern(design, pattern, pattern.example ?? {});
    const result = evaluateRead(design, views, spec);
    // Items read before the filter: the same read without it (Limit counts items read, so the page is the same).
    const read = spec.filter?.length
      ? evaluateRead(design, views, { ...spec, filter: undefined, projection: undefined })
      : result;
    const idOf = (item: PlainItem) => {
      const source = storedEntry(views, item)?.source;
      return source && itemId(source);
    };
    const returnedKeys = result.items
      .map((item) => idOf(item))
      .filter((id): id is string => id !== undefined);
    base.returned = new Set(returnedKeys);
    for (const item of read.items) {
      const id = idOf(item);
      if (id && !base.returned.has(id)) base.filtered.add(id);
    }
    base.result = result;
  } catch (error) {
    base.error = messageOf(error);
  }
  return base;
}

export type PatternTone = 'ok' | 'warn' | 'error';

/** A pattern's one-glance verdict, and why in a sentence (the tooltip and the accessible label). */
export interface PatternVerdict {
  tone: PatternTone;
  reason: string;
}

/** What answering the pattern in memory with its example arguments says of it. */
export function previewVerdict(pattern: AccessPattern, preview: PatternPreview | null): PatternVerdict {
  if (pattern.operation === 'Scan')
    return { tone: 'warn', reason: `Needs a Scan: it reads every item of ${pattern.index ?? 'the table'}` };
  if (!preview) return { tone: 'ok', reason: `${pattern.operation} is valid` };
  if (preview.error) return { tone: 'error', reason: preview.error };
  const n = preview.returned.size;
  if (n === 0) return { tone: 'warn', reason: 'Returns no items with its example arguments' };
  return { tone: 'ok', reason: `Returns ${plural(n, 'item')} with its example arguments` };
}

/** Every pattern's verdict, by id, answered against a design's views (all of them, as the worker has). */
export function patternVerdicts(design: Design, views: IndexViews): Record<string, PatternVerdict> {
  const verdicts: Record<string, PatternVerdict> = {};
  for (const pattern of design.accessPatterns)
    verdicts[pattern.id] = previewVerdict(
      pattern,
      pattern.operation === 'Scan' ? null : previewRead(design, pattern, views),
    );
  return verdicts;
}
