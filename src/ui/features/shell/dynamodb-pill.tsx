// DynamoDB's state as the server reports it: green up, amber starting, grey offline (with why, on hover).
import { useStore } from '../../../store/index.ts';
import { summarizeHealth } from '../../hooks/use-health.ts';

export function DynamoDbPill({ compact = false }: { compact?: boolean }) {
  const health = useStore((s) => s.health);
  const error = useStore((s) => s.healthError);
  const summary = summarizeHealth(health, error);
  return (
    <span
      className={`pill pill-${summary.tone}${compact ? ' pill-compact' : ''}`}
      title={summary.detail}
      data-testid={compact ? 'status.dynamodb' : 'topbar.dynamodb'}
      data-state={summary.tone}
    >
      <span className="pill-dot" aria-hidden="true" />
      {!compact && <span className="pill-name">DynamoDB</span>}
      <span className="pill-label">{summary.label}</span>
    </span>
  );
}
