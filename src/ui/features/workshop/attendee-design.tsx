// One attendee's design, read-only, below the room's table: fetched from the server when the presenter selects
// the attendee and again each time the attendee reports.
import { useEffect, useState } from 'react';
import type { PresenterClient } from '../../../api/workshop-client.ts';
import type { AttendeeDetail, AttendeeRow } from '../../../core/contract/workshop-contract.ts';
import { messageOf } from '../../../core/values/text/message.ts';
import { ReadOnlyGrid } from './read-only-grid.tsx';

export function AttendeeDesign({ client, row }: { client: PresenterClient; row: AttendeeRow }) {
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
