// docs/designer.md's table of keyboard shortcuts, written from SHORTCUTS (src/ui/hooks/shortcuts.ts) with
// the labels the app's menus show on each platform (shortcutKeys), so the docs and the UI name the same keys.
import { shortcutKeys } from '../../src/ui/hooks/platform.ts';
import { SHORTCUTS, type ShortcutId } from '../../src/ui/hooks/shortcuts.ts';
import type { GeneratedBlock } from './blocks.ts';
import { table } from './blocks.ts';

export const shortcutsBlock: GeneratedBlock = {
  name: 'shortcuts',
  source: 'SHORTCUTS, src/ui/hooks/shortcuts.ts',
  render: () =>
    table(
      ['action', 'Linux, Windows', 'macOS'],
      (Object.keys(SHORTCUTS) as ShortcutId[]).map((id) => [
        SHORTCUTS[id].does,
        shortcutKeys(id, false),
        shortcutKeys(id, true),
      ]),
    ),
};
