// The status bar's live indicator: live, reconnecting, or offline (edits are kept and merge on reconnect).
import { useLive } from '../../../store/live-state.ts';
import './live.css';

const LABELS = {
  connecting: 'Live: connecting…',
  live: 'Live',
  reconnecting: 'Live: reconnecting… (edits kept)',
  offline: 'Live: offline — edits kept',
} as const;

export function LiveStatus() {
  const status = useLive((s) => s.status);
  const others = useLive((s) => s.others.length);
  if (!status) return null;
  return (
    <button
      type="button"
      className={`live-status live-status-${status}`}
      data-testid="live.status"
      data-status={status}
      title="The live session: its link and who is here"
      onClick={() => useLive.setState({ dialogOpen: true })}
    >
      <span className="live-status-dot" aria-hidden="true" />
      {LABELS[status]}
      {status === 'live' && others > 0 && ` · ${others + 1} here`}
    </button>
  );
}
