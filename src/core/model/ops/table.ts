// The design's name and its table: name, keys, billing and the table-wide settings.
import { DESIGN_FORMAT, type Design, designSchema } from '../schema.ts';
import { type Table, tableSchema } from '../table-schema.ts';
import { assertDistinctKeys, assertValid, reconcileEntityKeys, withoutUndefined } from './shared.ts';

/** What a new page starts from: the usual single-table PK/SK layout, no indexes, nothing modelled yet. */
export function blankDesign(name = 'Untitled design'): Design {
  return {
    format: DESIGN_FORMAT,
    name,
    table: {
      name: 'AppTable',
      partitionKey: { name: 'PK', type: 'S' },
      sortKey: { name: 'SK', type: 'S' },
      billing: { mode: 'PAY_PER_REQUEST' },
      globalSecondaryIndexes: [],
      localSecondaryIndexes: [],
      typeAttribute: 'entityType',
    },
    entities: [],
    accessPatterns: [],
    items: {},
  };
}

export function renameDesign(design: Design, name: string): Design {
  assertValid(designSchema.shape.name, name, 'design name');
  return name === design.name ? design : { ...design, name };
}

/** An empty description is no description, so clearing the field leaves no `"description": ""` behind. */
export function setDesignDescription(design: Design, description: string | undefined): Design {
  return withoutUndefined({ ...design, description: description || undefined });
}

/** Fields of the table an edit may change; a field given as undefined is removed (sort key, TTL, stream…). */
export type TablePatch = Partial<Omit<Table, 'globalSecondaryIndexes' | 'localSecondaryIndexes'>>;

/** Renaming a table key attribute (PK → pk) renames it in every entity's `keys`; removing the sort key drops its templates. */
export function updateTable(design: Design, patch: TablePatch): Design {
  const { table } = design;
  const next: Table = withoutUndefined({
    ...table,
    ...patch,
    name: patch.name ?? table.name,
    partitionKey: patch.partitionKey ?? table.partitionKey,
    billing: patch.billing ?? table.billing,
    typeAttribute: patch.typeAttribute ?? table.typeAttribute,
    globalSecondaryIndexes: table.globalSecondaryIndexes,
    localSecondaryIndexes: table.localSecondaryIndexes,
  });
  assertValid(tableSchema, next, 'table');
  assertDistinctKeys(next.partitionKey, next.sortKey, 'table');
  const renames: Array<[string, string]> = [[table.partitionKey.name, next.partitionKey.name]];
  if (table.sortKey && next.sortKey) renames.push([table.sortKey.name, next.sortKey.name]);
  return reconcileEntityKeys(design, { ...design, table: next }, renames);
}
