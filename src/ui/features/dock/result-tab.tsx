// The Result tab: the selected pattern's latest run on DynamoDB Local: status, capacity, paging, items,
// the raw response and request, and the check against the in-memory prediction.
import { useState } from 'react';
import { stringifyExactJson } from '../../../core/values/exact-json.ts';
import type { PlainItem } from '../../../core/values/item.ts';
import { plural } from '../../../core/values/text/plural.ts';
import { useRunCapacity, useRunEstimate } from '../../../store/analysis.ts';
import { useStore } from '../../../store/index.ts';
import type { RunState } from '../../../store/types.ts';
import { CodeView } from '../patterns/code-view.tsx';
import { RUN_SHORTCUT, runPattern } from '../patterns/run-pattern.ts';
import { CapacityTable } from './capacity-table.tsx';
import { ItemsTable } from './items-table.tsx';
import { CheckSummary, CheckView } from './run-check.tsx';
import { RunError } from './run-error.tsx';
import { isReadOperation, type RunTarget, runStatusParts } from './run-format.ts';
import { useComparison, usePrediction } from './use-prediction.ts';

type SubTab = 'items' | 'check' | 'response' | 'request';

export function ResultTab() {
  const selection = useStore((s) => s.selection);
  const patternId = selection?.kind === 'pattern' ? selection.id : null;
  const pattern = useStore((s) => s.design?.accessPatterns.find((p) => p.id === patternId));
  const run = useStore((s) => (patternId ? s.runs[patternId] : undefined));
  if (!patternId || !pattern)
    return (
      <div className="empty-state dock-empty">
        <h3>No pattern selected</h3>
        <p>Select an access pattern, then Run it on DynamoDB Local ({RUN_SHORTCUT}).</p>
      </div>
    );
  if (!run)
    return (
      <div className="empty-state dock-empty">
        <h3>Not run yet</h3>
        <p>
          Run “{pattern.name}” on DynamoDB Local to see its items, consumed capacity and a check against the
          prediction.
        </p>
        <button type="button" className="btn btn-primary" data-testid="run.start" onClick={runPattern}>
          Run <kbd className="pe-kbd">{RUN_SHORTCUT}</kbd>
        </button>
      </div>
    );
  return <RunView key={patternId} patternId={patternId} run={run} />;
}

function RunView({ patternId, run }: { patternId: string; run: RunState }) {
  const prediction = usePrediction(patternId, run);
  const comparison = useComparison(run, prediction);
  const runCurrent = useStore((s) => s.runCurrent);
  const retry = () => void runCurrent(patternId, run.args, run.exclusiveStartKey);
  if (run.status === 'running')
    return (
      <div className="run-status" data-testid="run.status" data-state="running" aria-live="polite">
        <span className="run-spinner" aria-hidden="true" /> Running on DynamoDB Local…
      </div>
    );
  if (run.status === 'error')
    return <RunError run={run} patternId={patternId} prediction={prediction} onRetry={retry} />;
  return <RunDone run={run} patternId={patternId} prediction={prediction} comparison={comparison} />;
}

function RunDone({
  run,
  patternId,
  prediction,
  comparison,
}: {
  run: Extract<RunState, { status: 'done' }>;
  patternId: string;
  prediction: ReturnType<typeof usePrediction>;
  comparison: ReturnType<typeof useComparison>;
}) {
  const { result } = run;
  const read = isReadOperation(result.operation);
  const [tab, setTab] = useState<SubTab>(read ? 'items' : 'request');
  const runCurrent = useStore((s) => s.runCurrent);
  const target: RunTarget = useStore((s) => (s.health?.dynamodb.mode === 'aws' ? 'AWS' : 'Local'));
  const lastKey = result.lastEvaluatedKey as PlainItem | undefined;
  const estimate = useRunEstimate(run, patternId);
  const capacity = useRunCapacity(
    estimate,
    result.consumedCapacity,
    target === 'AWS' ? 'aws' : 'dynamodb-local',
  );
  const tabs: [SubTab, string][] = [
    ['items', `Items ${result.items.length}`],
    ['check', 'Check'],
    ['response', 'Response JSON'],
    ['request', 'Request JSON'],
  ];
  return (
    <div className="run">
      <div className="run-head">
        <div className="run-status" data-testid="run.status" data-state="done" aria-live="polite">
          {runStatusParts(result, target).map((part, i) => (
            <span key={part} className={i === 0 ? 'run-ok' : undefined}>
              {part}
            </span>
          ))}
          {run.pages > 1 && <span>Page {run.pages}</span>}
        </div>
      </div>
      {lastKey && (
        <div className="run-paging">
          <span>Stopped after {plural(result.scannedCount, 'item')} read</span>
          <button
            type="button"
            className="btn btn-sm"
            data-testid="run.nextPage"
            onClick={() => void runCurrent(patternId, run.args, lastKey)}
          >
            Next page
          </button>
          <code className="mono run-key" title="LastEvaluatedKey" data-testid="run.lastEvaluatedKey">
            {stringifyExactJson(lastKey)}
          </code>
        </div>
      )}
      <div className="run-body">
        <div className="run-main">
          <div className="run-subtabs" role="tablist" aria-label="Run result views">
            {tabs.map(([id, label]) => (
              <button
                key={id}
                type="button"
                role="tab"
                className="run-subtab"
                aria-selected={tab === id}
                data-testid={`run.tab.${id}`}
                onClick={() => setTab(id)}
              >
                {label}
              </button>
            ))}
          </div>
          <div className="run-panel" role="tabpanel">
            {tab === 'items' && <ItemsTable design={run.design} items={result.items} testId="run.items" />}
            {tab === 'check' && <CheckView run={run} prediction={prediction} comparison={comparison} />}
            {tab === 'response' && (
              <CodeView
                value={stringifyExactJson(result.response, 2)}
                label="Response JSON"
                height="100%"
                testId="run.response"
              />
            )}
            {tab === 'request' && (
              <CodeView
                value={stringifyExactJson(result.request, 2)}
                label="Request JSON"
                height="100%"
                testId="run.request"
              />
            )}
          </div>
        </div>
        <aside className="run-side" aria-label="Check and consumed capacity">
          <CheckSummary
            comparison={comparison}
            prediction={prediction}
            operation={result.operation}
            onOpen={() => setTab('check')}
          />
          <CapacityTable result={result} design={run.design} estimate={estimate} comparison={capacity} />
        </aside>
      </div>
    </div>
  );
}
