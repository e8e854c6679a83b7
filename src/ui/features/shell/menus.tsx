// File, Edit and View menus of the top bar.
import { FORMAT_IDS, FORMAT_INFO, type FormatInfo } from '../../../core/io/catalogue.ts';
import { useStore } from '../../../store/index.ts';
import { useUndoAvailability } from '../../../store/live-state.ts';
import { Menu, type MenuEntry } from '../../components/menu.tsx';
import { downloadDesign } from '../../hooks/design-file.ts';
import { shortcutLabel } from '../../hooks/platform.ts';
import { openLessonFromFile } from '../lessons/lesson-actions.ts';
import { openShareDialog } from '../share/share-state.ts';
import { exampleSummaries } from '../start/examples.ts';
import { importFromFile, newBlankDesign, openDesignFromFile, openExample } from './actions.ts';

/**
 * A format's Import entry. A module format (a library's entities in JavaScript or TypeScript) is loaded in
 * Node, so the app names the command that imports it instead.
 */
function importEntry(format: FormatInfo): MenuEntry {
  // The Workbench entry keeps the test id it had before the other formats joined it.
  const testId =
    format.id === 'nosql-workbench'
      ? 'topbar.menu.file.importWorkbench'
      : `topbar.menu.file.import.${format.id}`;
  if (format.reads === 'module')
    return {
      label: `${format.label}…`,
      disabled: true,
      hint: `CLI: keyplan import --from ${format.id}`,
      onSelect: () => {},
      testId,
    };
  return { label: `${format.label}…`, onSelect: () => void importFromFile(format), testId };
}

export function FileMenu() {
  const closeDesign = useStore((s) => s.closeDesign);
  const entries: MenuEntry[] = [
    { label: 'New blank design', onSelect: newBlankDesign, testId: 'topbar.menu.file.new' },
    { label: 'Open file…', onSelect: () => void openDesignFromFile(), testId: 'topbar.menu.file.open' },
    {
      label: 'Open lesson…',
      onSelect: () => void openLessonFromFile(),
      testId: 'topbar.menu.file.openLesson',
    },
    {
      label: 'Save file',
      shortcut: shortcutLabel('Mod+S'),
      onSelect: () => {
        const design = useStore.getState().design;
        if (design) downloadDesign(design);
      },
      testId: 'topbar.menu.file.save',
    },
    {
      label: 'Copy link…',
      onSelect: openShareDialog,
      hint: 'the design in the link',
      testId: 'topbar.menu.file.copyLink',
    },
    {
      label: 'Start a live session…',
      onSelect: () => void import('../../../store/live-session.ts').then((live) => live.startLiveSession()),
      hint: 'edit together, encrypted',
      testId: 'topbar.menu.file.live',
    },
    {
      label: 'Export…',
      onSelect: () => useStore.getState().setExportOpen(true),
      testId: 'topbar.menu.file.export',
    },
    { kind: 'separator' },
    { kind: 'heading', label: 'Open example' },
    ...exampleSummaries().map(
      (example): MenuEntry => ({
        label: example.title,
        onSelect: () => openExample(example.name, true),
        testId: `topbar.menu.file.example.${example.name}`,
      }),
    ),
    { kind: 'separator' },
    { kind: 'heading', label: 'Import' },
    ...FORMAT_IDS.map((id): MenuEntry => importEntry(FORMAT_INFO[id])),
    { kind: 'separator' },
    { label: 'Close design', onSelect: closeDesign, hint: 'start screen', testId: 'topbar.menu.file.close' },
  ];
  return <Menu label="File" entries={entries} testId="topbar.menu.file" />;
}

export function EditMenu() {
  const { canUndo, canRedo } = useUndoAvailability();
  const undo = useStore((s) => s.undo);
  const redo = useStore((s) => s.redo);
  const entries: MenuEntry[] = [
    { label: 'Undo', shortcut: shortcutLabel('Mod+Z'), disabled: !canUndo, onSelect: undo },
    { label: 'Redo', shortcut: shortcutLabel('Mod+Shift+Z'), disabled: !canRedo, onSelect: redo },
  ];
  return <Menu label="Edit" entries={entries} testId="topbar.menu.edit" />;
}

export function ViewMenu() {
  const mainTab = useStore((s) => s.mainTab);
  const ui = useStore((s) => s.ui);
  const setUi = useStore((s) => s.setUi);
  const setMainTab = useStore((s) => s.setMainTab);
  const entries: MenuEntry[] = [
    { label: 'Designer', checked: mainTab === 'designer', onSelect: () => setMainTab('designer') },
    { label: 'JSON', checked: mainTab === 'json', onSelect: () => setMainTab('json') },
    { kind: 'separator' },
    {
      label: 'Sidebar',
      checked: ui.leftOpen,
      shortcut: shortcutLabel('Mod+B'),
      onSelect: () => setUi({ leftOpen: !ui.leftOpen }),
    },
    {
      label: 'Dock',
      checked: ui.dockOpen,
      shortcut: shortcutLabel('Mod+J'),
      onSelect: () => setUi({ dockOpen: !ui.dockOpen }),
    },
    { kind: 'separator' },
    { kind: 'heading', label: 'Theme' },
    ...(['system', 'light', 'dark'] as const).map(
      (theme): MenuEntry => ({
        label: theme === 'system' ? 'Follow the system' : theme === 'light' ? 'Light' : 'Dark',
        checked: ui.theme === theme,
        onSelect: () => setUi({ theme }),
      }),
    ),
  ];
  return <Menu label="View" entries={entries} testId="topbar.menu.view" />;
}
