// Entities: colour, name, their table key templates and sample count; add, rename, reorder, delete.
import { useState } from 'react';
import { addEntity, moveEntity, removeEntity, renameEntity } from '../../../core/model/ops/index.ts';
import { useStore } from '../../../store/index.ts';
import { Icon } from '../../components/icon.tsx';
import { RenameInput } from '../../components/inline-edit.tsx';
import { showToast } from '../../components/toast.tsx';
import { entityColors } from '../../entity-colors.ts';
import { sidebarRowHelp } from '../../hooks/platform.ts';
import { CommentBadge } from '../comments/comment-badge.tsx';
import { PresenceDots } from '../live/presence.tsx';
import { commitOrToast } from '../shell/actions.ts';
import { focusRow, ListRow, useDragState } from './list-row.tsx';

/** Focus a field once the inspector shows it, its text selected so typing replaces the default name. */
export function focusSoon(testId: string) {
  setTimeout(
    () =>
      requestAnimationFrame(() => {
        const field = document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
        field?.focus();
        if (field instanceof HTMLInputElement) field.select();
      }),
    0,
  );
}

/** Deletes through the store and offers to take it back. */
export function deleteWithUndo(
  label: string,
  update: Parameters<typeof commitOrToast>[0],
  wasSelected: boolean,
) {
  if (!commitOrToast(update)) return;
  const after = useStore.getState().design;
  if (wasSelected) useStore.getState().select({ kind: 'table' });
  showToast({
    message: `Deleted ${label}`,
    action: {
      label: 'Undo',
      run: () => {
        if (useStore.getState().design === after) useStore.getState().undo();
        else showToast({ message: 'Other edits came after it: use Edit › Undo', tone: 'error' });
      },
    },
  });
}

export function EntitySection() {
  const design = useStore((s) => s.design!);
  const selection = useStore((s) => s.selection);
  const select = useStore((s) => s.select);
  const [renaming, setRenaming] = useState<string | null>(null);
  const drag = useDragState();
  const { partitionKey, sortKey } = design.table;

  const add = () => {
    if (!commitOrToast((d) => addEntity(d))) return;
    const entities = useStore.getState().design!.entities;
    select({ kind: 'entity', name: entities[entities.length - 1].name });
    focusSoon('entity.name');
  };

  return (
    <>
      <div className="section-title">
        <h2 className="section-heading">Entities</h2>
        <button
          type="button"
          className="btn btn-ghost btn-icon btn-sm"
          title="Add an entity"
          aria-label="Add an entity"
          data-testid="sidebar.addEntity"
          onClick={add}
        >
          <Icon name="plus" />
        </button>
      </div>
      {/* A listbox only with options in it (ARIA required children); empty, it holds a hint and a button. */}
      <div
        className="side-list"
        {...(design.entities.length > 0 ? { role: 'listbox', 'aria-label': 'Entities' } : {})}
      >
        {design.entities.length === 0 && (
          <div className="side-empty side-ghost">
            <span className="chip-dot" style={{ background: 'var(--border-strong)' }} />
            <span>No entities yet.</span>
            <button type="button" className="btn btn-sm" onClick={add}>
              Add entity
            </button>
          </div>
        )}
        {design.entities.map((entity, i) => {
          const testId = `sidebar.entity.${entity.name}`;
          const samples = design.items[entity.name]?.length ?? 0;
          const selected = selection?.kind === 'entity' && selection.name === entity.name;
          return (
            <ListRow
              key={entity.name}
              id={entity.name}
              index={i}
              count={design.entities.length}
              label={`Entity ${entity.name}`}
              testId={testId}
              selected={selected}
              drag={drag}
              className="side-row-2"
              title={sidebarRowHelp()}
              onSelect={() => select({ kind: 'entity', name: entity.name })}
              onRename={() => setRenaming(entity.name)}
              onMove={(to) => commitOrToast((d) => moveEntity(d, entity.name, to))}
              onDelete={() => deleteWithUndo(entity.name, (d) => removeEntity(d, entity.name), selected)}
            >
              <span className="side-line">
                <span className="chip-dot" style={{ background: entityColors(design.entities)[i] }} />
                {renaming === entity.name ? (
                  <RenameInput
                    value={entity.name}
                    ariaLabel={`Rename ${entity.name}`}
                    testId={`${testId}.rename`}
                    onCommit={(next) => {
                      const ok = commitOrToast((d) => renameEntity(d, entity.name, next));
                      if (ok) {
                        if (selected) select({ kind: 'entity', name: next });
                        focusRow(`sidebar.entity.${next}`);
                      }
                      return ok;
                    }}
                    onDone={(byKey) => {
                      setRenaming(null);
                      // Escape: the row keeps the focus (a rename already moved it to the renamed row).
                      if (byKey) focusRow(testId);
                    }}
                  />
                ) : (
                  <span className="side-name">{entity.name}</span>
                )}
                <CommentBadge targetKey={`entity:${entity.name}`} />
                <PresenceDots kind="entity" id={entity.name} />
                <span className="side-count" title={`${samples} sample items`}>
                  {samples}
                </span>
                <span
                  aria-hidden="true"
                  className="btn btn-ghost btn-icon btn-sm side-action"
                  title="Delete (Undo in the notice)"
                  data-testid={`${testId}.delete`}
                  onClick={(event) => {
                    event.stopPropagation();
                    deleteWithUndo(entity.name, (d) => removeEntity(d, entity.name), selected);
                  }}
                >
                  <Icon name="trash" size={12} />
                </span>
              </span>
              <span
                className="side-sub mono"
                title={`${partitionKey.name}: ${entity.keys[partitionKey.name] ?? ''}`}
              >
                {entity.keys[partitionKey.name] ?? '—'}
                {sortKey && <span className="side-sub-muted"> · {entity.keys[sortKey.name] ?? '—'}</span>}
              </span>
            </ListRow>
          );
        })}
      </div>
    </>
  );
}
