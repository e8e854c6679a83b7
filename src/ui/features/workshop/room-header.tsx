// The room view's title bar: the workshop's name and whether the presenter event stream is live, reconnecting
// or over (the room's state is read from the attendees' stream, room-store.ts).
import { ThemeToggle } from '../shell/theme-toggle.tsx';
import { useRoom } from './room-store.ts';

export function RoomHeader() {
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
