// Apply: creates or updates the table on DynamoDB and writes the items over it, with progress, the outcome,
// and a confirmation before anything is deleted: a key schema change that recreates the table, or a replace
// of the items the table holds that are not in the design (Apply alone deletes none).
import { useEffect, useState } from 'react';
import type { ApplyResponse } from '../../../core/contract/contract.ts';
import { plural } from '../../../core/values/text/plural.ts';
import { isOutOfDate } from '../../../store/applied.ts';
import { useDeferredDesign } from '../../../store/derived.ts';
import { useStore } from '../../../store/index.ts';
import type { ApplyState } from '../../../store/types.ts';
import { Icon } from '../../components/icon.tsx';
import { ApplyPlanDialog, applyOrPlan } from '../compare/apply-plan.tsx';
import { DataLostNotice } from './data-lost-notice.tsx';
import { PopoverHead } from './popover-head.tsx';

/**
 * The items the table kept that are not in the design, and the confirmed step that deletes them, naming the
 * table and the count the Apply just found.
 */
function NotInDesign({ result, onClose }: { result: ApplyResponse; onClose: () => void }) {
  const applyCurrent = useStore((s) => s.applyCurrent);
  const [confirming, setConfirming] = useState(false);
  const { notInDesign } = result.items;
  return (
    <div className="apply-not-in-design" data-testid="topbar.apply.notInDesign">
      <p className="apply-message">
        <Icon name="warn" className="tone-warn" size={12} /> The table also holds{' '}
        {plural(notInDesign, 'item')} that {notInDesign === 1 ? 'is' : 'are'} not in the design (Apply writes
        the design's items and deletes none).
      </p>
      {confirming ? (
        <>
          <p className="apply-message" data-testid="topbar.apply.replace.question">
            Delete {plural(notInDesign, 'item')} not in the design from{' '}
            <span className="mono">{result.tableName}</span>?
          </p>
          <div className="popover-actions">
            <button
              type="button"
              className="btn btn-danger"
              data-testid="topbar.apply.replace.confirm"
              onClick={() => void applyCurrent({ replace: true })}
            >
              Delete {plural(notInDesign, 'item')}
            </button>
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              Keep them
            </button>
          </div>
        </>
      ) : (
        <div className="popover-actions">
          <button
            type="button"
            className="btn"
            data-testid="topbar.apply.replace"
            onClick={() => setConfirming(true)}
          >
            Replace the table's items…
          </button>
        </div>
      )}
    </div>
  );
}

function ApplyOutcome({ apply, onClose }: { apply: ApplyState; onClose: () => void }) {
  const applyCurrent = useStore((s) => s.applyCurrent);
  if (apply.status === 'done') {
    const { result } = apply;
    return (
      <div
        className="popover apply-popover"
        role="dialog"
        aria-label="Apply result"
        data-testid="topbar.apply.result"
      >
        <PopoverHead icon="check" tone="ok" title={`Table ${result.action}`} onClose={onClose}>
          <span className="muted">· {result.ms} ms</span>
        </PopoverHead>
        <div className="popover-body">
          <div className="mono">{result.tableName}</div>
          <div>
            {result.items.written} of {result.items.total} items written
            {result.items.deleted > 0 ? `, ${result.items.deleted} not in the design deleted` : ''}
          </div>
          {result.changes.length > 0 && (
            <ul className="apply-changes">
              {result.changes.map((change) => (
                <li key={change}>{change}</li>
              ))}
            </ul>
          )}
          {result.items.notInDesign > 0 && <NotInDesign result={result} onClose={onClose} />}
        </div>
      </div>
    );
  }
  if (apply.status !== 'error') return null;
  return (
    <div
      className="popover apply-popover"
      role="alertdialog"
      aria-label="Apply failed"
      data-testid="topbar.apply.error"
    >
      <PopoverHead
        icon={apply.needsRecreate ? 'warn' : 'error'}
        tone={apply.needsRecreate ? 'warn' : 'error'}
        title={apply.needsRecreate ? 'The key schema changed' : 'Apply failed'}
        onClose={onClose}
      />
      <div className="popover-body">
        <p className="apply-message">{apply.error.message}</p>
        {apply.needsRecreate && (
          <div className="popover-actions">
            <button
              type="button"
              className="btn btn-danger"
              data-testid="topbar.apply.recreate"
              onClick={() => void applyCurrent({ recreate: true })}
            >
              Recreate table (deletes its data)
            </button>
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              Cancel
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

export function ApplyButton() {
  const apply = useStore((s) => s.apply);
  // Out of date: the table last applied (this page or before a reload) is not what the design creates now.
  const design = useDeferredDesign();
  const record = useStore((s) => (design ? s.appliedTables[design.table.name] : undefined));
  const health = useStore((s) => s.health);
  const stale = design !== null && isOutOfDate(design, record, health);
  const [dismissed, setDismissed] = useState<ApplyState | null>(null);
  useEffect(() => {
    if (apply.status !== 'done' && apply.status !== 'error') return;
    const close = (event: KeyboardEvent) => event.key === 'Escape' && setDismissed(apply);
    window.addEventListener('keydown', close);
    // A success closes by itself; an error, or items left that are not in the design, stay until read.
    const timer =
      apply.status === 'done' && apply.result.items.notInDesign === 0
        ? setTimeout(() => setDismissed(apply), 6000)
        : undefined;
    // The outcome is about the design as it was applied: once the design changes (an edit, Undo), it no
    // longer says anything about it, so it closes rather than cover the inspector being used to fix it.
    const unsubscribe = useStore.subscribe((state, previous) => {
      if (state.design !== previous.design) setDismissed(apply);
    });
    return () => {
      window.removeEventListener('keydown', close);
      clearTimeout(timer);
      unsubscribe();
    };
  }, [apply]);
  const applying = apply.status === 'applying';
  const label = applying
    ? apply.total > 0
      ? `Loading ${apply.written.toLocaleString('en-US')}/${apply.total.toLocaleString('en-US')}`
      : 'Applying…'
    : 'Apply';
  return (
    <div className="apply">
      <button
        type="button"
        className="btn btn-primary apply-button"
        // Not `disabled`: the focused button would drop the keyboard focus to the page while it applies.
        aria-disabled={applying || undefined}
        aria-busy={applying}
        data-testid="topbar.apply"
        data-state={apply.status}
        title={
          stale && record?.notInDesign
            ? `The table on DynamoDB also holds ${plural(record.notInDesign, 'item')} not in the design: Apply, then Replace the table's items, deletes them`
            : stale
              ? 'The table on DynamoDB is not what the design creates now (the design changed, or DynamoDB Local restarted since the last Apply): apply again to run patterns on it'
              : 'Create or update the table on DynamoDB Local and write the sample items over it (items not in the design are kept until you replace them)'
        }
        onClick={() => {
          if (applying) return;
          // A design the table cannot simply take (a backfill, a recreate) shows its plan first.
          void applyOrPlan(() => setDismissed(null));
        }}
      >
        {applying ? <span className="spinner" aria-hidden="true" /> : <Icon name="upload" />}
        {label}
        {stale && !applying && (
          <span className="apply-stale" title="out of date" data-testid="topbar.apply.stale" />
        )}
      </button>
      {dismissed !== apply && (apply.status === 'done' || apply.status === 'error') ? (
        <ApplyOutcome apply={apply} onClose={() => setDismissed(apply)} />
      ) : (
        <DataLostNotice />
      )}
      <ApplyPlanDialog />
    </div>
  );
}
