// The grid's columns as TanStack Table column defs, built from a ColumnSpec. Cells read the row's item
// (display columns), so the defs only change when the set of columns does, not on every edit.
import { columnSizingFeature, createColumnHelper, tableFeatures } from '@tanstack/react-table';
import type { GridItemRow, GridRow } from '../../../core/indexes/grid-rows.ts';
import { ATTRIBUTE_WIDTH, type ColumnSpec, INLINE_MIN_WIDTH, type KeyColumnSpec } from './column-spec.ts';
import { AttributeCell, EntityCell, InlineAttributesCell, KeyCell } from './grid-cells.tsx';

export interface GridColumnMeta {
  /** Left offset of a column that sticks while scrolling sideways. */
  stickyLeft?: number;
  /** Key cells carry their own padding (the whole cell is the copy button). */
  key?: boolean;
  muted?: boolean;
  /** Header tooltip. */
  hint?: string;
}

export const gridFeatures = tableFeatures({ columnSizingFeature, columnMeta: {} as GridColumnMeta });
const helper = createColumnHelper<typeof gridFeatures, GridRow>();

const PARTITION_HINT =
  'Partitions are hashed: DynamoDB keeps no order between them. They are listed A→Z here only to be easy to find; ' +
  'items inside a partition are in sort-key order.';

const asItem = (row: GridRow) => row as GridItemRow;

function keyHint(key: KeyColumnSpec, spec: ColumnSpec): string {
  if (key.role === 'pk')
    return `Partition key of the ${spec.keyGroup.replace(/ key$/, '')} view.\n${PARTITION_HINT}`;
  if (key.role === 'sk')
    return 'Sort key: items of a partition are ordered by it (UTF-8 bytes for S, numeric for N).';
  return key.muted ? 'The base table key, carried into the index' : `Key attribute of an index (${key.type})`;
}

function keyColumn(key: KeyColumnSpec, spec: ColumnSpec) {
  return helper.display({
    id: key.name,
    size: key.width,
    header: () => (
      <>
        <span className="ghead-key">
          {key.name} <span className="ghead-type">({key.type})</span>
        </span>
        {spec.facet?.[key.name] && <span className="ghead-facet">· {spec.facet[key.name]}</span>}
      </>
    ),
    cell: (context) => <KeyCell row={asItem(context.row.original)} column={key} />,
    meta: { stickyLeft: key.stickyLeft, muted: key.muted, key: true, hint: keyHint(key, spec) },
  });
}

export function buildColumns(spec: ColumnSpec) {
  const entity = helper.display({
    id: '$entity',
    size: spec.entityWidth,
    header: 'Entity',
    cell: (context) => <EntityCell row={asItem(context.row.original)} />,
    meta: { hint: `The entity, stored in the ${spec.typeAttribute} attribute` },
  });
  const attributes = spec.attributes
    ? spec.attributes.map((name) =>
        helper.display({
          id: `attr:${name}`,
          size: ATTRIBUTE_WIDTH,
          header: name,
          cell: (context) => <AttributeCell row={asItem(context.row.original)} name={name} />,
        }),
      )
    : [
        helper.display({
          id: '$attributes',
          size: INLINE_MIN_WIDTH,
          header: 'Attributes',
          cell: (context) => <InlineAttributesCell row={asItem(context.row.original)} />,
        }),
      ];
  return helper.columns([
    helper.group({
      id: '$keyGroup',
      header: spec.keyGroup,
      columns: spec.lead.map((key) => keyColumn(key, spec)),
      meta: { stickyLeft: 0, hint: PARTITION_HINT },
    }),
    helper.group({
      id: '$attributeGroup',
      header: spec.moreAttributes > 0 ? `Attributes (+${spec.moreAttributes} not shown)` : 'Attributes',
      columns: [entity, ...spec.keys.map((key) => keyColumn(key, spec)), ...attributes],
    }),
  ]);
}
