// The right panel when an entity is selected: name and description, attributes, key templates with live
// previews, and sample items.
import { removeEntity, renameEntity, setEntityDescription } from '../../../core/model/ops/index.ts';
import { useProblems } from '../../../store/analysis.ts';
import { useStore } from '../../../store/index.ts';
import { CommitInput, problemAt } from '../../components/commit-input.tsx';
import { Icon } from '../../components/icon.tsx';
import { entityColors } from '../../entity-colors.ts';
import { deleteWithUndo } from '../sidebar/entity-section.tsx';
import { deleteAndFocusNeighbour } from '../sidebar/list-row.tsx';
import { AttributesTable } from './attributes-table.tsx';
import { KeyTemplates } from './key-templates.tsx';
import { SamplesTable } from './samples-table.tsx';
import '../table/table.css';
import './entities.css';

export function EntityEditor() {
  const selection = useStore((s) => s.selection);
  const name = selection?.kind === 'entity' ? selection.name : null;
  const index = useStore((s) => (name ? (s.design?.entities.findIndex((e) => e.name === name) ?? -1) : -1));
  const entity = useStore((s) => (index >= 0 ? s.design?.entities[index] : undefined));
  const color = useStore((s) =>
    index >= 0 && s.design ? entityColors(s.design.entities)[index] : undefined,
  );
  const commit = useStore((s) => s.commit);
  const select = useStore((s) => s.select);
  const problems = useProblems();
  if (!entity) {
    return (
      <div className="empty-state">
        <h3>No such entity</h3>
        <p>It was renamed or deleted. Pick one in the sidebar.</p>
      </div>
    );
  }
  return (
    <div className="editor" data-testid="entity.editor">
      <header className="editor-head">
        <span className="chip-dot" style={{ background: color }} />
        <h2 className="editor-title">{entity.name}</h2>
        <span className="badge">Entity</span>
        <button
          type="button"
          className="btn btn-ghost btn-icon btn-sm editor-head-action"
          aria-label={`Delete ${entity.name}`}
          title="Delete the entity and its samples (Undo in the notice)"
          data-testid="entity.delete"
          onClick={() =>
            deleteAndFocusNeighbour(`sidebar.entity.${entity.name}`, 'sidebar.addEntity', () =>
              deleteWithUndo(entity.name, (d) => removeEntity(d, entity.name), true),
            )
          }
        >
          <Icon name="trash" />
        </button>
      </header>
      <div className="editor-scroll">
        <section className="form-grid" aria-label="Entity">
          <div className="form-row">
            <span className="form-label">Name</span>
            <div className="form-control">
              <CommitInput
                value={entity.name}
                aria-label="Entity name"
                testId="entity.name"
                problem={problemAt(problems, `entities[${index}].name`)}
                onCommit={(next) => {
                  const ok = commit((d) => renameEntity(d, entity.name, next));
                  if (ok) select({ kind: 'entity', name: next });
                  return ok;
                }}
              />
            </div>
          </div>
          <div className="form-row">
            <span className="form-label">Description</span>
            <div className="form-control">
              <CommitInput
                value={entity.description ?? ''}
                placeholder="What one item of it is"
                aria-label="Description"
                testId="entity.description"
                onCommit={(text) =>
                  commit((d) => setEntityDescription(d, entity.name, text.trim() || undefined))
                }
              />
            </div>
          </div>
        </section>

        <h3 className="section-title editor-section">Key templates</h3>
        <KeyTemplates entity={entity} index={index} />

        <h3 className="section-title editor-section">Attributes</h3>
        <AttributesTable entity={entity} entityIndex={index} />

        <h3 className="section-title editor-section">Sample items</h3>
        <SamplesTable entity={entity} />
      </div>
    </div>
  );
}
