// What the user is looking at: the selected thing in the sidebar, and the table/index view of the grid.
import type { StateCreator } from 'zustand';
import { TABLE_INDEX } from '../core/model/indexes.ts';
import type { StoreState } from './index.ts';

export type Selection =
  | { kind: 'table' }
  | { kind: 'index'; name: string }
  | { kind: 'entity'; name: string }
  | { kind: 'pattern'; id: string }
  | null;

export interface SelectionSlice {
  selection: Selection;
  /** TABLE_INDEX or an index name: which view the grid shows. */
  activeView: string;
  /** Only these entities in the grid (empty: all). */
  entityFilter: string[];
  select: (selection: Selection) => void;
  setActiveView: (view: string) => void;
  setEntityFilter: (entities: string[]) => void;
}

export const createSelectionSlice: StateCreator<StoreState, [], [], SelectionSlice> = (set) => ({
  selection: null,
  activeView: TABLE_INDEX,
  entityFilter: [],
  select: (selection) => set({ selection }),
  setActiveView: (activeView) => set({ activeView }),
  setEntityFilter: (entityFilter) => set({ entityFilter }),
});
