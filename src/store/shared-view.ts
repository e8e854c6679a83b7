// The read-only view of a design opened from a share link. A shared design is marked (by identity, so undo
// and redo carry the mark with the snapshot): the store refuses edits of it except comments, and the
// autosave keeps the recipient's own design, the last unmarked one, until they choose "Open a copy".
import type { Design } from '../core/model/schema.ts';

const readOnlyDesigns = new WeakSet<Design>();

export const READ_ONLY_MESSAGE = 'This shared design is read-only: choose “Open a copy” to edit it.';

/** Marks the design as a shared, read-only one; returns it. */
export function markReadOnly(design: Design): Design {
  readOnlyDesigns.add(design);
  return design;
}

export function isReadOnlyDesign(design: Design | null | undefined): boolean {
  return design != null && readOnlyDesigns.has(design);
}

export interface OwnSnapshot {
  design: Design | null;
  past: Design[];
  future: Design[];
}

let lastOwn: { from: OwnSnapshot; own: OwnSnapshot } | undefined;

/**
 * What the autosave stores: the state itself, or while a shared design is shown, the recipient's own state
 * before it (the last design in the history that is not shared). The same input gives the same object, so
 * the autosave sees no change while only the shared view changes.
 */
export function ownSnapshot(state: OwnSnapshot): OwnSnapshot {
  if (!isReadOnlyDesign(state.design)) return state;
  if (lastOwn && lastOwn.from.design === state.design && lastOwn.from.past === state.past) return lastOwn.own;
  let i = state.past.length - 1;
  while (i >= 0 && isReadOnlyDesign(state.past[i])) i--;
  const own: OwnSnapshot =
    i >= 0
      ? { design: state.past[i], past: state.past.slice(0, i), future: [] }
      : { design: null, past: [], future: [] };
  // The same own state as before (a comment added in the shared view): the very same object.
  const same =
    lastOwn && lastOwn.own.design === own.design && lastOwn.own.past.length === own.past.length
      ? lastOwn.own
      : own;
  lastOwn = { from: state, own: same };
  return same;
}
