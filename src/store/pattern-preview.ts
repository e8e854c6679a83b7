// The selected access pattern answered in memory with its example arguments: which items it returns and
// which it reads but filters out, so the grid can highlight them. Recomputed only when the design changes.
import { storedEntry } from '../core/analysis/stored-items.ts';
import { evaluateRead } from '../core/evaluate/evaluate.ts';
import type { IndexViews } from '../core/indexes/views.ts';
import { TABLE_INDEX } from '../core/model/indexes.ts';
import type { DerivedItem, PlainItem } from '../core/model/item.ts';
import type { Design } from '../core/model/schema.ts';
import type { ReadResult } from '../core/requests/read-spec.ts';
import { coerceArguments, resolveRead } from '../core/requests/resolve.ts';
import { viewOf } from './derived.ts';
import { useStore } from './index.ts';

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

const cache = new WeakMap<Design, Map<string, PatternPreview | null>>();

export function previewPattern(design: Design, patternId: string): PatternPreview | null {
  let perDesign = cache.get(design);
  if (!perDesign) {
    perDesign = new Map();
    cache.set(design, perDesign);
  }
  if (perDesign.has(patternId)) return perDesign.get(patternId) ?? null;
  const preview = computePreview(design, patternId);
  perDesign.set(patternId, preview);
  return preview;
}

function computePreview(design: Design, patternId: string): PatternPreview | null {
  const pattern = design.accessPatterns.find((p) => p.id === patternId);
  if (
    !pattern ||
    (pattern.operation !== 'GetItem' && pattern.operation !== 'Query' && pattern.operation !== 'Scan')
  )
    return null;
  const view = pattern.index ?? TABLE_INDEX;
  const base: PatternPreview = { patternId, view, returned: new Set(), filtered: new Set() };
  try {
    // Only the views this read touches: the one it reads and the table its items are named by. An index
    // the design no longer has is left out, and the evaluator says so.
    const views: IndexViews = new Map();
    for (const name of [TABLE_INDEX, view]) {
      const found = viewOf(design, name);
      if (found) views.set(name, found);
    }
    const spec = resolveRead(design, pattern, coerceArguments(design, pattern.example ?? {}));
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
    base.error = error instanceof Error ? error.message : String(error);
  }
  return base;
}

/** The preview of the selected pattern, or null when no read pattern is selected. */
export function usePatternPreview(): PatternPreview | null {
  const design = useStore((s) => s.design);
  const selection = useStore((s) => s.selection);
  if (!design || selection?.kind !== 'pattern') return null;
  return previewPattern(design, selection.id);
}
