// "Saved · 2m ago": the design autosaves to this browser on every change; "Saving…" while it does, "Not
// saved" when the browser refused it (autosave-notice.tsx says more).
import { useEffect, useState } from 'react';
import { useAutosave } from '../../../store/autosave.ts';
import { useStore } from '../../../store/index.ts';
import { relativeTime } from '../../relative-time.ts';

export function SaveState() {
  const changedAt = useStore((s) => s.changedAt);
  const status = useAutosave((s) => s.status);
  const error = useAutosave((s) => s.error);
  const savedAt = useAutosave((s) => s.savedAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (changedAt || savedAt) setNow(Date.now());
  }, [changedAt, savedAt]);
  const at = savedAt ?? changedAt;
  const when = at ? relativeTime(now - at) : null;
  const text =
    status === 'error'
      ? 'Not saved'
      : status === 'saving' || status === 'pending'
        ? 'Saving…'
        : `Saved${when ? ` · ${when}` : ''}`;
  return (
    <span
      className="save-state"
      data-testid="topbar.saved"
      data-state={status}
      title={
        status === 'error'
          ? `${error} Use File › Save file to keep a copy on disk.`
          : 'Every change is saved in this browser. Use File › Save file to keep a copy on disk.'
      }
    >
      <span className="save-dot" aria-hidden="true" />
      {text}
    </span>
  );
}
