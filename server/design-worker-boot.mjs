// The entry of a design worker thread (design-workers.ts): the server runs its TypeScript through tsx,
// which a new thread registers for itself before it loads the worker.
import { register } from 'tsx/esm/api';

register();
await import('./design-worker.ts');
