// The attendee's workshop state in the status bar: joined as whom, the link to the room (live /
// reconnecting — edits are kept either way), a report the server refused, the end of the workshop.
import { useWorkshop } from '../../../store/workshop.ts';
import './workshop.css';

export function WorkshopStatus() {
  const status = useWorkshop((s) => s.status);
  const attendee = useWorkshop((s) => s.attendee);
  const stream = useWorkshop((s) => s.stream);
  const ended = useWorkshop((s) => s.ended);
  const reportError = useWorkshop((s) => s.reportError);
  if (status !== 'joined' || !attendee) return null;
  const state = ended ? 'ended' : stream === 'live' ? 'live' : 'reconnecting';
  const text = ended
    ? 'Workshop ended'
    : state === 'live'
      ? `Workshop · ${attendee.name}`
      : `Workshop · reconnecting (edits kept)`;
  return (
    <span
      className={`workshop-status is-${state}`}
      data-testid="workshop.status"
      data-state={state}
      title={reportError ?? (state === 'live' ? 'Your progress reaches the presenter' : undefined)}
    >
      <span className="room-live-dot" aria-hidden="true" />
      {text}
      {reportError && !ended && <span className="workshop-status-error"> · not sent: {reportError}</span>}
    </span>
  );
}
