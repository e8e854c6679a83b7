// A run that failed, said plainly with the way out: Apply when the table is missing, Retry when DynamoDB
// cannot be reached (with the in-memory answer, labelled simulated), the failed condition or the
// per-action reasons of a cancelled transaction.
import type { AccessPattern, WriteAction } from '../../../core/model/schema.ts';
import { writeActions } from '../../../core/requests/pattern-arguments.ts';
import { useStore } from '../../../store/index.ts';
import type { ApiErrorState, RunState } from '../../../store/types.ts';
import { Icon } from '../../components/icon.tsx';
import { ItemsTable } from './items-table.tsx';
import type { Prediction } from './use-prediction.ts';

const UNREACHABLE = new Set(['Offline', 'DynamoDBUnavailable']);

/** The server or DynamoDB cannot be reached: the work is not wrong, the connection is. */
export function isUnreachable(error: ApiErrorState): boolean {
  return UNREACHABLE.has(error.code) || error.status === 0 || (error.status ?? 0) >= 502;
}

interface Reason {
  code: string;
  message?: string;
}

function cancellationReasons(error: ApiErrorState): Reason[] {
  const details = error.details as { cancellationReasons?: Reason[] } | undefined;
  return details?.cancellationReasons ?? [];
}

function conditionHint(condition: WriteAction['condition']): string | null {
  if (condition === 'not-exists')
    return 'An item with this key already exists, and the write requires that none does.';
  if (condition === 'exists') return 'No item with this key exists, and the write requires one.';
  return null;
}

interface Props {
  run: Extract<RunState, { status: 'error' }>;
  patternId: string;
  prediction: Prediction | null;
  onRetry: () => void;
}

export function RunError({ run, patternId, prediction, onRetry }: Props) {
  const { error } = run;
  if (isUnreachable(error)) return <Unreachable run={run} prediction={prediction} onRetry={onRetry} />;
  if (error.code === 'TableNotFound') return <TableMissing onRetry={onRetry} />;
  const pattern = run.design.accessPatterns.find((p) => p.id === patternId);
  const reasons = cancellationReasons(error);
  const [write] = pattern ? (writeActions(pattern) ?? []) : [];
  const hint = error.code === 'ConditionalCheckFailedException' ? conditionHint(write?.condition) : null;
  return (
    <div className="run-error" data-testid="run.error" data-code={error.code} role="alert">
      <div className="run-error-head">
        <Icon name="error" /> <strong>{error.code}</strong>
      </div>
      <p className="run-error-message">{error.message}</p>
      {hint && <p className="run-error-hint">{hint}</p>}
      {reasons.length > 0 && <CancellationReasons reasons={reasons} pattern={pattern} />}
    </div>
  );
}

function CancellationReasons({ reasons, pattern }: { reasons: Reason[]; pattern?: AccessPattern }) {
  const actions = pattern?.operation === 'TransactWriteItems' ? pattern.actions : [];
  return (
    <ol className="run-reasons" data-testid="run.cancellationReasons">
      {reasons.map((reason, i) => {
        const action = actions[i];
        const fine = reason.code === 'None';
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: reasons are positional, one per action.
          <li key={i} className={fine ? 'run-reason-ok' : 'run-reason-bad'}>
            <span className="mono">
              {i + 1}. {action ? `${action.operation} ${action.entity}` : `action ${i + 1}`}
            </span>
            <span>
              {fine
                ? 'fine (cancelled with the others)'
                : `${reason.code}${reason.message ? `: ${reason.message}` : ''}`}
              {reason.code === 'ConditionalCheckFailed' && conditionHint(action?.condition) && (
                <span className="run-error-hint"> {conditionHint(action?.condition)}</span>
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function TableMissing({ onRetry }: { onRetry: () => void }) {
  const apply = useStore((s) => s.apply);
  const applyCurrent = useStore((s) => s.applyCurrent);
  return (
    <div
      className="banner banner-warn run-banner"
      data-testid="run.error"
      data-code="TableNotFound"
      role="alert"
    >
      <span>
        <strong>Apply the design first</strong>: its table does not exist on DynamoDB Local yet.
      </span>
      {apply.status === 'applying' ? (
        <span className="run-progress">
          Applying… {apply.total > 0 ? `${apply.written}/${apply.total} items` : ''}
        </span>
      ) : apply.status === 'done' ? (
        <button type="button" className="btn btn-primary btn-sm" onClick={onRetry} data-testid="run.retry">
          Run again
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-primary btn-sm"
          data-testid="run.apply"
          onClick={() => void applyCurrent()}
        >
          Apply
        </button>
      )}
      {apply.status === 'error' && <span className="field-error">{apply.error.message}</span>}
    </div>
  );
}

function Unreachable({
  run,
  prediction,
  onRetry,
}: {
  run: Extract<RunState, { status: 'error' }>;
  prediction: Prediction | null;
  onRetry: () => void;
}) {
  const result = prediction?.result;
  return (
    <div className="run-unreachable">
      <div
        className="banner banner-error run-banner"
        data-testid="run.error"
        data-code={run.error.code}
        role="alert"
      >
        <span>
          <strong>DynamoDB Local is not reachable.</strong> {run.error.message}
        </span>
        <button type="button" className="btn btn-sm" data-testid="run.retry" onClick={onRetry}>
          Retry
        </button>
      </div>
      {result && (
        <>
          <div className="run-status run-simulated" data-testid="run.simulated">
            <span className="badge">simulated</span> In memory · Count {result.count} · ScannedCount{' '}
            {result.scannedCount}
            {result.lastEvaluatedKey && ' · more pages'}
          </div>
          <ItemsTable design={run.design} items={result.items} testId="run.items" />
        </>
      )}
    </div>
  );
}
