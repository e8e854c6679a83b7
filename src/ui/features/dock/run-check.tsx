// The check: the in-memory prediction and DynamoDB's page side by side, differences highlighted.
import type { RunComparison } from '../../../core/evaluate/compare-run.ts';
import { itemKeyLabel } from '../../../core/evaluate/compare-run.ts';
import { primaryKeyNames } from '../../../core/model/indexes.ts';
import { plural } from '../../../core/values/text/plural.ts';
import { fingerprintOf } from '../../../store/applied.ts';
import { useStore } from '../../../store/index.ts';
import type { RunState } from '../../../store/types.ts';
import { Icon } from '../../components/icon.tsx';
import { isReadOperation } from './run-format.ts';
import type { Prediction } from './use-prediction.ts';

interface SummaryProps {
  comparison: RunComparison | null;
  prediction: Prediction | null;
  operation: string;
  onOpen: () => void;
}

export function CheckSummary({ comparison, prediction, operation, onOpen }: SummaryProps) {
  if (prediction?.error)
    return (
      <span className="run-check run-check-muted" data-testid="run.check" data-state="unavailable">
        No prediction: {prediction.error}
      </span>
    );
  if (!comparison)
    return (
      <span className="run-check run-check-muted" data-testid="run.check" data-state="none">
        No in-memory prediction for {operation}
      </span>
    );
  if (comparison.matches)
    return (
      <button
        type="button"
        className="run-check run-check-ok"
        data-testid="run.check"
        data-state="match"
        onClick={onOpen}
        title={
          prediction?.ordered === false
            ? 'A Scan is compared as a set: DynamoDB scans in hash order'
            : undefined
        }
      >
        <Icon name="check" />
        <span className="run-check-text">
          Local matches prediction {comparison.matched}/{comparison.total}
        </span>
      </button>
    );
  if (comparison.known)
    return (
      <button
        type="button"
        className="run-check run-check-muted"
        data-testid="run.check"
        data-state="known"
        onClick={onOpen}
        title={comparison.known}
      >
        <Icon name="check" />
        <span className="run-check-text">DynamoDB Local differs here (known)</span>
      </button>
    );
  const n = comparison.differences.length;
  return (
    <button
      type="button"
      className="run-check run-check-bad"
      data-testid="run.check"
      data-state="mismatch"
      onClick={onOpen}
    >
      <Icon name="warn" />
      <span className="run-check-text">{plural(n, 'difference')} from the prediction</span>
    </button>
  );
}

interface CheckViewProps {
  run: Extract<RunState, { status: 'done' }>;
  prediction: Prediction | null;
  comparison: RunComparison | null;
}

export function CheckView({ run, prediction, comparison }: CheckViewProps) {
  const design = useStore((s) => s.design);
  const applied = useStore((s) => (s.apply.status === 'done' ? s.apply.design : null));
  const runs = useStore((s) => s.runs);
  const wrote = Object.values(runs).some((r) => r.status === 'done' && !isReadOperation(r.result.operation));
  if (!comparison || !prediction?.result)
    return (
      <p className="dock-empty-line">
        {prediction?.error ?? `No in-memory prediction for ${run.result.operation}.`}
      </p>
    );
  const keyNames = primaryKeyNames(run.design);
  const predicted = prediction.result.items;
  const actual = run.result.items;
  const left = new Set<number>();
  const right = new Set<number>();
  for (const d of comparison.differences) {
    if (d.kind === 'values') {
      left.add(d.position);
      right.add(d.position);
    } else if (d.kind === 'item') {
      if (d.predicted !== undefined) left.add(d.position);
      if (d.actual !== undefined) right.add(d.position);
    }
  }
  const rows = Math.max(predicted.length, actual.length);
  return (
    <div className="check-view" data-testid="run.checkView">
      {comparison.known && (
        <p className="check-hint" data-testid="run.check.known">
          {comparison.known} The page below is DynamoDB Local's; the prediction is what AWS documents.
        </p>
      )}
      {!comparison.matches && (
        <ul className="check-differences">
          {comparison.differences.map((d, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: differences have no identity beyond their order.
            <li key={i}>{d.message}</li>
          ))}
          {wrote && (
            <li className="check-hint">
              Write patterns ran on DynamoDB Local: their changes are in its table, not in the design's
              samples. Apply again to reset the table.
            </li>
          )}
          {applied && fingerprintOf(applied) !== fingerprintOf(run.design) && (
            <li className="check-hint">
              The table was applied from another version of the design: Apply again, then Run.
            </li>
          )}
        </ul>
      )}
      {design !== run.design && (
        <p className="check-hint">
          The design changed after this run; the prediction is for the design as it was run.
        </p>
      )}
      <table className="check-table">
        <thead>
          <tr>
            <th className="items-num">#</th>
            <th>
              Predicted (in memory) · Count {prediction.result.count} · ScannedCount{' '}
              {prediction.result.scannedCount}
            </th>
            <th>
              DynamoDB Local · Count {run.result.count} · ScannedCount {run.result.scannedCount}
            </th>
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: rows }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the page.
            <tr key={i}>
              <td className="items-num">{i + 1}</td>
              <td
                className={`mono${left.has(i) ? ' check-bad' : ''}`}
                title={predicted[i] ? itemKeyLabel(predicted[i], keyNames) : undefined}
              >
                {predicted[i] ? itemKeyLabel(predicted[i], keyNames) : '—'}
              </td>
              <td
                className={`mono${right.has(i) ? ' check-bad' : ''}`}
                title={actual[i] ? itemKeyLabel(actual[i], keyNames) : undefined}
              >
                {actual[i] ? itemKeyLabel(actual[i], keyNames) : '—'}
              </td>
            </tr>
          ))}
          {rows === 0 && (
            <tr>
              <td />
              <td>0 items</td>
              <td>0 items</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
