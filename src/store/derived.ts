// Derived data, computed from the design on demand and memoized on its identity (designs are immutable,
// so a new object means a change). Never stored in the store.
import { useDeferredValue } from 'react';
import { create } from 'zustand';
import { type ValidationProblem, validateDesign } from '../core/checks/validate.ts';
import { buildViewFor, buildViewsFor, type IndexView, type IndexViews } from '../core/indexes/views.ts';
import { Derivations } from '../core/items/derivations.ts';
import type { Design } from '../core/model/schema.ts';
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

/** The marks `npm run bench ui` reads: how long deriving the items and re-keying a view (or all) took. */
export const VIEWS_MEASURE = 'keyplan:views';

// The views depend only on the table, the entities and the samples, so an edit of an access pattern (typing
// its arguments, say) reuses them. Two designs are kept: the one being edited and the settled one, which
// the slower readers follow (useDeferredDesign).
interface ViewsSlot {
  table: unknown;
  entities: unknown;
  items: unknown;
  views: Map<string, IndexView | undefined>;
  all?: IndexViews;
}
const slots: ViewsSlot[] = [];
// The designer's lineage: what the last version of each entity derived, so that an edit re-derives what it
// changed. The app has one designer, hence one Derivations beside the views it feeds.
const derivations = new Derivations();

function slotOf(design: Design): ViewsSlot {
  const { table, entities, items } = design;
  const index = slots.findIndex((s) => s.table === table && s.entities === entities && s.items === items);
  const slot = index >= 0 ? slots.splice(index, 1)[0] : { table, entities, items, views: new Map() };
  slots.unshift(slot);
  slots.length = Math.min(slots.length, 2);
  return slot;
}

function measured<T>(compute: () => T): T {
  const start = performance.now();
  const result = compute();
  performance.measure(VIEWS_MEASURE, { start, end: performance.now() });
  return result;
}

/**
 * One view of a design (TABLE_INDEX or an index name). The grid asks only for the view it shows, so an
 * edit re-keys that view before the frame and the others when a reader asks for them.
 */
export function viewOf(design: Design, name: string): IndexView | undefined {
  const slot = slotOf(design);
  if (slot.all) return slot.all.get(name);
  if (!slot.views.has(name))
    slot.views.set(
      name,
      measured(() => buildViewFor(design, name, derivations)),
    );
  return slot.views.get(name);
}

/** Every view of a design: the table's, then each index's. */
export function viewsOf(design: Design): IndexViews {
  const slot = slotOf(design);
  slot.all ??= measured(() => buildViewsFor(design, derivations));
  return slot.all;
}

export const problemsOf = memoizeLast(
  (design: Design): ValidationProblem[] => validateDesign(design).problems,
);

/** How long typing must pause before the slower readers (lint, problems, costs, pattern verdicts) follow. */
export const SETTLE_MS = 200;

// The design as it was when edits last paused. Linting or validating 10,000 items on every keystroke would
// hold up the grid, so those readers follow this copy instead, one timer for the whole app.
const settled = create<{ design: Design | null }>(() => ({ design: useStore.getState().design }));
let settleTimer: ReturnType<typeof setTimeout> | undefined;
useStore.subscribe((state, previous) => {
  if (state.design === previous.design) return;
  clearTimeout(settleTimer);
  const settle = () => settled.setState({ design: useStore.getState().design });
  // Closing a design is not typing: follow at once. Nor is opening one, but the grid comes first: the
  // readers follow once it has painted (validating, linting and keying every index of 100,000 items take
  // seconds, which would otherwise come before the grid's first frame).
  if (!state.design) settled.setState({ design: null });
  else if (!previous.design) afterPaint(() => (settleTimer = setTimeout(settle, 0)));
  else settleTimer = setTimeout(settle, SETTLE_MS);
});

/** The settled design now, and a subscription to its changes (readers outside React: the lesson checks). */
export function settledDesign(): Design | null {
  return settled.getState().design;
}
export function subscribeSettledDesign(listener: (design: Design | null) => void): () => void {
  return settled.subscribe((state, previous) => {
    if (state.design !== previous.design) listener(state.design);
  });
}

function afterPaint(then: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(then);
  else then();
}

/**
 * The design for what may lag an edit (problem lists, lint, costs, pattern verdicts): the last design typing
 * paused on, rendered after the grid and the edited field (useDeferredValue), so editing a 10,000-item
 * design stays responsive.
 */
export function useDeferredDesign(): Design | null {
  return useDeferredValue(settled((s) => s.design));
}

/** Every view, as of the settled design: item counts of the tabs, sidebar and status bar. */
export function useDeferredViews(): IndexViews | null {
  const design = useDeferredDesign();
  return design ? viewsOf(design) : null;
}
