// Every presenter action that reaches all attendees or ends a session asks first: the room view shows one
// pending question at a time in this bar, and the action runs only on its confirm button (Escape cancels).
import { useEffect, useRef, useState } from 'react';
import { messageOf } from '../../../core/values/text/message.ts';
import { showToast } from '../../components/toast.tsx';

/** A question the toolbar asks before it acts; `run` does it and returns the toast that says it is done. */
export interface Pending {
  text: string;
  confirm: string;
  danger?: boolean;
  run: () => Promise<string>;
}

export function ConfirmBar({ pending, onDone }: { pending: Pending; onDone: () => void }) {
  const ref = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => ref.current?.focus(), []);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    try {
      showToast({ message: await pending.run() });
    } catch (error) {
      showToast({ message: messageOf(error), tone: 'error' });
    } finally {
      setBusy(false);
      onDone();
    }
  };
  return (
    <div
      className="room-confirm banner banner-warn"
      role="alertdialog"
      aria-label="Confirm"
      aria-describedby="room-confirm-text"
      data-testid="room.confirm"
      onKeyDown={(e) => e.key === 'Escape' && onDone()}
    >
      <span id="room-confirm-text">{pending.text}</span>
      <button
        ref={ref}
        type="button"
        className={`btn btn-sm ${pending.danger ? 'btn-danger' : 'btn-primary'}`}
        data-testid="room.confirm.ok"
        aria-disabled={busy || undefined}
        onClick={() => void run()}
      >
        {pending.confirm}
      </button>
      <button type="button" className="btn btn-sm" onClick={onDone}>
        Cancel
      </button>
    </div>
  );
}
