// The editor's footer: Run (the same action as ⌘↵), Copy request, Duplicate, Delete.
import { useEffect, useState } from 'react';
import * as ops from '../../../core/model/ops/index.ts';
import type { AccessPattern } from '../../../core/model/schema.ts';
import { useStore } from '../../../store/index.ts';
import { Icon } from '../../components/icon.tsx';
import { deleteAndFocusNeighbour } from '../sidebar/list-row.tsx';
import { RUN_SHORTCUT, runPattern } from './run-pattern.ts';
import { useCommit } from './use-pattern-edit.ts';

export function PatternActions({ pattern, requestText }: { pattern: AccessPattern; requestText: string }) {
  const running = useStore((s) => s.runs[pattern.id]?.status === 'running');
  const select = useStore((s) => s.select);
  const commit = useCommit();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <footer className="pe-footer">
      <button
        type="button"
        className="btn btn-primary"
        data-testid="pattern.run"
        // Not `disabled`: the focused button would drop the keyboard focus to the page while it runs.
        aria-disabled={running || undefined}
        title={`Run on DynamoDB Local (${RUN_SHORTCUT})`}
        onClick={() => {
          if (!running) runPattern();
        }}
      >
        {running ? 'Running…' : 'Run'} <kbd className="pe-kbd">{RUN_SHORTCUT}</kbd>
      </button>
      <button
        type="button"
        className="btn"
        data-testid="pattern.copyRequest"
        disabled={!requestText}
        onClick={() => {
          void navigator.clipboard?.writeText(requestText).then(() => setCopied(true));
        }}
      >
        {copied ? 'Copied!' : 'Copy request'}
      </button>
      <span className="pe-footer-spacer" />
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        data-testid="pattern.duplicate"
        title="Duplicate this pattern"
        onClick={() => {
          const index =
            useStore.getState().design?.accessPatterns.findIndex((p) => p.id === pattern.id) ?? -1;
          if (commit((d) => ops.duplicatePattern(d, pattern.id)) !== null) return;
          const copy = useStore.getState().design?.accessPatterns[index + 1];
          if (copy) select({ kind: 'pattern', id: copy.id });
        }}
      >
        Duplicate
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-icon btn-danger"
        data-testid="pattern.delete"
        aria-label="Delete this pattern"
        title="Delete this pattern (undo brings it back)"
        onClick={() =>
          deleteAndFocusNeighbour(`sidebar.pattern.${pattern.id}`, 'sidebar.addPattern', () => {
            if (commit((d) => ops.removePattern(d, pattern.id)) === null) select(null);
          })
        }
      >
        <Icon name="trash" />
      </button>
    </footer>
  );
}
