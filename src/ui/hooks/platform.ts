// OS-specific shortcut labels: ⌘ on a Mac, Ctrl elsewhere (tooltips and menus show what the user presses).
const platform =
  typeof navigator === 'undefined'
    ? ''
    : ((navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ??
      navigator.platform ??
      '');

export const isMac = /mac|iphone|ipad/i.test(platform);

const MAC_SYMBOLS: Record<string, string> = {
  Mod: '⌘',
  Shift: '⇧',
  Alt: '⌥',
  Ctrl: '⌃',
  Enter: '↵',
  Up: '↑',
  Down: '↓',
};

/** `Mod+Shift+Z` → `⇧⌘Z` on a Mac, `Ctrl+Shift+Z` elsewhere. */
export function shortcutLabel(keys: string): string {
  const parts = keys.split('+');
  if (isMac) {
    const order = ['Ctrl', 'Alt', 'Shift', 'Mod'];
    const modifiers = parts
      .filter((p) => order.includes(p))
      .sort((a, b) => order.indexOf(a) - order.indexOf(b));
    const rest = parts.filter((p) => !order.includes(p));
    return [...modifiers, ...rest].map((p) => MAC_SYMBOLS[p] ?? p).join('');
  }
  return parts.map((p) => (p === 'Mod' ? 'Ctrl' : p === 'Up' ? '↑' : p === 'Down' ? '↓' : p)).join('+');
}

/** `Undo (⌘Z)` — a title with its shortcut. */
export function withShortcut(title: string, keys: string): string {
  return `${title} (${shortcutLabel(keys)})`;
}
