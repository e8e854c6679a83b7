// Apply on a changed design: when this browser knows what the table holds (the design applied last) and the
// design on screen needs more than a plain write over it (a backfill, or a recreated table), Apply shows
// the verdict and the migration plan first, with the choices: apply anyway, replacing the table's items
// (and recreating the table where its key schema changes), compare in the grid, or cancel.
import { lazy, Suspense } from 'react';
import { createPortal } from 'react-dom';
import { create } from 'zustand';
import { fingerprintOf } from '../../../store/applied.ts';
import { appliedDesignOf } from '../../../store/applied-design.ts';
import { compareOnce, startCompare } from '../../../store/compare.ts';
import type { Comparison } from '../../../store/compare-core.ts';
import { useStore } from '../../../store/index.ts';
import { Icon } from '../../components/icon.tsx';
import { Modal } from '../../components/modal.tsx';
import { VERDICT_LABEL, VERDICT_MEANING, VerdictIcon } from './verdict.tsx';
import './compare.css';

const PlanTable = lazy(() => import('./compare-tabs.tsx').then((m) => ({ default: m.PlanTable })));

interface PlanDialogState {
  /** The comparison of the applied version with the design about to be applied. */
  shown: { comparison: Comparison; applied: ReturnType<typeof appliedDesignOf> } | null;
  checking: boolean;
}

const usePlanDialog = create<PlanDialogState>()(() => ({ shown: null, checking: false }));

/**
 * What the Apply button does: applies at once, unless the table holds a known earlier version this design
 * cannot simply be written over, in which case the plan dialog opens and nothing is written yet.
 * `beforeApply` runs only when it applies.
 */
export async function applyOrPlan(beforeApply?: () => void): Promise<void> {
  const state = useStore.getState();
  const design = state.design;
  if (!design || usePlanDialog.getState().checking) return;
  const record = state.appliedTables[design.table.name];
  const applied = appliedDesignOf(design.table.name, record);
  if (applied && record?.fingerprint !== fingerprintOf(design)) {
    usePlanDialog.setState({ checking: true });
    try {
      const comparison = await compareOnce(applied, design);
      if (comparison.diff.verdict !== 'compatible') {
        usePlanDialog.setState({ shown: { comparison, applied } });
        return;
      }
    } catch (error) {
      // No verdict: Apply as before (the server still refuses a key schema change without recreate).
      console.error('comparing with the applied version failed', error);
    } finally {
      usePlanDialog.setState({ checking: false });
    }
  }
  beforeApply?.();
  await useStore.getState().applyCurrent();
}

const close = () => usePlanDialog.setState({ shown: null });

function PlanDialog({ comparison, applied }: NonNullable<PlanDialogState['shown']>) {
  const applyCurrent = useStore((s) => s.applyCurrent);
  const tableName = useStore((s) => s.design?.table.name);
  const { diff, plan } = comparison;
  const recreate = diff.recreate;
  return (
    <Modal
      className="compare-modal compare-plan-modal"
      role="alertdialog"
      testId="apply.plan"
      onClose={close}
      initialFocus='[data-testid="apply.plan.cancel"]'
      title={
        <>
          <span className={`chip compare-verdict is-${diff.verdict}`} data-testid="apply.plan.verdict">
            <VerdictIcon verdict={diff.verdict} />
            {VERDICT_LABEL[diff.verdict]}
          </span>{' '}
          This design changes what the table holds
        </>
      }
    >
      <div className="compare-modal-body">
        <p>
          Compared with the version applied to <span className="mono">{tableName}</span>:{' '}
          {VERDICT_MEANING[diff.verdict]}.
        </p>
        <ul className="compare-list" data-testid="apply.plan.reasons">
          {diff.reasons.slice(0, 6).map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
          {diff.reasons.length > 6 && <li>… and {diff.reasons.length - 6} more (Compare tab)</li>}
        </ul>
        <h3 className="compare-subhead">On a live table, the migration plan</h3>
        <section
          className="compare-plan-scroll"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus
          tabIndex={0}
          aria-label="Migration plan"
        >
          <Suspense fallback={<p className="dock-empty-line">Loading the plan…</p>}>
            <PlanTable plan={plan} />
          </Suspense>
        </section>
        <p className="compare-note">
          <Icon name="warn" size={12} className="tone-warn" /> DynamoDB Local holds sample items only:
          applying here {recreate ? 'deletes the table, creates it again' : 'writes the new items'} and
          deletes the items under their old keys, rather than migrating them.
        </p>
        <div className="popover-actions">
          <button
            type="button"
            className="btn btn-danger"
            data-testid="apply.plan.apply"
            onClick={() => {
              close();
              void applyCurrent({ replace: true, recreate: recreate || undefined });
            }}
          >
            {recreate ? 'Recreate the table and apply' : "Apply, replacing the table's items"}
          </button>
          {applied && (
            <button
              type="button"
              className="btn"
              data-testid="apply.plan.compare"
              onClick={() => {
                close();
                startCompare({ kind: 'applied', label: 'applied version', design: applied });
                useStore.getState().setDockTab('compare');
              }}
            >
              Compare in the grid
            </button>
          )}
          <button type="button" className="btn btn-ghost" data-testid="apply.plan.cancel" onClick={close}>
            Cancel
          </button>
        </div>
      </div>
    </Modal>
  );
}

/** The plan dialog, when Apply opened it: on the page's body, above the top bar's stacking context. */
export function ApplyPlanDialog() {
  const shown = usePlanDialog((s) => s.shown);
  return shown ? createPortal(<PlanDialog {...shown} />, document.body) : null;
}
