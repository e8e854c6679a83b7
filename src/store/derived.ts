// Derived data, computed from the design on demand and memoized on its identity (designs are immutable,
// so a new object means a change). Never stored in the store.
import { useDeferredValue } from 'react';
import { create } from 'zustand';
import { buildViewsFor, type IndexViews } from '../core/indexes/views.ts';
import type { Design } from '../core/model/schema.ts';
import { type ValidationProblem, validateDesign } from '../core/model/validate.ts';
import { useStore } from './index.ts';

/** Remembers the last argument and result: enough when every caller asks about the current design. */
export function memoizeLast<A extends object, R>(compute: (arg: A) => R): (arg: A) => R {
  let lastArg: A | undefined;
  let lastResult: R;
  return (arg) => {
    if (arg !== lastArg) {
      lastResult = compute(arg);
      lastArg = arg;
    }
    return lastResult;
  };
}

/** The marks `npm run bench ui` reads: how long deriving the items and re-keying every view took. */
export const VIEWS_MEASURE = 'keyplan:views';

let lastViews: { table: unknown; entities: unknown; items: unknown; views: IndexViews } | undefined;

/**
 * The item views of a design. They depend only on the table, the entities and the samples, so an edit of an
 * access pattern (typing its arguments, say) reuses them instead of re-keying thousands of items.
 */
export function viewsOf(design: Design): IndexViews {
  const { table, entities, items } = design;
  if (
    lastViews &&
    lastViews.table === table &&
    lastViews.entities === entities &&
    lastViews.items === items
  ) {
    return lastViews.views;
  }
  const start = performance.now();
  const views = buildViewsFor(design);
  performance.measure(VIEWS_MEASURE, { start, end: performance.now() });
  lastViews = { table, entities, items, views };
  return views;
}
export const problemsOf = memoizeLast(
  (design: Design): ValidationProblem[] => validateDesign(design).problems,
);

export function useViews(): IndexViews | null {
  const design = useStore((s) => s.design);
  return design ? viewsOf(design) : null;
}

/** How long typing must pause before the slower readers (lint, problems, costs, pattern verdicts) follow. */
export const SETTLE_MS = 200;

// The design as it was when edits last paused. Linting or validating 10,000 items on every keystroke would
// hold up the grid, so those readers follow this copy instead, one timer for the whole app.
const settled = create<{ design: Design | null }>(() => ({ design: useStore.getState().design }));
let settleTimer: ReturnType<typeof setTimeout> | undefined;
useStore.subscribe((state, previous) => {
  if (state.design === previous.design) return;
  clearTimeout(settleTimer);
  // Opening or closing a design is not typing: follow at once.
  if (!state.design || !previous.design) settled.setState({ design: state.design });
  else settleTimer = setTimeout(() => settled.setState({ design: useStore.getState().design }), SETTLE_MS);
});

/**
 * The design for what may lag an edit (problem lists, lint, costs, pattern verdicts): the last design typing
 * paused on, rendered after the grid and the edited field (useDeferredValue), so editing a 10,000-item
 * design stays responsive.
 */
export function useDeferredDesign(): Design | null {
  return useDeferredValue(settled((s) => s.design));
}

export function useProblems(): ValidationProblem[] {
  const design = useDeferredDesign();
  return design ? problemsOf(design) : [];
}
