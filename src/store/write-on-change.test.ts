import { describe, expect, it } from 'vitest';
import type { PersistStorage } from 'zustand/middleware';
import { writeOnChange } from './index.ts';
import { DEFAULT_UI } from './ui-slice.ts';

type Saved = Parameters<NonNullable<ReturnType<typeof writeOnChange>>['setItem']>[1];

describe('writeOnChange', () => {
  it('writes only when the preferences changed', () => {
    const writes: Saved[] = [];
    const storage = writeOnChange({
      getItem: () => null,
      setItem: (_name, value) => void writes.push(value),
      removeItem: () => {},
    } as PersistStorage<Saved['state']>)!;
    const ui = DEFAULT_UI;
    storage.setItem('k', { state: { ui }, version: 1 });
    storage.setItem('k', { state: { ui }, version: 1 });
    expect(writes).toHaveLength(1);
    storage.setItem('k', { state: { ui: { ...ui, density: 'cozy' } }, version: 1 });
    expect(writes).toHaveLength(2);
  });

  it('coalesces quick changes into one write of the last state', async () => {
    const writes: Saved[] = [];
    const storage = writeOnChange(
      {
        getItem: () => null,
        setItem: (_name, value) => void writes.push(value),
        removeItem: () => {},
      } as PersistStorage<Saved['state']>,
      20,
    )!;
    for (const density of ['cozy', 'compact', 'cozy'] as const) {
      storage.setItem('k', { state: { ui: { ...DEFAULT_UI, density } }, version: 1 });
    }
    expect(writes).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(writes.map((w) => w.state.ui.density)).toEqual(['cozy']);
  });
});
