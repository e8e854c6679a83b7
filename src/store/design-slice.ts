// The document: the design, and undo history as snapshots of it. Store actions only call the core's
// pure ops; every commit is one undo step.
import type { StateCreator } from 'zustand';
import type { Design } from '../core/model/schema.ts';
import type { StoreState } from './index.ts';

export const HISTORY_LIMIT = 100;

export interface DesignSlice {
  /** Null until the user picks a start (blank, example, file). */
  design: Design | null;
  past: Design[];
  future: Design[];
  /** When the design last changed (ms); the autosave indicator shows it. */
  changedAt: number | null;
  /** An error from the last commit (a DesignOpError message), shown inline; cleared by the next commit. */
  opError: string | null;
  /** Applies a pure update to the design as one undo step. Errors thrown by it land in opError. */
  commit: (update: (design: Design) => Design) => boolean;
  /** Starts a new document (blank, example, opened file): undoable, so opening is never destructive. */
  openDesign: (design: Design) => void;
  closeDesign: () => void;
  undo: () => void;
  redo: () => void;
}

export const createDesignSlice: StateCreator<StoreState, [], [], DesignSlice> = (set, get) => ({
  design: null,
  past: [],
  future: [],
  changedAt: null,
  opError: null,
  commit: (update) => {
    const { design, past } = get();
    if (!design) return false;
    let next: Design;
    try {
      next = update(design);
    } catch (error) {
      set({ opError: error instanceof Error ? error.message : String(error) });
      return false;
    }
    if (next === design) return true;
    set({
      design: next,
      past: [...past, design].slice(-HISTORY_LIMIT),
      future: [],
      changedAt: Date.now(),
      opError: null,
    });
    return true;
  },
  openDesign: (next) => {
    const { design, past } = get();
    set({
      design: next,
      past: design ? [...past, design].slice(-HISTORY_LIMIT) : past,
      future: [],
      changedAt: Date.now(),
      opError: null,
    });
  },
  closeDesign: () => {
    const { design, past } = get();
    set({
      design: null,
      past: design ? [...past, design].slice(-HISTORY_LIMIT) : past,
      future: [],
      changedAt: Date.now(),
    });
  },
  undo: () => {
    const { design, past, future } = get();
    const previous = past[past.length - 1];
    if (previous === undefined) return;
    set({
      design: previous,
      past: past.slice(0, -1),
      future: design ? [design, ...future] : future,
      changedAt: Date.now(),
      opError: null,
    });
  },
  redo: () => {
    const { design, past, future } = get();
    const [next, ...rest] = future;
    if (next === undefined) return;
    set({
      design: next,
      past: design ? [...past, design] : past,
      future: rest,
      changedAt: Date.now(),
      opError: null,
    });
  },
});
