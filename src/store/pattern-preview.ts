// The selected access pattern answered in memory with its example arguments (core/evaluate/pattern-preview.ts),
// so the grid can highlight what it returns. Recomputed only when the design changes, against the views the
// grid already keeps for it (derived.ts).
import { type PatternPreview, previewRead, previewViewNames } from '../core/evaluate/pattern-preview.ts';
import type { IndexViews } from '../core/indexes/views.ts';
import type { Design } from '../core/model/schema.ts';
import { viewOf } from './derived.ts';
import { useStore } from './index.ts';

export { itemId, type PatternPreview } from '../core/evaluate/pattern-preview.ts';

const cache = new WeakMap<Design, Map<string, PatternPreview | null>>();

export function previewPattern(design: Design, patternId: string): PatternPreview | null {
  let perDesign = cache.get(design);
  if (!perDesign) {
    perDesign = new Map();
    cache.set(design, perDesign);
  }
  if (perDesign.has(patternId)) return perDesign.get(patternId) ?? null;
  const pattern = design.accessPatterns.find((p) => p.id === patternId);
  let preview: PatternPreview | null = null;
  if (pattern) {
    // Only the views this read touches, not every index of the design.
    const views: IndexViews = new Map();
    for (const name of previewViewNames(pattern)) {
      const found = viewOf(design, name);
      if (found) views.set(name, found);
    }
    preview = previewRead(design, pattern, views);
  }
  perDesign.set(patternId, preview);
  return preview;
}

/** The preview of the selected pattern, or null when no read pattern is selected. */
export function usePatternPreview(): PatternPreview | null {
  const design = useStore((s) => s.design);
  const selection = useStore((s) => s.selection);
  if (!design || selection?.kind !== 'pattern') return null;
  return previewPattern(design, selection.id);
}
