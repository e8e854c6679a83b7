// The presenter's room view (`/presenter#key=…`, printed by `keyplan serve --workshop`): the join code big
// with a QR code of the join URL, the attendees live (the presenter event stream), one attendee's design
// read-only, and the presenter's actions: push a lesson or a design to everyone, reveal the next hint to the
// room, reset or remove one attendee, close the room to new joins, end the workshop. The key leaves the
// address bar as soon as it is read (presenter-key.ts): the page is made to be projected.
import { useEffect, useMemo, useState } from 'react';
import { type PresenterClient, presenterClient } from '../../../api/workshop-client.ts';
import type { PresenterEvent } from '../../../core/contract/workshop-contract.ts';
import { Icon } from '../../components/icon.tsx';
import { Toaster } from '../../components/toast.tsx';
import { useApplyTheme } from '../../hooks/use-theme.ts';
import { AttendeeDesign } from './attendee-design.tsx';
import { ConfirmBar, type Pending } from './confirm-bar.tsx';
import { JoinCard } from './join-card.tsx';
import { useLessonCatalogue } from './lesson-catalogue.ts';
import { forgetPresenterKey, takePresenterKey } from './presenter-key.ts';
import { RoomHeader } from './room-header.tsx';
import { applyPresenterEvent, useRoom } from './room-store.ts';
import { RoomTable } from './room-table.tsx';
import { RoomToolbar } from './room-toolbar.tsx';
import '../../styles/theme.css';
import '../../styles/controls.css';
import '../shell/shell.css';
import './workshop.css';

function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

export function RoomViewPage() {
  useApplyTheme();
  const key = useMemo(takePresenterKey, []);
  const client = useMemo(() => (key ? presenterClient(key) : null), [key]);
  useEffect(() => {
    if (!client) return;
    document.title = 'Workshop room · Keyplan';
    return client.events({
      onEvent: ({ data }) => applyPresenterEvent(data as PresenterEvent),
      onState: (stream) => useRoom.setState({ stream }),
      onRefused: (status) => {
        if (status === 401 || status === 403) forgetPresenterKey();
        useRoom.setState({
          error:
            status === 401 || status === 403
              ? 'This page’s presenter key is not this workshop’s. Open the presenter URL that keyplan serve --workshop printed.'
              : status === 429
                ? 'Too many wrong presenter keys from this browser: wait a minute, then reload.'
                : status === 404
                  ? 'This server is not running a workshop. Start it with keyplan serve --workshop.'
                  : `The room cannot be opened (HTTP ${status}).`,
        });
      },
    });
  }, [client]);
  const error = useRoom((s) => s.error);
  const snapshot = useRoom((s) => s.snapshot);
  if (!client)
    return (
      <RoomMessage>
        This page needs the presenter key: open the presenter URL that <code>keyplan serve --workshop</code>{' '}
        printed (the part after <code>#</code> is the key).
      </RoomMessage>
    );
  if (error) return <RoomMessage>{error}</RoomMessage>;
  if (!snapshot) return <div className="loading app-loading">Opening the room…</div>;
  return <Room client={client} />;
}

function RoomMessage({ children }: { children: React.ReactNode }) {
  return (
    <div className="start">
      <main className="workshop-join" data-testid="room.error">
        <h1>Workshop room</h1>
        <p className="banner banner-error start-banner" role="alert">
          <Icon name="error" /> <span>{children}</span>
        </p>
      </main>
    </div>
  );
}

function Room({ client }: { client: PresenterClient }) {
  const snapshot = useRoom((s) => s.snapshot);
  const rows = useRoom((s) => s.rows);
  const lessons = useLessonCatalogue(snapshot?.lessons);
  const byId = useMemo(() => new Map(lessons.map((l) => [l.id, l])), [lessons]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const now = useNow(1000);
  const selected = rows.find((r) => r.id === selectedId) ?? null;
  return (
    <div className="room">
      <RoomHeader />
      <div className="room-body">
        <aside className="room-side">
          <JoinCard client={client} />
        </aside>
        <main className="room-main" aria-label="Attendees">
          <RoomToolbar client={client} lessons={lessons} selected={selected} ask={setPending} />
          {pending && <ConfirmBar pending={pending} onDone={() => setPending(null)} />}
          <RoomTable rows={rows} lessons={byId} now={now} selected={selectedId} onSelect={setSelectedId} />
          {selected ? (
            <AttendeeDesign key={selected.id} client={client} row={selected} />
          ) : (
            rows.length > 0 && (
              <p className="room-empty room-hint">Select an attendee to see their design (read-only).</p>
            )
          )}
        </main>
      </div>
      <Toaster />
    </div>
  );
}
