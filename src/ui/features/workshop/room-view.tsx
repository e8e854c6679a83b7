// The presenter's room view (`/presenter#key=…`, printed by `keyplan serve --workshop`): the join code big
// with a QR code of the join URL, the attendees live (the presenter event stream), one attendee's design
// read-only, and the presenter's actions: push a lesson or a design to everyone, reveal the next hint to the
// room, reset or remove one attendee, close the room to new joins, end the workshop. The key leaves the
// address bar as soon as it is read (presenter-key.ts): the page is made to be projected.
import { useEffect, useMemo, useRef, useState } from 'react';
import { type PresenterClient, presenterClient } from '../../../api/workshop-client.ts';
import type {
  AttendeeDetail,
  AttendeeRow,
  PresenterEvent,
} from '../../../core/contract/workshop-contract.ts';
import type { Design } from '../../../core/model/schema.ts';
import { messageOf } from '../../../core/values/text/message.ts';
import { plural } from '../../../core/values/text/plural.ts';
import { Icon } from '../../components/icon.tsx';
import { showToast, Toaster } from '../../components/toast.tsx';
import { pickDesignFile } from '../../hooks/design-file.ts';
import { useApplyTheme } from '../../hooks/use-theme.ts';
import { ThemeToggle } from '../shell/theme-toggle.tsx';
import { exampleSummaries, loadExample } from '../start/examples.ts';
import { type CatalogueLesson, useLessonCatalogue } from './lesson-catalogue.ts';
import { forgetPresenterKey, takePresenterKey } from './presenter-key.ts';
import { QrCode } from './qr-code.tsx';
import { ReadOnlyGrid } from './read-only-grid.tsx';
import { applyPresenterEvent, useRoom } from './room-store.ts';
import { RoomTable } from './room-table.tsx';
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

function RoomHeader() {
  const stream = useRoom((s) => s.stream);
  const ended = useRoom((s) => s.ended);
  const state = ended ? 'ended' : stream === 'live' ? 'live' : 'reconnecting';
  const text = { ended: 'Workshop ended', live: 'Live', reconnecting: 'Reconnecting…' }[state];
  return (
    <header className="room-header">
      <svg width="20" height="20" viewBox="0 0 18 18" aria-hidden="true">
        <rect x="1.5" y="1.5" width="15" height="15" rx="3.5" fill="var(--accent)" />
        <path d="M5.5 5.5h7M5.5 9h4.5M5.5 12.5h7" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <h1>Workshop room</h1>
      <span className={`room-live is-${state}`} role="status" data-testid="room.stream" data-state={state}>
        <span className="room-live-dot" aria-hidden="true" />
        {text}
      </span>
      <span className="room-header-end">
        <ThemeToggle />
      </span>
    </header>
  );
}

function JoinCard({ client }: { client: PresenterClient }) {
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

interface Pending {
  text: string;
  confirm: string;
  danger?: boolean;
  run: () => Promise<string>;
}

function ConfirmBar({ pending, onDone }: { pending: Pending; onDone: () => void }) {
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

/** The step most attendees of `lessonId` are on (the pushed step when nobody reported yet). */
function roomStep(rows: readonly AttendeeRow[], lessonId: string, fallback: number): number {
  const counts = new Map<number, number>();
  for (const row of rows)
    if (row.lessonId === lessonId && row.stepIndex !== null)
      counts.set(row.stepIndex, (counts.get(row.stepIndex) ?? 0) + 1);
  let best = fallback;
  let most = 0;
  for (const [step, n] of counts)
    if (n > most) {
      best = step;
      most = n;
    }
  return best;
}

interface ToolbarProps {
  client: PresenterClient;
  lessons: CatalogueLesson[];
  selected: AttendeeRow | null;
  ask: (pending: Pending) => void;
}

function Toolbar({ client, lessons, selected, ask }: ToolbarProps) {
  const room = useRoom((s) => s.snapshot?.room);
  const rows = useRoom((s) => s.rows);
  const ended = useRoom((s) => s.ended);
  const [lessonId, setLessonId] = useState('');
  const [designChoice, setDesignChoice] = useState('');
  const chosenLesson = lessons.find((l) => l.id === lessonId) ?? lessons[0];

  const pushLesson = () => {
    if (ended || !chosenLesson) return;
    ask({
      text: `Open “${chosenLesson.title}” at step 1 for everyone? Each attendee can undo it.`,
      confirm: 'Push lesson',
      run: async () => {
        const { delivered } = await client.pushLesson({
          lessonId: chosenLesson.id,
          lesson: chosenLesson.lesson as unknown as Record<string, unknown> | undefined,
        });
        return `Pushed “${chosenLesson.title}” to ${plural(delivered, 'attendee')} connected`;
      },
    });
  };

  const pushDesign = async () => {
    if (ended) return;
    let design: Design | null = null;
    let label = '';
    if (designChoice === 'file' || designChoice === '') {
      const result = await pickDesignFile();
      if (!result) return;
      if (!result.ok) {
        showToast({ message: result.message, tone: 'error' });
        return;
      }
      design = result.design;
      label = result.fileName;
    } else {
      design = loadExample(designChoice, true);
      label = design.name;
    }
    const pushed = design;
    ask({
      text: `Open “${label}” for everyone? It replaces each attendee’s design; they can undo it.`,
      confirm: 'Push design',
      run: async () => {
        const { delivered } = await client.pushDesign({ design: pushed });
        return `Pushed “${label}” to ${plural(delivered, 'attendee')} connected`;
      },
    });
  };

  const pushedLesson = room?.lesson ? lessons.find((l) => l.id === room.lesson?.lessonId) : undefined;
  const hintStepIndex = pushedLesson ? roomStep(rows, pushedLesson.id, room?.lesson?.stepIndex ?? 0) : 0;
  const hintStep = pushedLesson?.steps[hintStepIndex];
  const revealed = hintStep
    ? (room?.hints.find((h) => h.lessonId === pushedLesson?.id && h.stepId === hintStep.id)?.count ?? 0)
    : 0;
  const canReveal = !!hintStep && revealed < hintStep.hints;
  const revealHint = async () => {
    if (ended || !pushedLesson || !hintStep || !canReveal) return;
    try {
      const { hint, delivered } = await client.revealHint({ lessonId: pushedLesson.id, stepId: hintStep.id });
      useRoom.setState((s) => {
        if (!s.snapshot) return {};
        const hints = s.snapshot.room.hints.filter(
          (h) => h.lessonId !== hint.lessonId || h.stepId !== hint.stepId,
        );
        return { snapshot: { ...s.snapshot, room: { ...s.snapshot.room, hints: [...hints, hint] } } };
      });
      showToast({
        message: `Hint ${hint.count} of step ${hintStepIndex + 1} shown to ${plural(delivered, 'attendee')}`,
      });
    } catch (error) {
      showToast({ message: messageOf(error), tone: 'error' });
    }
  };

  const resetAttendee = () => {
    if (ended || !selected) return;
    ask({
      text: `Reset ${selected.name}? Their design goes back to the step’s start and their tables are emptied (they can undo the design).`,
      confirm: `Reset ${selected.name}`,
      danger: true,
      run: async () => {
        await client.resetAttendee(selected.id);
        return `${selected.name} was reset`;
      },
    });
  };

  const removeAttendee = () => {
    if (!selected) return;
    ask({
      text: `Remove ${selected.name}? Their session ends, their tables are deleted, and that browser cannot join again.`,
      confirm: `Remove ${selected.name}`,
      danger: true,
      run: async () => {
        await client.removeAttendee(selected.id);
        return `${selected.name} was removed`;
      },
    });
  };

  const end = () =>
    !ended &&
    ask({
      text: 'End the workshop? Attendees are told, and nobody can join any more. Their designs stay in their browsers.',
      confirm: 'End workshop',
      danger: true,
      run: async () => {
        await client.end();
        useRoom.setState({ ended: true });
        return 'The workshop has ended';
      },
    });

  const disabled = ended || undefined;
  return (
    <div className="room-toolbar" role="toolbar" aria-label="Presenter actions">
      <div className="room-tool">
        <label className="sr-only" htmlFor="room-lesson">
          Lesson to push
        </label>
        <select
          id="room-lesson"
          className="select"
          value={chosenLesson?.id ?? ''}
          onChange={(e) => setLessonId(e.target.value)}
          data-testid="room.lesson"
        >
          {lessons.map((l) => (
            <option key={l.id} value={l.id}>
              {l.title}
              {l.origin === 'server' ? ' (--lessons)' : ''}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn btn-primary"
          onClick={pushLesson}
          aria-disabled={disabled || !chosenLesson || undefined}
          data-testid="room.pushLesson"
        >
          <Icon name="upload" /> Push lesson
        </button>
      </div>
      <div className="room-tool">
        <label className="sr-only" htmlFor="room-design">
          Design to push
        </label>
        <select
          id="room-design"
          className="select"
          value={designChoice}
          onChange={(e) => setDesignChoice(e.target.value)}
          data-testid="room.designChoice"
        >
          <option value="">A design file…</option>
          {exampleSummaries().map((e) => (
            <option key={e.name} value={e.name}>
              Example: {e.title}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn"
          onClick={() => void pushDesign()}
          aria-disabled={disabled}
          data-testid="room.pushDesign"
        >
          <Icon name="upload" /> Push design
        </button>
      </div>
      <button
        type="button"
        className="btn"
        onClick={() => void revealHint()}
        aria-disabled={disabled || !canReveal || undefined}
        title={
          !pushedLesson
            ? 'Push a lesson first'
            : !hintStep
              ? ''
              : canReveal
                ? `Shows hint ${revealed + 1} of ${hintStep.hints} of step ${hintStepIndex + 1} (${hintStep.title}) to everyone on it`
                : `Every hint of step ${hintStepIndex + 1} is shown`
        }
        data-testid="room.revealHint"
      >
        <Icon name="info" /> Reveal next hint
        {hintStep && (
          <span className="room-muted">
            {' '}
            step {hintStepIndex + 1} · {revealed}/{hintStep.hints}
          </span>
        )}
      </button>
      <div className="room-tool">
        <button
          type="button"
          className="btn"
          onClick={resetAttendee}
          aria-disabled={disabled || !selected || undefined}
          title={selected ? `Reset ${selected.name}` : 'Select an attendee first'}
          data-testid="room.reset"
        >
          <Icon name="undo" /> Reset
        </button>
        <button
          type="button"
          className="btn"
          onClick={removeAttendee}
          aria-disabled={!selected || undefined}
          title={selected ? `Remove ${selected.name} from the workshop` : 'Select an attendee first'}
          data-testid="room.remove"
        >
          <Icon name="close" /> Remove
        </button>
      </div>
      <button
        type="button"
        className="btn btn-danger room-end"
        onClick={end}
        aria-disabled={disabled}
        data-testid="room.end"
      >
        End workshop
      </button>
    </div>
  );
}

function AttendeeDesign({ client, row }: { client: PresenterClient; row: AttendeeRow }) {
  const [detail, setDetail] = useState<AttendeeDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Fetched again whenever the attendee reports (their row's `reports` grows).
  // biome-ignore lint/correctness/useExhaustiveDependencies: row.reports is the change signal
  useEffect(() => {
    let live = true;
    client.attendee(row.id).then(
      (d) => {
        if (!live) return;
        setDetail(d);
        setError(null);
      },
      (e) => live && setError(messageOf(e)),
    );
    return () => {
      live = false;
    };
  }, [client, row.id, row.reports]);
  const label = `${row.name}’s design`;
  return (
    <section className="room-detail" aria-label={label} data-testid="room.detail">
      <h2 className="section-title">
        {label}
        <span className="room-muted">{detail?.design ? detail.design.name : ''}</span>
      </h2>
      {error && <p className="field-error">{error}</p>}
      {!error && detail && !detail.design && (
        <p className="room-empty">{row.name} has not reported a design yet.</p>
      )}
      {detail?.design && <ReadOnlyGrid design={detail.design} label={label} />}
    </section>
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
          <Toolbar client={client} lessons={lessons} selected={selected} ask={setPending} />
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
