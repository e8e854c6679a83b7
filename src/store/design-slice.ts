// The document: the design, and undo history as snapshots of it. Store actions only call the core's
// pure ops; every commit is one undo step.
import type { StateCreator } from 'zustand';
import { designItemCount, itemLimitMessage } from '../core/model/design-limits.ts';
import type { Design } from '../core/model/schema.ts';
import { messageOf } from '../core/values/text/message.ts';
import { isReadOnlyDesign, READ_ONLY_MESSAGE } from './shared-view.ts';
import type { DesignSlice, StoreState } from './types.ts';

export const HISTORY_LIMIT = 100;
/** Commits of one field closer together than this are one undo step (typing a template). */
export const MERGE_WINDOW_MS = 1000;

/**
 * A shared design (shared-view.ts) takes no edit but one that keeps it shared (a review comment, marked by
 * its op's caller); anything else is refused with a message that says how to edit it.
 */
function notReadOnly(design: Design, next: Design): Design {
  if (isReadOnlyDesign(design) && !isReadOnlyDesign(next)) throw new Error(READ_ONLY_MESSAGE);
  return next;
}

/** The edit's design, or an error naming the limit when it holds more items than a design may (it is not taken). */
function withinItemLimit(design: Design): Design {
  const tooMany = itemLimitMessage(designItemCount(design), 'this would give the design');
  if (tooMany) throw new Error(tooMany);
  return design;
}

export const createDesignSlice: StateCreator<StoreState, [], [], DesignSlice> = (set, get) => ({
  design: null,
  past: [],
  future: [],
  changedAt: null,
  opError: null,
  mergeKey: null,
  mergeAt: 0,
  liveEditing: null,
  commit: (update) => {
    const { design, past } = get();
    if (!design) return false;
    let next: Design;
    try {
      next = withinItemLimit(notReadOnly(design, update(design)));
    } catch (error) {
      set({ opError: messageOf(error) });
      return false;
    }
    if (next === design) return true;
    set({
      design: next,
      past: [...past, design].slice(-HISTORY_LIMIT),
      future: [],
      changedAt: Date.now(),
      opError: null,
      mergeKey: null,
    });
    return true;
  },
  commitMerge: (key, update) => {
    const { design, past, mergeKey, mergeAt } = get();
    if (!design) return false;
    let next: Design;
    try {
      next = withinItemLimit(notReadOnly(design, update(design)));
    } catch (error) {
      set({ opError: messageOf(error) });
      return false;
    }
    if (next === design) return true;
    const now = Date.now();
    const merge = mergeKey === key && now - mergeAt < MERGE_WINDOW_MS && past.length > 0;
    set({
      design: next,
      past: merge ? past : [...past, design].slice(-HISTORY_LIMIT),
      future: [],
      changedAt: now,
      opError: null,
      mergeKey: key,
      mergeAt: now,
    });
    return true;
  },
  openDesign: (next) => {
    get().liveEditing?.beforeOpen();
    const { design, past } = get();
    set({
      design: next,
      past: design ? [...past, design].slice(-HISTORY_LIMIT) : past,
      future: [],
      changedAt: Date.now(),
      opError: null,
      mergeKey: null,
    });
  },
  closeDesign: () => {
    get().liveEditing?.beforeOpen();
    const { design, past } = get();
    set({
      design: null,
      past: design ? [...past, design].slice(-HISTORY_LIMIT) : past,
      future: [],
      changedAt: Date.now(),
      mergeKey: null,
    });
  },
  undo: () => {
    const live = get().liveEditing;
    if (live) return live.undo();
    const { design, past, future } = get();
    const previous = past[past.length - 1];
    if (previous === undefined) return;
    set({
      design: previous,
      past: past.slice(0, -1),
      future: design ? [design, ...future] : future,
      changedAt: Date.now(),
      opError: null,
      mergeKey: null,
    });
  },
  redo: () => {
    const live = get().liveEditing;
    if (live) return live.redo();
    const { design, past, future } = get();
    const [next, ...rest] = future;
    if (next === undefined) return;
    set({
      design: next,
      past: design ? [...past, design] : past,
      future: rest,
      changedAt: Date.now(),
      opError: null,
      mergeKey: null,
    });
  },
});
