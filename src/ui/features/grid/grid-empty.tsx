// What the grid shows instead of rows: no entities yet, entities without sample items, an index no item
// reaches, or filters that hide everything. Each says why in one line and offers the next step.

import type { IndexView } from '../../../core/indexes/views.ts';
import { addEntity } from '../../../core/model/ops/entities.ts';
import { useStore } from '../../../store/index.ts';
import { Icon } from '../../components/icon.tsx';
import { addGeneratedSamples, seedWholeDesign } from '../../hooks/generate-samples.ts';
import { focusSoon } from '../sidebar/entity-section.tsx';
import type { EntityInfo } from './grid-context.ts';

function EntityLink({ entity }: { entity: EntityInfo }) {
  const select = useStore((s) => s.select);
  return (
    <button
      type="button"
      className="chip grid-chip"
      data-testid={`grid.empty.entity.${entity.name}`}
      onClick={() => select({ kind: 'entity', name: entity.name })}
    >
      <span className="chip-dot" style={{ background: entity.color }} />
      {entity.name}
    </button>
  );
}

export function NoEntities() {
  const commit = useStore((s) => s.commit);
  const select = useStore((s) => s.select);
  const add = () => {
    let name: string | undefined;
    const ok = commit((design) => {
      const next = addEntity(design);
      name = next.entities[next.entities.length - 1]?.name;
      return next;
    });
    if (!ok || !name) return;
    select({ kind: 'entity', name });
    focusSoon('entity.name');
  };
  return (
    <div className="grid-empty" data-testid="grid.empty.noEntities">
      <button type="button" className="grid-ghost-row" onClick={add} data-testid="grid.addEntity">
        <Icon name="plus" size={13} />
        Add entity
        <span className="grid-ghost-keys">PK ENTITY#&#123;entityId&#125; · SK ENTITY</span>
      </button>
      <div className="empty-state">
        <h3>No entities yet</h3>
        <span>An entity (User, Order…) gives items their key templates; its sample items appear here.</span>
      </div>
    </div>
  );
}

export function NoItems({ entities, all }: { entities: readonly EntityInfo[]; all: boolean }) {
  const opError = useStore((s) => s.opError);
  const one = entities.length === 1 ? entities[0] : undefined;
  return (
    <div className="grid-empty empty-state" data-testid="grid.empty.noItems">
      <h3>{one && !all ? `${one.name} has no sample items` : 'No sample items'}</h3>
      <span>Generated items show here at once, keyed by your templates; edit them in the entity panel.</span>
      {all && entities.length > 1 && (
        <button
          type="button"
          className="btn btn-primary"
          data-testid="grid.generateAll"
          onClick={() => void seedWholeDesign(5)}
        >
          <Icon name="sparkle" size={12} /> Generate 5 per entity
        </button>
      )}
      <div className="grid-empty-links">
        {entities.map((entity) => (
          <span key={entity.name} className="grid-empty-entity">
            <EntityLink entity={entity} />
            <button
              type="button"
              className={`btn btn-sm${one ? ' btn-primary' : ''}`}
              data-testid={`grid.generate.${entity.name}`}
              onClick={() => void addGeneratedSamples(entity.name, 5)}
            >
              Generate 5
            </button>
          </span>
        ))}
      </div>
      {opError && <span className="field-error">{opError}</span>}
    </div>
  );
}

export function EmptyIndex({ view, entities }: { view: IndexView; entities: readonly EntityInfo[] }) {
  const pk = view.schema.partitionKey.name;
  const sk = view.schema.sortKey?.name;
  const setting = entities.filter((e) => pk in e.keys && (!sk || sk in e.keys));
  const name = view.schema.name;
  return (
    <div className="grid-empty empty-state" data-testid="grid.empty.index">
      {setting.length === 0 ? (
        <>
          <h3>No entity sets {pk}</h3>
          <span>
            {name} holds only items that have {sk ? `both ${pk} and ${sk}` : pk}. Give an entity a {pk}{' '}
            template to put its items in {name}.
          </span>
        </>
      ) : (
        <>
          <h3>No item reaches {name}</h3>
          <span>
            {setting.map((e) => e.name).join(', ')} {setting.length === 1 ? 'sets' : 'set'} {pk}, but none of
            their sample items has every value its template needs.
          </span>
        </>
      )}
      <div className="grid-empty-links">
        {(setting.length ? setting : entities).map((entity) => (
          <EntityLink key={entity.name} entity={entity} />
        ))}
      </div>
    </div>
  );
}

export function NoMatches({ onClear }: { onClear: () => void }) {
  return (
    <div className="grid-empty empty-state" data-testid="grid.empty.filtered">
      <h3>No items match</h3>
      <span>The entity filter or the search hides every item of this view.</span>
      <button type="button" className="btn" onClick={onClear}>
        Clear filters
      </button>
    </div>
  );
}
