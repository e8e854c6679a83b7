import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startAutosave } from './store/autosave.ts';
import { startLessons } from './store/lesson-progress.ts';
import { App } from './ui/app.tsx';

// The autosaved design is read before the app decides between it and the start screen.
void startAutosave();
// The open lesson and its progress (localStorage), and its checks as the design settles.
void startLessons();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
