// Which columns the grid shows for a view: the view's own keys lead (sticky), the other key attributes
// follow (the base table's keys muted in an index view), then the attributes, inline or one per column.
// Only what the view projects is shown.
import {
  type KeySchema,
  keyAttributeTypes,
  primaryKeyNames,
  projectedAttributeNames,
} from '../../../core/model/indexes.ts';
import type { Design, KeyType } from '../../../core/model/schema.ts';

export const PK_WIDTH = 220;
export const SK_WIDTH = 240;
export const ENTITY_WIDTH = 96;
/** Room for "Order" and a "copy ByEmail" tag side by side. */
export const ENTITY_WITH_COPIES_WIDTH = 176;
export const KEY_WIDTH = 150;
export const ATTRIBUTE_WIDTH = 140;
export const INLINE_MIN_WIDTH = 360;
/** Columns mode shows at most this many attribute columns; the rest stay in the item's tooltip and JSON. */
export const MAX_ATTRIBUTE_COLUMNS = 16;

export type AttributeLayout = 'inline' | 'columns';

export interface KeyColumnSpec {
  name: string;
  type: KeyType;
  /** pk/sk: the view's partition and sort key; key: any other key attribute. */
  role: 'pk' | 'sk' | 'key';
  /** The base table's keys in an index view: shown, but not what the view is keyed by. */
  muted: boolean;
  width: number;
  /** Left offset when the column sticks while scrolling sideways. */
  stickyLeft?: number;
}

export interface ColumnSpec {
  /** "Primary key" for the table, "GSI1 key" for an index. */
  keyGroup: string;
  lead: KeyColumnSpec[];
  keys: KeyColumnSpec[];
  /** Columns mode: one column per attribute; null for the inline layout. */
  attributes: string[] | null;
  /** Attributes left out of Columns mode by the cap. */
  moreAttributes: number;
  /** Attribute names never shown among the inline attributes: key attributes and the type attribute. */
  hidden: string[];
  typeAttribute: string;
  /** The Entity column's width: wider when an entity has copies, whose names the column shows too. */
  entityWidth: number;
  /** One entity shown (a facet): its key templates, shown in the key headers. */
  facet?: Record<string, string>;
}

export function columnSpec(
  design: Design,
  schema: KeySchema,
  layout: AttributeLayout,
  entityFilter: readonly string[],
): ColumnSpec {
  const projected = projectedAttributeNames(design, schema);
  const shows = (name: string) => !projected || projected.has(name);
  const types = keyAttributeTypes(design);
  // A multi-attribute key leads with each of its partition attributes, then each sort attribute.
  const lead: KeyColumnSpec[] = [];
  let left = 0;
  for (const [keys, role, width] of [
    [schema.partitionKeys, 'pk', PK_WIDTH],
    [schema.sortKeys, 'sk', SK_WIDTH],
  ] as const) {
    for (const key of keys) {
      lead.push({ ...key, role, muted: false, width, stickyLeft: left });
      left += width;
    }
  }
  const leading = new Set(lead.map((k) => k.name));
  const base = schema.kind === 'table' ? [] : primaryKeyNames(design).filter((name) => !leading.has(name));
  const others = [...types.keys()].filter(
    (name) => !leading.has(name) && !base.includes(name) && shows(name),
  );
  const keys: KeyColumnSpec[] = [...base, ...others].map((name) => ({
    name,
    type: types.get(name) ?? 'S',
    role: 'key',
    muted: base.includes(name),
    width: KEY_WIDTH,
  }));
  const hidden = [...types.keys(), design.table.typeAttribute];
  let attributes: string[] | null = null;
  let moreAttributes = 0;
  if (layout === 'columns') {
    const names = new Set<string>();
    for (const entity of design.entities) {
      if (entityFilter.length > 0 && !entityFilter.includes(entity.name)) continue;
      for (const attribute of entity.attributes)
        if (
          !types.has(attribute.name) &&
          attribute.name !== design.table.typeAttribute &&
          shows(attribute.name)
        )
          names.add(attribute.name);
    }
    attributes = [...names].slice(0, MAX_ATTRIBUTE_COLUMNS);
    moreAttributes = names.size - attributes.length;
  }
  return {
    keyGroup: schema.kind === 'table' ? 'Primary key' : `${schema.name} key`,
    lead,
    keys,
    attributes,
    moreAttributes,
    hidden,
    typeAttribute: design.table.typeAttribute,
    entityWidth: design.entities.some((e) => e.copies?.length) ? ENTITY_WITH_COPIES_WIDTH : ENTITY_WIDTH,
    facet:
      entityFilter.length === 1 ? design.entities.find((e) => e.name === entityFilter[0])?.keys : undefined,
  };
}
