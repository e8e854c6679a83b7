// The frame of the designer. Each region is a feature folder; this file only lays them out.
import { lazy, Suspense } from 'react';
import { useAutosave } from '../store/autosave.ts';
import { useStore } from '../store/index.ts';
import { useLive } from '../store/live-state.ts';
import { Splitter } from './components/splitter.tsx';
import { Toaster } from './components/toast.tsx';
import { Dock } from './features/dock/dock.tsx';
import { GridArea } from './features/grid/grid-area.tsx';
import { RightPanel } from './features/lessons/right-panel.tsx';
import { useLiveLinks } from './features/live/use-live-links.ts';
import { useShareLinks } from './features/share/open-shared.ts';
import { useShareState } from './features/share/share-state.ts';
import { SharedBanner } from './features/share/shared-banner.tsx';
import { Announcer } from './features/shell/announcer.tsx';
import { AutosaveBanner } from './features/shell/autosave-notice.tsx';
import { StatusBar } from './features/shell/status-bar.tsx';
import { TopBar } from './features/shell/top-bar.tsx';
import { Sidebar } from './features/sidebar/sidebar.tsx';
import { StartScreen } from './features/start/start-screen.tsx';
import { useFocusOnOpen } from './hooks/use-focus-on-open.ts';
import { useHealthPolling } from './hooks/use-health.ts';
import { useShortcuts } from './hooks/use-shortcuts.ts';
import { useApplyTheme } from './hooks/use-theme.ts';
import './styles/theme.css';
import './styles/controls.css';
import './styles/app.css';

// Monaco is large: it loads only when the JSON tab opens, so the first screen never waits for it.
const JsonEditor = lazy(() =>
  import('./features/json/json-editor.tsx').then((m) => ({ default: m.JsonEditor })),
);
const ExportModal = lazy(() => import('./features/export/export-modal.tsx'));
const ShareDialog = lazy(() => import('./features/share/share-dialog.tsx'));
const LiveDialog = lazy(() => import('./features/live/live-dialog.tsx'));

export function App() {
  const hasDesign = useStore((s) => s.design !== null);
  const loading = useAutosave((s) => s.status === 'loading');
  const mainTab = useStore((s) => s.mainTab);
  const exportOpen = useStore((s) => s.exportOpen);
  const ui = useStore((s) => s.ui);
  const setUi = useStore((s) => s.setUi);
  const hasLesson = useStore((s) => s.lesson !== null);
  const shareOpen = useShareState((s) => s.dialogOpen);
  const liveOpen = useLive((s) => s.dialogOpen);
  useApplyTheme();
  useFocusOnOpen(loading ? null : hasDesign);
  useShortcuts();
  useHealthPolling();
  // A share link in the address (`#share=…`) opens its design read-only, once the autosave is read.
  useShareLinks();
  // A live session's invite (`#live=…`) joins its room.
  useLiveLinks();
  // Until the autosave is read, neither the start screen nor an empty workspace: the saved design comes first.
  if (loading)
    return (
      <div className="loading app-loading" data-testid="app.loading">
        Opening your saved design…
      </div>
    );
  if (!hasDesign)
    return (
      <>
        <StartScreen />
        <Toaster />
      </>
    );
  const columns = {
    '--left-w': `${ui.leftWidth}px`,
    '--right-w': `${ui.rightWidth}px`,
  } as React.CSSProperties;
  return (
    <div className="app">
      <h1 className="sr-only">Keyplan designer</h1>
      <TopBar />
      <AutosaveBanner />
      <SharedBanner />
      <div className={`workspace${ui.leftOpen ? '' : ' left-closed'}`} style={columns}>
        <aside className="panel panel-left" aria-label="Design outline">
          <Sidebar />
        </aside>
        <div className="center">
          <main className="center-main" aria-label={mainTab === 'json' ? 'Design JSON' : 'Items'}>
            {mainTab === 'json' ? (
              <Suspense fallback={<div className="loading">Loading the editor…</div>}>
                <JsonEditor />
              </Suspense>
            ) : (
              <GridArea />
            )}
          </main>
          {ui.dockOpen && <Dock />}
        </div>
        <aside className="panel panel-right" aria-label={hasLesson ? 'Lesson and inspector' : 'Inspector'}>
          <Splitter
            size={ui.rightWidth}
            min={300}
            max={720}
            direction="left"
            ariaLabel="Resize the inspector"
            className="inspector-splitter"
            testId="inspector.resize"
            onResize={(rightWidth) => setUi({ rightWidth })}
          />
          <RightPanel />
        </aside>
      </div>
      <StatusBar />
      <Announcer />
      {exportOpen && (
        <Suspense fallback={null}>
          <ExportModal />
        </Suspense>
      )}
      {liveOpen && (
        <Suspense fallback={null}>
          <LiveDialog />
        </Suspense>
      )}
      {shareOpen && (
        <Suspense fallback={null}>
          <ShareDialog />
        </Suspense>
      )}
      <Toaster />
    </div>
  );
}
