// The selected read pattern in the grid: which rows it returns or filters out, the first one to scroll to,
// and the begins_with prefix to underline. Selecting a pattern also shows the view it reads, once.
import { useEffect, useMemo } from 'react';
import type { GridRows } from '../../../core/indexes/grid-rows.ts';
import type { Design } from '../../../core/model/schema.ts';
import { resolvePattern } from '../../../core/requests/resolve.ts';
import { useStore } from '../../../store/index.ts';
import type { PatternPreview } from '../../../store/pattern-preview.ts';
import type { Match } from './grid-row-view.tsx';

export interface PatternHighlight {
  /** Null when nothing is highlighted (no read pattern selected, or it cannot be answered). */
  matchOf: ((id: string) => Match) | null;
  isReturned: (id: string) => boolean;
  isFiltered: (id: string) => boolean;
  /** The first row the pattern reads, to scroll to once per key (pattern, view and row). */
  scrollTo: { key: string; index: number } | null;
  sortPrefix?: string;
}

const never = () => false;

export function usePatternHighlight(
  design: Design,
  preview: PatternPreview | null,
  viewName: string,
  rows: GridRows,
): PatternHighlight {
  const setActiveView = useStore((s) => s.setActiveView);
  const previewView = preview?.view;
  // A newly selected pattern shows the view it reads; after that the tabs are the user's again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the pattern or its index changes
  useEffect(() => {
    if (previewView) setActiveView(previewView);
  }, [preview?.patternId, previewView]);

  const active = preview && !preview.error ? preview : null;

  const base = useMemo(() => {
    if (!active) return { matchOf: null, isReturned: never, isFiltered: never };
    const { returned, filtered } = active;
    return {
      matchOf: (id: string): Match =>
        returned.has(id) ? 'returned' : filtered.has(id) ? 'filtered' : 'none',
      isReturned: (id: string) => returned.has(id),
      isFiltered: (id: string) => filtered.has(id),
    };
  }, [active]);

  const scrollTo = useMemo(() => {
    if (!active || active.view !== viewName) return null;
    let index = rows.findIndex((id) => active.returned.has(id));
    if (index < 0) index = rows.findIndex((id) => active.filtered.has(id));
    if (index < 0) return null;
    return { key: `${active.patternId}|${viewName}|${rows.rowAt(index).id}`, index };
  }, [rows, active, viewName]);

  const sortPrefix = useMemo(() => {
    const pattern = active && design.accessPatterns.find((p) => p.id === active.patternId);
    if (!pattern) return undefined;
    try {
      const { sort } = resolvePattern(design, pattern, pattern.example ?? {});
      return sort?.op === 'begins_with' && typeof sort.value === 'string' ? sort.value : undefined;
    } catch {
      return undefined;
    }
  }, [design, active]);

  return useMemo(() => ({ ...base, scrollTo, sortPrefix }), [base, scrollTo, sortPrefix]);
}
