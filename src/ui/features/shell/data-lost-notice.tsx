// DynamoDB Local runs in memory: when it restarts (it died, or the server did), every table is gone. Health
// reports the new instance and when the data was lost; this notice under Apply says so for the table last
// applied, and offers to apply it again.
import { useState } from 'react';
import { lostSinceApply } from '../../../store/applied.ts';
import { useStore } from '../../../store/index.ts';
import { PopoverHead } from './popover-head.tsx';

export function DataLostNotice() {
  const tableName = useStore((s) => s.design?.table.name);
  const record = useStore((s) => (tableName === undefined ? undefined : s.appliedTables[tableName]));
  const health = useStore((s) => s.health);
  const applying = useStore((s) => s.apply.status === 'applying');
  const applyCurrent = useStore((s) => s.applyCurrent);
  // Dismissed for this instance of DynamoDB Local: another restart asks again.
  const [dismissed, setDismissed] = useState<string | undefined>();
  const lost = lostSinceApply(record, health);
  const instance = health?.dynamodb.instance;
  if (!lost || applying || dismissed === instance) return null;
  const when = lost.at ? ` at ${new Date(lost.at).toLocaleTimeString()}` : '';
  return (
    <div
      className="popover apply-popover"
      role="alertdialog"
      aria-label="The applied table was lost"
      data-testid="topbar.apply.lost"
    >
      <PopoverHead
        icon="warn"
        tone="warn"
        title="The table was lost"
        onClose={() => setDismissed(instance)}
      />
      <div className="popover-body">
        <p className="apply-message" data-testid="topbar.apply.lost.message">
          DynamoDB Local restarted{when} and, as it keeps its data in memory, lost every table since your last
          Apply: <span className="mono">{`${record?.namespace ?? ''}${tableName}`}</span> is gone with its
          items.
        </p>
        <div className="popover-actions">
          <button
            type="button"
            className="btn btn-primary"
            data-testid="topbar.apply.again"
            onClick={() => void applyCurrent()}
          >
            Apply again
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => setDismissed(instance)}>
            Not now
          </button>
        </div>
      </div>
    </div>
  );
}
