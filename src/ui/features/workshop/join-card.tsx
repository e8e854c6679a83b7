// The room view's join card: the join code big, the QR code of the join URL, how many places are taken, and
// the presenter's switch that closes the room to new joins (attendees already in stay).
import { useState } from 'react';
import type { PresenterClient } from '../../../api/workshop-client.ts';
import { messageOf } from '../../../core/values/text/message.ts';
import { Icon } from '../../components/icon.tsx';
import { showToast } from '../../components/toast.tsx';
import { QrCode } from './qr-code.tsx';
import { useRoom } from './room-store.ts';

export function JoinCard({ client }: { client: PresenterClient }) {
  const snapshot = useRoom((s) => s.snapshot);
  const count = useRoom((s) => s.rows.length);
  const ended = useRoom((s) => s.ended);
  const [busy, setBusy] = useState(false);
  if (!snapshot) return null;
  const { locked } = snapshot;
  const toggleLock = async () => {
    if (busy || ended) return;
    setBusy(true);
    try {
      const answer = await client.lockJoins(!locked);
      useRoom.setState((s) => (s.snapshot ? { snapshot: { ...s.snapshot, locked: answer.locked } } : {}));
      showToast({ message: answer.locked ? 'The room is closed to new joins' : 'The room is open to joins' });
    } catch (error) {
      showToast({ message: messageOf(error), tone: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const code = snapshot.code;
  const spaced = code.length === 6 ? `${code.slice(0, 3)} ${code.slice(3)}` : code;
  return (
    <section className="room-join" aria-labelledby="room-join-title">
      <h2 id="room-join-title" className="section-title">
        Join this workshop
      </h2>
      <p className="room-code">
        <span className="sr-only">Join code </span>
        <span data-testid="room.code" data-code={code}>
          {spaced}
        </span>
      </p>
      <QrCode text={snapshot.joinUrl} size={208} label={`QR code of the join URL ${snapshot.joinUrl}`} />
      <p className="room-url">
        <span className="room-muted">or open</span>
        <a href={snapshot.joinUrl} className="mono" data-testid="room.joinUrl">
          {snapshot.joinUrl.replace(/#.*$/, '')}
        </a>
      </p>
      <p className="room-muted room-count">
        {count} of {snapshot.maxAttendees} places taken
        {locked && <span data-testid="room.locked"> · joins closed</span>}
      </p>
      <button
        type="button"
        className="btn btn-sm"
        onClick={() => void toggleLock()}
        aria-pressed={locked}
        aria-disabled={busy || ended || undefined}
        title={
          locked
            ? 'Let new attendees join again'
            : 'Refuse new joins; attendees already in stay (and may reload or come back)'
        }
        data-testid="room.lock"
      >
        <Icon name={locked ? 'unlock' : 'lock'} /> {locked ? 'Open joins' : 'Close joins'}
      </button>
    </section>
  );
}
