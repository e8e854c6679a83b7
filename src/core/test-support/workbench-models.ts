// For the importer's and exporter's tests over the public NoSQL Workbench models (fixtures/workbench-models,
// which the tests read): an independent reading of a model's items to hold an imported design against.
import { deriveItems } from '../items/derive.ts';
import { keyAttributeTypes, primaryKeyNames } from '../model/indexes.ts';
import type { Design, Entity } from '../model/schema.ts';
import { marshallValue } from '../values/marshall.ts';

export type RawRow = Record<string, unknown>;
export interface RawModel {
  DataModel: { TableName: string; TableData?: RawRow[]; TableFacets?: { TableData?: RawRow[] }[] }[];
}

/** The model's items of one table, each once (facets and table data may both list an item). */
export function modelRows(model: RawModel, tableName: string, primaryKey: string[]): RawRow[] {
  const table = model.DataModel.find((t) => t.TableName === tableName);
  const rows = [...(table?.TableFacets ?? []).flatMap((f) => f.TableData ?? []), ...(table?.TableData ?? [])];
  const seen = new Set<string>();
  return rows.filter((row) => {
    const id = JSON.stringify(primaryKey.map((name) => row[name]));
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

// An independent reading of a model's items, as DynamoDB would store them: DynamoDB JSON where a value
// has a type (`{ "N": 201 }` is the number 201), plain JSON by its JSON type where it has none (inside a
// map or in place of a value), and a map written inside another map (`{ "M": { "M": { … } } }`) as the
// inner map. Written apart from rows.ts so that the two can disagree.
const DYNAMO_TYPES = ['S', 'N', 'B', 'BOOL', 'NULL', 'L', 'M', 'SS', 'NS', 'BS'];
const typeOf = (raw: unknown) => {
  const keys = raw && typeof raw === 'object' && !Array.isArray(raw) ? Object.keys(raw) : [];
  return keys.length === 1 && DYNAMO_TYPES.includes(keys[0]) ? keys[0] : undefined;
};
export function stored(raw: unknown): unknown {
  const type = typeOf(raw);
  if (type === undefined) {
    if (typeof raw === 'string') return { S: raw };
    if (typeof raw === 'number') return { N: String(raw) };
    if (typeof raw === 'boolean') return { BOOL: raw };
    if (raw === null) return { NULL: true };
    if (Array.isArray(raw)) return { L: raw.map(stored) };
    return { M: Object.fromEntries(Object.entries(raw as object).map(([k, v]) => [k, stored(v)])) };
  }
  const value = (raw as Record<string, unknown>)[type];
  switch (type) {
    case 'N':
      return { N: String(Number(value)) };
    case 'NS':
      return { NS: (value as unknown[]).map((n) => String(Number(n))) };
    case 'S':
      return { S: String(value) };
    case 'BOOL':
      return { BOOL: value === true || value === 'true' };
    case 'L':
      return { L: (value as unknown[]).map(stored) };
    case 'M': {
      const map = value as Record<string, unknown>;
      const inner = Object.keys(map).length === 1 ? map.M : undefined;
      const wrapped =
        typeof inner === 'object' && inner !== null && Object.values(inner).every((v) => typeOf(v));
      const members = wrapped ? (inner as Record<string, unknown>) : map;
      return { M: Object.fromEntries(Object.entries(members).map(([k, v]) => [k, stored(v)])) };
    }
    default:
      return { [type]: value };
  }
}

/**
 * Every attribute value of the model's items (of `tableName`) that the design's derived items do not hold
 * as written: `"[key] attribute: file value → design value"`. Attributes only the design has are not looked at.
 */
export function unkeptValues(model: RawModel, tableName: string, design: Design): string[] {
  const keyTypes = keyAttributeTypes(design);
  const primaryKey = primaryKeyNames(design);
  const entityOf = new Map(design.entities.map((e) => [e.name, e]));
  const typed = (entity: Entity | undefined, name: string) =>
    keyTypes.get(name) ?? entity?.attributes.find((a) => a.name === name)?.type;
  const derived = new Map(
    deriveItems(design).map(({ entity, item }) => {
      const e = entityOf.get(entity);
      const values = Object.fromEntries(
        Object.entries(item).map(([name, value]) => [name, marshallValue(value, typed(e, name))]),
      );
      return [JSON.stringify(primaryKey.map((name) => values[name])), values];
    }),
  );
  const unkept: string[] = [];
  for (const row of modelRows(model, tableName, primaryKey)) {
    const values = Object.fromEntries(Object.entries(row).map(([name, raw]) => [name, stored(raw)]));
    const id = JSON.stringify(primaryKey.map((name) => values[name]));
    const item = derived.get(id);
    for (const [name, value] of Object.entries(values))
      if (JSON.stringify(item?.[name]) !== JSON.stringify(value))
        unkept.push(`${id} ${name}: ${JSON.stringify(value)} → ${JSON.stringify(item?.[name])}`);
  }
  return unkept;
}
