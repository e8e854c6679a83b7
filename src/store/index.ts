// One store made of slices; the preferences persist here (localStorage), the design and its undo history in
// autosave.ts (IndexedDB). Derived data (items, views, findings, requests) is never stored: see derived.ts.
import { create } from 'zustand';
import { type PersistStorage, persist, type StorageValue } from 'zustand/middleware';
import { parseExactJson, stringifyExactJson } from '../core/values/exact-json.ts';
import { createConnectionSlice } from './connection-slice.ts';
import { createDesignSlice } from './design-slice.ts';
import { createLessonSlice } from './lesson-slice.ts';
import { createSelectionSlice } from './selection-slice.ts';
import type { StoreState } from './types.ts';
import { createUiSlice, DEFAULT_UI } from './ui-slice.ts';

/** The preferences, in localStorage (small, and read before the first paint: no theme flash). */
export const UI_STORAGE_KEY = 'keyplan:ui';
/** The localStorage autosave of earlier versions (design and preferences); autosave.ts moves it away. */
export const LEGACY_STORAGE_KEY = 'keyplan:v1';

type Persisted = Pick<StoreState, 'ui'>;

/**
 * persist writes after every state change; a health poll or a selection must not rewrite the preferences,
 * so writes happen only when they changed,
 * and typing is coalesced: the last state is written `delayMs` after the changes stop, or when the page is
 * hidden or closed, so no edit is lost.
 */
export function writeOnChange(
  storage: PersistStorage<Persisted> | undefined,
  delayMs = 0,
): PersistStorage<Persisted> | undefined {
  if (!storage) return storage;
  let last: Persisted | undefined;
  let pending: { name: string; value: StorageValue<Persisted> } | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    if (!pending) return;
    const { name, value } = pending;
    pending = undefined;
    storage.setItem(name, value);
  };
  if (delayMs > 0 && typeof window !== 'undefined') {
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
  }
  return {
    ...storage,
    setItem: (name, value) => {
      if (last && value.state.ui === last.ui) return;
      last = value.state;
      pending = { name, value };
      if (delayMs <= 0) return flush();
      clearTimeout(timer);
      timer = setTimeout(flush, delayMs);
    },
  };
}

/**
 * Web storage as JSON that keeps every digit of a number (zustand's createJSONStorage reads and writes with
 * JSON.parse and JSON.stringify, which round a 38-digit DynamoDB number); undefined without a storage.
 * `fallback`: a key read when `name` holds nothing (the entry an earlier version wrote).
 */
export function exactJsonStorage<S>(
  getStorage: () => Storage,
  fallback?: string,
): PersistStorage<S> | undefined {
  let storage: Storage;
  try {
    storage = getStorage();
  } catch {
    return undefined;
  }
  return {
    getItem: (name) => {
      const text = storage.getItem(name) ?? (fallback === undefined ? null : storage.getItem(fallback));
      return text === null ? null : (parseExactJson(text) as StorageValue<S>);
    },
    setItem: (name, value) => storage.setItem(name, stringifyExactJson(value)),
    removeItem: (name) => storage.removeItem(name),
  };
}

export const useStore = create<StoreState>()(
  persist(
    (...a) => ({
      ...createDesignSlice(...a),
      ...createSelectionSlice(...a),
      ...createUiSlice(...a),
      ...createConnectionSlice(...a),
      ...createLessonSlice(...a),
    }),
    {
      // The design and its undo history are saved in IndexedDB by autosave.ts, not here.
      name: UI_STORAGE_KEY,
      version: 1,
      storage: writeOnChange(
        exactJsonStorage<Persisted>(() => localStorage, LEGACY_STORAGE_KEY),
        300,
      ),
      partialize: (s): Persisted => ({ ui: s.ui }),
      merge: (persisted, current) => ({
        ...current,
        ui: { ...DEFAULT_UI, ...((persisted as Partial<Persisted> | undefined)?.ui ?? {}) },
      }),
    },
  ),
);
