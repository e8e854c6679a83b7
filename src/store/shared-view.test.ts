// A shared design opened from a link: one undo step over the recipient's own design, refusing edits but
// comments, and never what the autosave stores (ownSnapshot gives the recipient's own state instead).
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { addComment } from '../core/model/ops/comments.ts';
import { blankDesign } from '../core/model/ops/table.ts';
import { createDesignSlice } from './design-slice.ts';
import { isReadOnlyDesign, markReadOnly, ownSnapshot, READ_ONLY_MESSAGE } from './shared-view.ts';
import type { DesignSlice } from './types.ts';

describe('the shared view', () => {
  it('refuses edits but comments, and leaves the own design to the autosave and one Undo away', () => {
    const store = createStore<DesignSlice>()((...a) =>
      createDesignSlice(...(a as unknown as Parameters<typeof createDesignSlice>)),
    );
    const own = blankDesign('Mine');
    store.getState().openDesign(own);
    const shared = markReadOnly(blankDesign('Theirs'));
    store.getState().openDesign(shared);
    expect(ownSnapshot(store.getState()).design).toBe(own);

    expect(store.getState().commit((d) => ({ ...d, name: 'Edited' }))).toBe(false);
    expect(store.getState().opError).toBe(READ_ONLY_MESSAGE);
    expect(store.getState().design).toBe(shared);

    const comment = { target: { kind: 'entity', entity: 'X' } as const, author: 'Ana', text: 'Why?' };
    expect(
      store.getState().commit((d) => markReadOnly(addComment(d, comment, 'c1', '2026-12-01T10:00:00Z'))),
    ).toBe(true);
    const reviewed = store.getState().design;
    expect(isReadOnlyDesign(reviewed)).toBe(true);
    expect(reviewed?.comments).toHaveLength(1);
    // Still the same own state for the autosave, as the very same object (nothing to save).
    const saved = ownSnapshot(store.getState());
    expect(saved.design).toBe(own);
    expect(saved.past).toEqual([]);

    // "Open a copy": an unmarked copy, editable, its shared original one Undo back.
    store.getState().openDesign({ ...reviewed! });
    expect(store.getState().commit((d) => ({ ...d, name: 'Edited' }))).toBe(true);
    expect(ownSnapshot(store.getState()).design?.name).toBe('Edited');
    store.getState().undo();
    store.getState().undo();
    expect(store.getState().design).toBe(reviewed);
    store.getState().undo();
    store.getState().undo();
    expect(store.getState().design).toBe(own);
  });
});
