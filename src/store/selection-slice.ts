// What the user is looking at: the selected thing in the sidebar, and the table/index view of the grid.
import type { StateCreator } from 'zustand';
import { TABLE_INDEX } from '../core/model/indexes.ts';
import type { SelectionSlice, StoreState } from './types.ts';

export const createSelectionSlice: StateCreator<StoreState, [], [], SelectionSlice> = (set) => ({
  selection: null,
  activeView: TABLE_INDEX,
  entityFilter: [],
  select: (selection) => set({ selection }),
  setActiveView: (activeView) => set({ activeView }),
  setEntityFilter: (entityFilter) => set({ entityFilter }),
});
