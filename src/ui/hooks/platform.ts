// OS-specific shortcut labels: ⌘ on a Mac, Ctrl elsewhere (tooltips and menus show what the user presses).
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
const MAC_KEYS: Record<string, string> = { Enter: '↵', Up: '↑', Down: '↓', Delete: '⌫' };
const OTHER_KEYS: Record<string, string> = { Up: '↑', Down: '↓' };

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

/** How to rename, move and delete a sidebar row, with this platform's keys. */
export function sidebarRowHelp(mac = isMac): string {
  return `Double-click or F2 to rename; ${shortcutLabel('Alt+Up/Down', mac)} to move; ${shortcutLabel('Delete', mac)} to remove`;
}
