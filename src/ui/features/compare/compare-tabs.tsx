// The dock's Compare and Plan tabs while comparing: the verdict with its reasons, the stored items that
// change, the access patterns whose answers change, the design changes; and the migration plan's steps with
// their capacity, cost and time (core/features/diff/plan.ts). Loaded by the dock on first use.
import type { Change } from '../../../core/features/diff/definition-changes.ts';
import type { PatternDiff } from '../../../core/features/diff/pattern-diffs.ts';
import {
  formatDollars as dollars,
  formatDuration as duration,
  type MigrationPlan,
  type PlanStep,
} from '../../../core/features/diff/plan.ts';
import { stopCompare, useCompare } from '../../../store/compare.ts';
import type { Comparison } from '../../../store/compare-core.ts';
import { useStore } from '../../../store/index.ts';
import { VERDICT_LABEL, VERDICT_MEANING, VerdictIcon } from './verdict.tsx';
import './compare.css';

const n = (x: number) => Math.round(x).toLocaleString('en-US');
const units = (x: number) =>
  Number.isInteger(x) ? n(x) : x.toLocaleString('en-US', { maximumFractionDigits: 1 });

const STATUS_TEXT: Record<PatternDiff['status'], string> = {
  same: 'same answer',
  changed: 'answer changes',
  added: 'new pattern',
  removed: 'removed',
  unserved: 'no longer served',
  unevaluated: 'cannot be evaluated',
};

/** The comparison on screen, or a line saying why there is none (yet). */
function useShown(): Comparison | React.ReactNode {
  const result = useCompare((s) => s.result);
  const error = useCompare((s) => s.error);
  const source = useCompare((s) => s.source);
  if (!source) return <p className="dock-empty-line">Not comparing: use “Compare with…” above the grid.</p>;
  if (result) return result.comparison;
  if (error)
    return (
      <p className="dock-empty-line compare-error" role="alert">
        The comparison failed: {error}
      </p>
    );
  return <p className="dock-empty-line">Comparing with the {source.label}…</p>;
}

function isComparison(value: unknown): value is Comparison {
  return typeof value === 'object' && value !== null && 'diff' in value && 'plan' in value;
}

function ChangeRow({ change }: { change: Change }) {
  return (
    <li>
      <span className={`compare-kind is-${change.kind}`}>{change.kind}</span>{' '}
      <span className="mono">{change.target}</span>:{' '}
      {/* A key's detail starts with the key's name (`SK: … → …`), already the end of the target. */}
      {change.detail.startsWith(`${change.target.split('.').pop()}: `)
        ? change.detail.slice(change.detail.indexOf(': ') + 2)
        : change.detail}
      {change.verdict !== 'compatible' && (
        <span className={`compare-change-verdict is-${change.verdict}`}>
          {' '}
          ({VERDICT_LABEL[change.verdict]})
        </span>
      )}
    </li>
  );
}

export function CompareTab() {
  const shown = useShown();
  const source = useCompare((s) => s.source);
  const names = useStore((s) => s.design?.accessPatterns);
  const setDockTab = useStore((s) => s.setDockTab);
  if (!isComparison(shown)) return shown;
  const { diff, plan } = shown;
  const i = diff.items;
  const patterns = diff.patterns.filter((p) => p.status !== 'same');
  const nameOf = (id: string) => names?.find((p) => p.id === id)?.name ?? id;
  return (
    <section
      className="compare-panel"
      data-testid="compare.tab"
      // Scrollable: keyboard users reach it to scroll it (WCAG 2.1.1).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus
      tabIndex={0}
      aria-label="Comparison"
    >
      <div className="compare-head">
        <span className={`chip compare-verdict is-${diff.verdict}`} data-testid="compare.tab.verdict">
          <VerdictIcon verdict={diff.verdict} />
          {VERDICT_LABEL[diff.verdict]}
        </span>
        <span className="compare-meaning">
          {VERDICT_MEANING[diff.verdict]} <span className="muted">(vs the {source?.label})</span>
        </span>
        {plan.steps.length > 0 && (
          <button type="button" className="btn btn-sm" onClick={() => setDockTab('plan')}>
            Plan: {plan.steps.length} steps
          </button>
        )}
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={stopCompare}
          data-testid="compare.tab.stop"
        >
          Stop comparing
        </button>
      </div>
      <div className="compare-columns">
        <section aria-labelledby="compare-reasons">
          <h3 id="compare-reasons">Why</h3>
          <ul className="compare-list" data-testid="compare.reasons">
            {diff.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
          <p className="compare-items" data-testid="compare.items">
            Of {n(i.total)} stored sample items: {n(i.rewrite)} move to a new primary key, {n(i.indexKeys)}{' '}
            change index keys, {n(i.attributes)} change other attributes, {n(i.delete)} deleted, {n(i.create)}{' '}
            copies created, {n(i.unchanged)} unchanged.
          </p>
        </section>
        <section aria-labelledby="compare-patterns">
          <h3 id="compare-patterns">Access patterns</h3>
          {patterns.length === 0 ? (
            <p className="compare-items">Every pattern answers as before ({diff.patterns.length}).</p>
          ) : (
            <ul className="compare-list" data-testid="compare.patterns">
              {patterns.map((p) => (
                <li key={p.id} data-testid={`compare.pattern.${p.id}`}>
                  <strong>{nameOf(p.id)}</strong>: {STATUS_TEXT[p.status]}
                  {p.before && p.after && (
                    <span className="muted">
                      {' '}
                      ({p.before.error ? 'error' : p.before.count} → {p.after.error ? 'error' : p.after.count}{' '}
                      items)
                    </span>
                  )}
                  {p.reason && <> — {p.reason}</>}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="compare-changes">
          <h3 id="compare-changes">Design changes ({diff.changes.length})</h3>
          <ul className="compare-list" data-testid="compare.changes">
            {diff.changes.map((c) => (
              <ChangeRow key={`${c.area}:${c.target}:${c.detail}`} change={c} />
            ))}
          </ul>
        </section>
      </div>
    </section>
  );
}

function StepRow({ step, index }: { step: PlanStep; index: number }) {
  return (
    <tr data-testid="compare.plan.step" data-kind={step.kind}>
      <td className="items-num">{index + 1}</td>
      <td className="compare-step">
        <div className="compare-step-title">{step.title}</div>
        <div className="compare-step-detail">{step.detail}</div>
      </td>
      <td className="num">{units(step.readUnits)}</td>
      <td className="num">{units(step.writeUnits)}</td>
      <td className="num">{step.dollars ? dollars(step.dollars) : '—'}</td>
      <td className="num">{step.seconds !== undefined ? duration(step.seconds) : '—'}</td>
    </tr>
  );
}

/** The migration plan as a table: one row per step, then the totals. */
export function PlanTable({ plan }: { plan: MigrationPlan }) {
  if (plan.steps.length === 0)
    return <p className="compare-items">Nothing to migrate: the table can take the new design as it is.</p>;
  return (
    <table className="items-table compare-plan" data-testid="compare.plan">
      <caption className="compare-plan-caption">
        For {n(plan.tableItems)} items at {n(plan.rate)} writes/s, on-demand {plan.prices.region} prices of{' '}
        {plan.prices.effective}
      </caption>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Step</th>
          <th scope="col">RCU</th>
          <th scope="col">WCU</th>
          <th scope="col">Cost</th>
          <th scope="col">Time</th>
        </tr>
      </thead>
      <tbody>
        {plan.steps.map((step, index) => (
          <StepRow key={`${step.kind}:${step.title}`} step={step} index={index} />
        ))}
        <tr className="capacity-total">
          <td />
          <td>Total</td>
          <td className="num">{units(plan.total.readUnits)}</td>
          <td className="num">{units(plan.total.writeUnits)}</td>
          <td className="num">{dollars(plan.total.dollars)}</td>
          <td className="num">{duration(plan.total.seconds)}</td>
        </tr>
      </tbody>
    </table>
  );
}

export function PlanTab() {
  const shown = useShown();
  if (!isComparison(shown)) return shown;
  return (
    <section
      className="compare-panel"
      data-testid="compare.planTab"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus
      tabIndex={0}
      aria-label="Migration plan"
    >
      <PlanTable plan={shown.plan} />
    </section>
  );
}
