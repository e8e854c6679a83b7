// Session preferences: theme, panel sizes, modes. Persisted with the design, never part of it.
import type { StateCreator } from 'zustand';
import type { StoreState, UiPreferences, UiSlice } from './types.ts';

export const DEFAULT_UI: UiPreferences = {
  theme: 'system',
  leftWidth: 320,
  rightWidth: 360,
  dockHeight: 240,
  dockOpen: true,
  leftOpen: true,
  keyDisplay: 'values',
  density: 'compact',
  gridAttributes: 'inline',
};

export const createUiSlice: StateCreator<StoreState, [], [], UiSlice> = (set) => ({
  ui: DEFAULT_UI,
  mainTab: 'designer',
  dockTab: 'result',
  exportOpen: false,
  setUi: (patch) => set((s) => ({ ui: { ...s.ui, ...patch } })),
  setMainTab: (mainTab) => set({ mainTab }),
  setDockTab: (dockTab) => set((s) => ({ dockTab, ui: { ...s.ui, dockOpen: true } })),
  setExportOpen: (exportOpen) => set({ exportOpen }),
});
