// Shortcut labels say what a user presses on their platform: ⌘ and keycap symbols on a Mac, Ctrl+… elsewhere.
import { describe, expect, it } from 'vitest';
import { shortcutLabel, sidebarRowHelp, withShortcut } from './platform.ts';

describe('shortcut labels', () => {
  it('writes every shortcut of the app for a Mac and for Linux and Windows', () => {
    const shortcuts = ['Mod+Z', 'Mod+Shift+Z', 'Mod+S', 'Mod+B', 'Mod+J', 'Mod+F', 'Mod+Enter', 'Alt+2'];
    expect(shortcuts.map((keys) => shortcutLabel(keys, true))).toEqual([
      '⌘Z',
      '⇧⌘Z',
      '⌘S',
      '⌘B',
      '⌘J',
      '⌘F',
      '⌘↵',
      '⌥2',
    ]);
    expect(shortcuts.map((keys) => shortcutLabel(keys, false))).toEqual([
      'Ctrl+Z',
      'Ctrl+Shift+Z',
      'Ctrl+S',
      'Ctrl+B',
      'Ctrl+J',
      'Ctrl+F',
      'Ctrl+Enter',
      'Alt+2',
    ]);
    expect(withShortcut('Redo', 'Mod+Shift+Z', true)).toBe('Redo (⇧⌘Z)');
  });

  it("names the sidebar's move and delete keys as each keyboard labels them", () => {
    expect(sidebarRowHelp(true)).toBe('Double-click or F2 to rename; ⌥↑/↓ to move; ⌫ to remove');
    expect(sidebarRowHelp(false)).toBe('Double-click or F2 to rename; Alt+↑/↓ to move; Delete to remove');
  });
});
