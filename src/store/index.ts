// One store made of slices; persistence (autosave of the design and the preferences) only on the combined
// store. Derived data (items, views, findings, requests) is never stored: see derived.ts.
import { create } from 'zustand';
import { type PersistStorage, persist, type StorageValue } from 'zustand/middleware';
import { parseExactJson, stringifyExactJson } from '../core/model/exact-json.ts';
import { designSchema } from '../core/model/schema.ts';
import { type ConnectionSlice, createConnectionSlice } from './connection-slice.ts';
import { createDesignSlice, type DesignSlice } from './design-slice.ts';
import { createSelectionSlice, type SelectionSlice } from './selection-slice.ts';
import { createUiSlice, DEFAULT_UI, type UiSlice } from './ui-slice.ts';

export type StoreState = DesignSlice & SelectionSlice & UiSlice & ConnectionSlice;

export const STORAGE_KEY = 'keyplan:v1';

type Persisted = Pick<StoreState, 'design' | 'ui'>;

/**
 * persist writes after every state change; a health poll or a selection must not re-serialize a design of
 * 10,000 items (≈1 MB, hundreds of ms), so writes happen only when the design or the preferences changed,
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
      if (last && value.state.design === last.design && value.state.ui === last.ui) return;
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
 */
export function exactJsonStorage<S>(getStorage: () => Storage): PersistStorage<S> | undefined {
  let storage: Storage;
  try {
    storage = getStorage();
  } catch {
    return undefined;
  }
  return {
    getItem: (name) => {
      const text = storage.getItem(name);
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
    }),
    {
      name: STORAGE_KEY,
      version: 1,
      storage: writeOnChange(
        exactJsonStorage<Persisted>(() => localStorage),
        300,
      ),
      partialize: (s): Persisted => ({ design: s.design, ui: s.ui }),
      // A saved design that no longer parses (hand-edited storage, older format) is not restored over
      // nothing: the start screen shows instead, and the raw text stays in storage under a backup key.
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<Persisted>;
        const parsed = saved.design ? designSchema.safeParse(saved.design) : undefined;
        if (saved.design && !parsed?.success)
          localStorage.setItem(`${STORAGE_KEY}:unreadable`, stringifyExactJson(saved.design));
        return {
          ...current,
          design: parsed?.success ? parsed.data : null,
          ui: { ...DEFAULT_UI, ...(saved.ui ?? {}) },
        };
      },
    },
  ),
);
