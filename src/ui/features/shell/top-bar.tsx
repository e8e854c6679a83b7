// The top bar: the design's name, the menus, Designer|JSON, DynamoDB's state, autosave, Apply, Export, theme.
import { useState } from 'react';
import { renameDesign } from '../../../core/model/ops/table.ts';
import { useStore } from '../../../store/index.ts';
import { useUndoAvailability } from '../../../store/live-state.ts';
import { Icon } from '../../components/icon.tsx';
import { RenameInput } from '../../components/inline-edit.tsx';
import { withShortcut } from '../../hooks/platform.ts';
import { LivePresence } from '../live/presence.tsx';
import { focusRow } from '../sidebar/list-row.tsx';
import { commitOrToast } from './actions.ts';
import { ApplyButton } from './apply-button.tsx';
import { DynamoDbPill } from './dynamodb-pill.tsx';
import { EditMenu, FileMenu, ViewMenu } from './menus.tsx';
import { SaveState } from './save-state.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import './shell.css';

function DesignName() {
  const name = useStore((s) => s.design?.name ?? '');
  const [editing, setEditing] = useState(false);
  if (editing)
    return (
      <RenameInput
        value={name}
        onCommit={(next) => commitOrToast((d) => renameDesign(d, next))}
        onDone={(byKey) => {
          setEditing(false);
          // The input goes: Enter or Escape gives the focus back to the name's button.
          if (byKey) focusRow('topbar.name');
        }}
        ariaLabel="Design name"
        className="input topbar-name-input"
        testId="topbar.name.input"
      />
    );
  return (
    <button
      type="button"
      className="topbar-name"
      title="Rename the design"
      data-testid="topbar.name"
      onClick={() => setEditing(true)}
    >
      {name}
    </button>
  );
}

function UndoRedo() {
  const { canUndo, canRedo } = useUndoAvailability();
  const undo = useStore((s) => s.undo);
  const redo = useStore((s) => s.redo);
  return (
    <div className="topbar-group">
      <button
        type="button"
        className="btn btn-ghost btn-icon"
        disabled={!canUndo}
        onClick={undo}
        title={withShortcut('Undo', 'Mod+Z')}
        aria-label="Undo"
        data-testid="topbar.undo"
      >
        <Icon name="undo" />
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-icon"
        disabled={!canRedo}
        onClick={redo}
        title={withShortcut('Redo', 'Mod+Shift+Z')}
        aria-label="Redo"
        data-testid="topbar.redo"
      >
        <Icon name="redo" />
      </button>
    </div>
  );
}

function MainTabs() {
  const mainTab = useStore((s) => s.mainTab);
  const setMainTab = useStore((s) => s.setMainTab);
  return (
    <div className="segmented" role="tablist" aria-label="Main view">
      {(['designer', 'json'] as const).map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          aria-selected={mainTab === tab}
          className="segmented-item"
          data-testid={`topbar.tab.${tab}`}
          onClick={() => setMainTab(tab)}
        >
          {tab === 'designer' ? 'Designer' : 'JSON'}
        </button>
      ))}
    </div>
  );
}

export function TopBar() {
  const setExportOpen = useStore((s) => s.setExportOpen);
  return (
    <header className="topbar">
      <div className="topbar-left">
        <span className="topbar-mark" aria-hidden="true">
          <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">
            <rect x="1.5" y="1.5" width="15" height="15" rx="3.5" fill="var(--accent)" />
            <path d="M5.5 5.5h7M5.5 9h4.5M5.5 12.5h7" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
        </span>
        <span className="topbar-product">Keyplan</span>
        <span className="topbar-slash" aria-hidden="true">
          /
        </span>
        <DesignName />
        <nav className="topbar-menus" aria-label="Menus">
          <FileMenu />
          <EditMenu />
          <ViewMenu />
        </nav>
        <UndoRedo />
      </div>
      <div className="topbar-center">
        <MainTabs />
      </div>
      <div className="topbar-right">
        <LivePresence />
        <DynamoDbPill />
        <SaveState />
        <ApplyButton />
        <button
          type="button"
          className="btn"
          onClick={() => setExportOpen(true)}
          data-testid="topbar.export"
          title="Export the table definition, a NoSQL Workbench model or code"
        >
          <Icon name="export" />
          Export
        </button>
        <ThemeToggle />
      </div>
    </header>
  );
}
