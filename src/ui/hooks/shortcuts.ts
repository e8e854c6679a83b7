// Every keyboard shortcut of the designer, once: what it does and the keys, in shortcutLabel's notation
// (`Mod+Shift+Z`; `Mod` is ⌘ on a Mac and Ctrl elsewhere; alternatives join with `/`). The labels in menus
// and tooltips read these keys (shortcuts.test.ts holds every label the UI writes to this list), and
// docs/designer.md's table is written from it (`npm run docs`). Plain data, so anything may import it.

export interface Shortcut {
  /** What it does, as the docs' table says it. */
  does: string;
  /** The keys on Linux and Windows (and on a Mac, unless `mac` says otherwise); any one of them works. */
  keys: readonly string[];
  /** The keys on a Mac, where its keyboard has others (Fn+↑ for PageUp). */
  mac?: readonly string[];
}

export const SHORTCUTS = {
  undo: { does: 'undo', keys: ['Mod+Z'] },
  redo: { does: 'redo', keys: ['Mod+Shift+Z', 'Ctrl+Y'], mac: ['Mod+Shift+Z'] },
  save: { does: 'save the design to a file', keys: ['Mod+S'] },
  sidebar: { does: 'show or hide the sidebar', keys: ['Mod+B'] },
  dock: { does: 'show or hide the dock', keys: ['Mod+J'] },
  search: { does: 'search the grid', keys: ['Mod+F'] },
  run: { does: 'run the selected access pattern', keys: ['Mod+Enter'] },
  viewTab: { does: "the grid's view tabs (table, then each index)", keys: ['Alt+1…9'] },
  renameRow: { does: 'a sidebar row: rename', keys: ['F2'] },
  moveRow: { does: 'a sidebar row: move', keys: ['Alt+Up/Down'] },
  deleteRow: { does: 'a sidebar row: delete', keys: ['Delete'] },
  nextRegion: {
    does: 'the next region (top bar, outline, grid, dock, inspector, status bar)',
    keys: ['F6'],
  },
  previousRegion: { does: 'the previous region', keys: ['Shift+F6'] },
  gridCell: { does: 'the grid: the next cell', keys: ['arrows'] },
  gridPage: { does: 'the grid: a screen of rows', keys: ['PageUp/PageDown'], mac: ['Fn+Up/Down'] },
  gridRowEnds: { does: "the grid: the row's ends", keys: ['Home/End'], mac: ['Fn+Left/Right'] },
  gridFirstLast: {
    does: 'the grid: the first, last item',
    keys: ['Ctrl+Home/End'],
    mac: ['Mod+Fn+Left/Right'],
  },
  gridEnter: {
    does: "the grid: copy a key cell, open another cell's item in the inspector",
    keys: ['Enter'],
  },
} as const satisfies Record<string, Shortcut>;

export type ShortcutId = keyof typeof SHORTCUTS;
