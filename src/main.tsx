import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { PRESENTER_PAGE_PATH } from './core/contract/workshop-contract.ts';
import { startAutosave } from './store/autosave.ts';
import { startLessons } from './store/lesson-progress.ts';
import { App } from './ui/app.tsx';
import { WorkshopGate } from './ui/features/workshop/workshop-gate.tsx';

// The presenter's room view of a workshop (`/presenter#key=…`) is its own page, loaded only there.
const RoomViewPage = lazy(() =>
  import('./ui/features/workshop/room-view.tsx').then((m) => ({ default: m.RoomViewPage })),
);

// The autosaved design is read before the app decides between it and the start screen.
void startAutosave();
// The open lesson and its progress (localStorage), and its checks as the design settles.
void startLessons();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      {window.location.pathname === PRESENTER_PAGE_PATH ? (
        <Suspense fallback={null}>
          <RoomViewPage />
        </Suspense>
      ) : (
        // In workshop mode: the join page until this browser has joined.
        <WorkshopGate>
          <App />
        </WorkshopGate>
      )}
    </StrictMode>,
  );
}
