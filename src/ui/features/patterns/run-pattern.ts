// Run from the editor or the dock: the same action as the ⌘↵ shortcut.
import { useStore } from '../../../store/index.ts';
import { shortcutKeys } from '../../hooks/platform.ts';
import { runSelectedPattern } from '../../hooks/use-shortcuts.ts';

export const RUN_SHORTCUT = shortcutKeys('run');

/** Runs the selected pattern as ⌘↵ does (its example arguments, on DynamoDB Local), showing the dock's Result. */
export function runPattern(): void {
  useStore.getState().setDockTab('result');
  runSelectedPattern();
}
