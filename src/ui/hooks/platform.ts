// OS-specific shortcut labels: ⌘ on a Mac, Ctrl elsewhere (tooltips and menus show what the user presses).
import { SHORTCUTS, type ShortcutId } from './shortcuts.ts';

const platform =
  typeof navigator === 'undefined'
    ? ''
    : ((navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ??
      navigator.platform ??
      '');

export const isMac = /mac|iphone|ipad/i.test(platform);

const MODIFIERS = ['Ctrl', 'Alt', 'Shift', 'Mod'];
const MAC_MODIFIERS: Record<string, string> = { Mod: '⌘', Shift: '⇧', Alt: '⌥', Ctrl: '⌃' };
// The keys as their keycaps say: a Mac's Delete key is the one that erases backwards (⌫).
const ARROWS: Record<string, string> = { Up: '↑', Down: '↓', Left: '←', Right: '→' };
const MAC_KEYS: Record<string, string> = { ...ARROWS, Enter: '↵', Delete: '⌫' };
const OTHER_KEYS: Record<string, string> = ARROWS;

/**
 * `Mod+Shift+Z` → `⇧⌘Z` on a Mac, `Ctrl+Shift+Z` elsewhere. Alternative keys join with `/`:
 * `Alt+Up/Down` → `⌥↑/↓` or `Alt+↑/↓`.
 */
export function shortcutLabel(keys: string, mac = isMac): string {
  const parts = keys.split('+');
  const key = (part: string, names: Record<string, string>) =>
    part
      .split('/')
      .map((k) => names[k] ?? k)
      .join('/');
  if (mac) {
    const modifiers = parts
      .filter((p) => MODIFIERS.includes(p))
      .sort((a, b) => MODIFIERS.indexOf(a) - MODIFIERS.indexOf(b));
    const rest = parts.filter((p) => !MODIFIERS.includes(p));
    return [...modifiers.map((m) => MAC_MODIFIERS[m]), ...rest.map((p) => key(p, MAC_KEYS))].join('');
  }
  return parts.map((p) => (p === 'Mod' ? 'Ctrl' : key(p, OTHER_KEYS))).join('+');
}

/** `Undo (⌘Z)` — a title with its shortcut. */
export function withShortcut(title: string, keys: string, mac = isMac): string {
  return `${title} (${shortcutLabel(keys, mac)})`;
}

/** A shortcut's keys on this platform (or the other), alternatives joined with ` or `: `Ctrl+Shift+Z or Ctrl+Y`. */
export function shortcutKeys(id: ShortcutId, mac = isMac): string {
  const shortcut: { keys: readonly string[]; mac?: readonly string[] } = SHORTCUTS[id];
  return ((mac && shortcut.mac) || shortcut.keys).map((keys) => shortcutLabel(keys, mac)).join(' or ');
}

/** How to rename, move and delete a sidebar row, with this platform's keys. */
export function sidebarRowHelp(mac = isMac): string {
  return `Double-click or ${shortcutKeys('renameRow', mac)} to rename; ${shortcutKeys('moveRow', mac)} to move; ${shortcutKeys('deleteRow', mac)} to remove`;
}
