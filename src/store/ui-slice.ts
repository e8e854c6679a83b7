// Session preferences: theme, panel sizes, modes. Persisted with the design, never part of it.
import type { StateCreator } from 'zustand';
import type { StoreState } from './index.ts';

export type ThemePreference = 'system' | 'light' | 'dark';
export type MainTab = 'designer' | 'json';
/** `compare` and `plan` are there while comparing with another version (store/compare.ts). */
export type DockTab = 'result' | 'problems' | 'cost' | 'compare' | 'plan';

export interface UiPreferences {
  theme: ThemePreference;
  leftWidth: number;
  rightWidth: number;
  dockHeight: number;
  dockOpen: boolean;
  leftOpen: boolean;
  /** Key cells show rendered values or their templates. */
  keyDisplay: 'values' | 'templates';
  density: 'compact' | 'cozy';
  /** The grid's attributes: `name value` tokens in one cell, or one column per attribute. */
  gridAttributes: 'inline' | 'columns';
}

export interface UiSlice {
  ui: UiPreferences;
  mainTab: MainTab;
  dockTab: DockTab;
  exportOpen: boolean;
  setUi: (patch: Partial<UiPreferences>) => void;
  setMainTab: (tab: MainTab) => void;
  setDockTab: (tab: DockTab) => void;
  setExportOpen: (open: boolean) => void;
}

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
