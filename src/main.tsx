import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startAutosave } from './store/autosave.ts';
import { App } from './ui/app.tsx';

// The autosaved design is read before the app decides between it and the start screen.
void startAutosave();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
