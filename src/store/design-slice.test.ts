import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { blankDesign } from '../core/model/ops/table.ts';
import type { Design } from '../core/model/schema.ts';
import { createDesignSlice, MERGE_WINDOW_MS } from './design-slice.ts';
import type { DesignSlice } from './types.ts';

function makeStore() {
  const store = createStore<DesignSlice>()((...a) =>
    createDesignSlice(...(a as unknown as Parameters<typeof createDesignSlice>)),
  );
  store.getState().openDesign(blankDesign('start'));
  return store;
}

const rename = (name: string) => (d: Design) => ({ ...d, name });

describe('commitMerge', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it('merges consecutive commits of one key within the window into one undo step', () => {
    const store = makeStore();
    const before = store.getState().past.length;
    store.getState().commitMerge('name', rename('a'));
    vi.advanceTimersByTime(300);
    store.getState().commitMerge('name', rename('ab'));
    vi.advanceTimersByTime(300);
    store.getState().commitMerge('name', rename('abc'));
    expect(store.getState().design?.name).toBe('abc');
    expect(store.getState().past.length).toBe(before + 1);
    store.getState().undo();
    expect(store.getState().design?.name).toBe('start');
    store.getState().redo();
    expect(store.getState().design?.name).toBe('abc');
  });

  it('starts a new step after a pause, for another key, or after a plain commit', () => {
    const store = makeStore();
    const base = store.getState().past.length;
    store.getState().commitMerge('name', rename('a'));
    vi.advanceTimersByTime(MERGE_WINDOW_MS + 1);
    store.getState().commitMerge('name', rename('ab'));
    expect(store.getState().past.length).toBe(base + 2);
    store.getState().commitMerge('other', rename('abc'));
    expect(store.getState().past.length).toBe(base + 3);
    store.getState().commit(rename('abcd'));
    store.getState().commitMerge('other', rename('abcde'));
    expect(store.getState().past.length).toBe(base + 5);
  });

  it('does not merge into a step that was undone', () => {
    const store = makeStore();
    const base = store.getState().past.length;
    store.getState().commitMerge('name', rename('a'));
    store.getState().undo();
    store.getState().commitMerge('name', rename('b'));
    expect(store.getState().past.length).toBe(base + 1);
    store.getState().undo();
    expect(store.getState().design?.name).toBe('start');
  });

  it('keeps the design and reports the error when the update throws', () => {
    const store = makeStore();
    const ok = store.getState().commitMerge('name', () => {
      throw new Error('no');
    });
    expect(ok).toBe(false);
    expect(store.getState().opError).toBe('no');
    expect(store.getState().design?.name).toBe('start');
  });
});
