// Short-lived notices at the bottom of the window: "Deleted Order · Undo", or why a file did not open.
import { useSyncExternalStore } from 'react';
import './components.css';

export interface ToastInput {
  message: string;
  tone?: 'info' | 'error';
  action?: { label: string; run: () => void };
  /** ms; errors stay until dismissed when 0. */
  timeout?: number;
}

interface Toast extends ToastInput {
  id: number;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/** Drops the notices of one tone, e.g. old errors once something worked. */
export function dismissToasts(tone: ToastInput['tone']): void {
  toasts = toasts.filter((t) => (t.tone ?? 'info') !== (tone ?? 'info'));
  emit();
}

export function showToast(input: ToastInput): number {
  const id = nextId++;
  toasts = [...toasts.slice(-2), { ...input, id }];
  emit();
  const timeout = input.timeout ?? (input.tone === 'error' ? 10_000 : 6_000);
  if (timeout > 0) setTimeout(() => dismissToast(id), timeout);
  return id;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function Toaster() {
  const list = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  if (list.length === 0) return null;
  return (
    <div className="toaster" role="status" aria-live="polite">
      {list.map((t) => (
        <div key={t.id} className={`toast${t.tone === 'error' ? ' toast-error' : ''}`} data-testid="toast">
          <span className="toast-message">{t.message}</span>
          {t.action && (
            <button
              type="button"
              className="btn btn-ghost btn-sm toast-action"
              data-testid="toast.action"
              onClick={() => {
                t.action?.run();
                dismissToast(t.id);
              }}
            >
              {t.action.label}
            </button>
          )}
          <button
            type="button"
            className="btn btn-ghost btn-icon btn-sm"
            aria-label="Dismiss"
            onClick={() => dismissToast(t.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
