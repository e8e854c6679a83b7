// Access patterns: verdict (✓/⚠/✗, the worst finding on the pattern), name, operation; add, reorder, delete.
import { addPattern, movePattern, removePattern } from '../../../core/model/ops/index.ts';
import type { Operation } from '../../../core/model/schema.ts';
import { useStore } from '../../../store/index.ts';
import { TONE_LABEL, usePatternStatuses } from '../../../store/pattern-status.ts';
import { Icon } from '../../components/icon.tsx';
import { CommentBadge } from '../comments/comment-badge.tsx';
import { PresenceDots } from '../live/presence.tsx';
import { commitOrToast } from '../shell/actions.ts';
import { deleteWithUndo, focusSoon } from './entity-section.tsx';
import { ListRow, useDragState } from './list-row.tsx';

const OPERATION_BADGE: Record<Operation, string> = {
  GetItem: 'Get',
  Query: 'Query',
  Scan: 'Scan',
  PutItem: 'Put',
  UpdateItem: 'Update',
  DeleteItem: 'Delete',
  TransactWriteItems: 'TxWrite',
  TransactGetItems: 'TxGet',
  BatchGetItem: 'BatchGet',
};

const TONE_ICON = { ok: 'check', warn: 'warn', error: 'error' } as const;

export function PatternSection() {
  const patterns = useStore((s) => s.design!.accessPatterns);
  const selection = useStore((s) => s.selection);
  const select = useStore((s) => s.select);
  const statuses = usePatternStatuses();
  const drag = useDragState();

  const add = () => {
    if (!commitOrToast((d) => addPattern(d))) return;
    const list = useStore.getState().design!.accessPatterns;
    select({ kind: 'pattern', id: list[list.length - 1].id });
    focusSoon('pattern.name');
  };

  return (
    <>
      <div className="section-title">
        <h2 className="section-heading">Access patterns</h2>
        <button
          type="button"
          className="btn btn-ghost btn-icon btn-sm"
          title="Add an access pattern"
          aria-label="Add an access pattern"
          data-testid="sidebar.addPattern"
          onClick={add}
        >
          <Icon name="plus" />
        </button>
      </div>
      {/* A listbox only with options in it (ARIA required children); empty, it holds a hint and a button. */}
      <div
        className="side-list"
        {...(patterns.length > 0 ? { role: 'listbox', 'aria-label': 'Access patterns' } : {})}
      >
        {patterns.length === 0 && (
          <div className="side-empty">
            <span>Start from the questions the application asks.</span>
            <button type="button" className="btn btn-sm" onClick={add}>
              Add your first access pattern
            </button>
          </div>
        )}
        {patterns.map((pattern, i) => {
          const status = statuses.get(pattern.id);
          const selected = selection?.kind === 'pattern' && selection.id === pattern.id;
          const target = 'index' in pattern && pattern.index ? pattern.index : null;
          const statusId = `sidebar-pattern-status-${pattern.id}`;
          return (
            <ListRow
              key={pattern.id}
              id={pattern.id}
              index={i}
              count={patterns.length}
              label={`Access pattern ${pattern.name}`}
              testId={`sidebar.pattern.${pattern.id}`}
              selected={selected}
              drag={drag}
              title={status?.reason}
              describedBy={status ? statusId : undefined}
              onSelect={() => select({ kind: 'pattern', id: pattern.id })}
              onMove={(to) => commitOrToast((d) => movePattern(d, pattern.id, to))}
              onDelete={() =>
                deleteWithUndo(`“${pattern.name}”`, (d) => removePattern(d, pattern.id), selected)
              }
            >
              <span className="side-line">
                {status && (
                  <span
                    id={statusId}
                    role="img"
                    aria-label={`${TONE_LABEL[status.tone]}: ${status.reason}`}
                    className={`side-status tone-${status.tone}`}
                    data-testid={`sidebar.pattern.${pattern.id}.status`}
                    data-status={status.tone}
                  >
                    <Icon name={TONE_ICON[status.tone]} size={12} />
                  </span>
                )}
                <span className="side-name">{pattern.name}</span>
                {target && <span className="side-target mono">{target}</span>}
                <CommentBadge targetKey={`pattern:${pattern.id}`} />
                <PresenceDots kind="pattern" id={pattern.id} />
                <span className={`badge op-badge op-${pattern.operation}`}>
                  {OPERATION_BADGE[pattern.operation]}
                </span>
                <span
                  aria-hidden="true"
                  className="btn btn-ghost btn-icon btn-sm side-action"
                  title="Delete (Undo in the notice)"
                  data-testid={`sidebar.pattern.${pattern.id}.delete`}
                  onClick={(event) => {
                    event.stopPropagation();
                    deleteWithUndo(`“${pattern.name}”`, (d) => removePattern(d, pattern.id), selected);
                  }}
                >
                  <Icon name="trash" size={12} />
                </span>
              </span>
            </ListRow>
          );
        })}
      </div>
    </>
  );
}
