// An attendee's design as the presenter sees it: the designer's item grid (the same rows, columns and
// partitions), read-only: no editor, no inspector, no context menu; a select picks the table or an index.
import { useMemo, useState } from 'react';
import { gridRows } from '../../../core/indexes/grid-rows.ts';
import { keySchemaFor, keySchemas, TABLE_INDEX } from '../../../core/model/indexes.ts';
import { attributeTypesByEntity } from '../../../core/model/item-size.ts';
import type { Design } from '../../../core/model/schema.ts';
import { viewOf } from '../../../store/derived.ts';
import { itemId } from '../../../store/pattern-preview.ts';
import { columnSpec } from '../grid/column-spec.ts';
import { GridCellContext, type GridCellContextValue, useEntityInfo } from '../grid/grid-context.ts';
import { ItemGrid } from '../grid/item-grid.tsx';
import '../grid/grid.css';

const never = () => false;

export function ReadOnlyGrid({ design, label }: { design: Design; label: string }) {
  const [chosen, setChosen] = useState(TABLE_INDEX);
  const viewName = keySchemaFor(design, chosen) ? chosen : TABLE_INDEX;
  const view = viewOf(design, viewName);
  const entityInfo = useEntityInfo(design);
  const entities = useMemo(() => new Map(entityInfo.map((e) => [e.name, e])), [entityInfo]);
  const types = useMemo(() => attributeTypesByEntity(design), [design]);
  const spec = useMemo(
    () => columnSpec(design, view?.schema ?? keySchemas(design)[0], 'inline', []),
    [design, view],
  );
  const rows = useMemo(() => (view ? gridRows(view, itemId) : null), [view]);
  const cells = useMemo<GridCellContextValue>(
    () => ({
      keyDisplay: 'values',
      inline: true,
      entities,
      typesOf: (entity) => types.get(entity),
      hidden: new Set(spec.hidden),
      isFiltered: never,
      isReturned: never,
      copyKey: () => {},
      openMenu: (event) => event.preventDefault(),
    }),
    [entities, types, spec],
  );
  const schemas = keySchemas(design);
  return (
    <section className="grid-area room-grid" aria-label={label} data-testid="room.design">
      <div className="grid-toolbar">
        <label className="room-grid-view">
          <span>View</span>
          <select
            className="select"
            value={viewName}
            onChange={(e) => setChosen(e.target.value)}
            data-testid="room.design.view"
          >
            {schemas.map((s) => (
              <option key={s.name} value={s.name}>
                {s.name === TABLE_INDEX ? `Table ${design.table.name}` : `${s.kind.toUpperCase()} ${s.name}`}
              </option>
            ))}
          </select>
        </label>
        <span className="room-grid-meta">
          {design.entities.length} entities · {view?.itemCount ?? 0} items · {design.accessPatterns.length}{' '}
          patterns · read-only
        </span>
      </div>
      <GridCellContext.Provider value={cells}>
        <div className="grid-main">
          {rows && rows.count > 0 ? (
            <ItemGrid
              key={viewName}
              rows={rows}
              spec={spec}
              rowHeight={28}
              matchOf={null}
              scrollTo={null}
              label={`${label}: items of ${viewName === TABLE_INDEX ? design.table.name : viewName}`}
            />
          ) : (
            <p className="room-empty">No items in this view.</p>
          )}
        </div>
      </GridCellContext.Provider>
    </section>
  );
}
