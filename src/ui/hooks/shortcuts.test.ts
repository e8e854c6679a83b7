// SHORTCUTS is the one list of the designer's keys: every shortcut a menu or tooltip labels is in it (so
// docs/designer.md, written from it, names every key the UI shows), and its labels are what users press.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shortcutKeys } from './platform.ts';
import { SHORTCUTS } from './shortcuts.ts';

const UI = new URL('..', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

/** The key strings the UI's labels spell out: `shortcutLabel('Mod+S')`, `withShortcut('Undo', 'Mod+Z')`. */
function labelledKeys(text: string): string[] {
  const calls = /(?:shortcutLabel\(|withShortcut\([^,]*,\s*)'([^']+)'/g;
  return [...text.matchAll(calls)].map((match) => match[1]);
}

describe('SHORTCUTS', () => {
  it('holds every shortcut a menu or tooltip labels', () => {
    const listed = new Set<string>(Object.values(SHORTCUTS).flatMap((s) => s.keys));
    const labelled = sources(UI).flatMap((file) =>
      labelledKeys(readFileSync(file, 'utf8')).map((keys) => ({ file: file.slice(UI.length), keys })),
    );
    expect(labelled.length).toBeGreaterThan(5);
    expect(labelled.filter(({ keys }) => !listed.has(keys))).toEqual([]);
  });

  it('finds a labelled key that is not listed', () => {
    expect(labelledKeys("title={withShortcut('Zoom', 'Mod+=')} shortcutLabel('Mod+K')")).toEqual([
      'Mod+=',
      'Mod+K',
    ]);
  });

  it("writes each platform's keys as its keyboard labels them", () => {
    expect(shortcutKeys('run', true)).toBe('⌘↵');
    expect(shortcutKeys('run', false)).toBe('Ctrl+Enter');
    expect(shortcutKeys('gridFirstLast', true)).toBe('⌘Fn←/→');
    expect(shortcutKeys('moveRow', false)).toBe('Alt+↑/↓');
  });
});
