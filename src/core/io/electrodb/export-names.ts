// The names an ElectroDB export gives what it writes, taken from the design's patterns so that a module
// Keyplan imported comes back with its own names: each entity's access pattern on an index is the name of
// the design's Query pattern returning that entity on that index (`Employee.query.coworkers`), and each
// collection of the Service is a Query pattern of the design (one imported from a collection, `collection-*`,
// or one reading the partition of several entities). Nothing is named that no pattern names, but for an
// index no pattern reads, which gets its index's name (`accessPatternName`).
import { type KeySchema, TABLE_INDEX } from '../../model/indexes.ts';
import type { AccessPattern, Design, Entity } from '../../model/schema.ts';

/** A name ElectroDB's generated code can use as a property without quoting it. */
const NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** The id prefix of a pattern an ElectroDB import made of a collection. */
export const COLLECTION_ID = 'collection-';

type QueryPattern = Extract<AccessPattern, { operation: 'Query' }>;
const isQuery = (pattern: AccessPattern): pattern is QueryPattern => pattern.operation === 'Query';
/** A pattern an ElectroDB import made of a collection. */
export const isCollectionPattern = (pattern: AccessPattern) =>
  pattern.operation === 'Query' && pattern.id.startsWith(COLLECTION_ID);

/** The ElectroDB access pattern name of an index: `primary` for the table, the index name in camel case. */
export function accessPatternName(schema: KeySchema): string {
  if (schema.name === TABLE_INDEX) return 'primary';
  const camel = camelCase(schema.name);
  return /^[A-Za-z_]/.test(camel) && camel !== 'primary' ? camel : `index${camel}`;
}

function camelCase(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => (/^[A-Z0-9]+$/.test(w) ? w.toLowerCase() : w))
    .map((w, i) =>
      i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1),
    )
    .join('');
}

const slot = (entity: string, schema: string) => `${entity}\u0000${schema}`;
const schemaOf = (pattern: QueryPattern) => pattern.index ?? TABLE_INDEX;

/**
 * Each entity's access pattern name per key schema, and the order its indexes are written in: those a pattern
 * names in the order of the patterns (as the module declared them), then the others.
 */
export function electroIndexNames(
  design: Design,
  schemas: readonly KeySchema[],
): { name: (entity: string, schema: string) => string; order: (entity: Entity) => KeySchema[] } {
  const names = new Map<string, string>();
  const rank = new Map<string, number>();
  for (const entity of design.entities) {
    const taken = new Set<string>();
    design.accessPatterns.forEach((pattern, i) => {
      if (!isQuery(pattern) || isCollectionPattern(pattern)) return;
      if (pattern.returns?.length !== 1 || pattern.returns[0] !== entity.name) return;
      const key = slot(entity.name, schemaOf(pattern));
      if (names.has(key) || !NAME.test(pattern.name) || taken.has(pattern.name)) return;
      names.set(key, pattern.name);
      rank.set(key, i);
      taken.add(pattern.name);
    });
    for (const schema of schemas) {
      const key = slot(entity.name, schema.name);
      if (names.has(key)) continue;
      let name = accessPatternName(schema);
      for (let n = 2; taken.has(name); n++) name = `${accessPatternName(schema)}${n}`;
      names.set(key, name);
      taken.add(name);
    }
  }
  return {
    name: (entity, schema) => names.get(slot(entity, schema)) ?? 'primary',
    order: (entity) =>
      schemas
        .map((schema, i) => ({ schema, at: rank.get(slot(entity.name, schema.name)) ?? Infinity, i }))
        .sort((a, b) => a.at - b.at || a.i - b.i)
        .map(({ schema }) => schema),
  };
}

/**
 * Whether an entity can be in a collection on this index (ElectroDB groups composite keys of one partition);
 * `imported`: the collection is the module's own, kept even where Keyplan would compute a sparse index's keys.
 */
export type CollectionMember = (entity: Entity, schema: KeySchema, imported: boolean) => boolean;

/**
 * The Service's collections, from the design's Query patterns: per entity and key schema, the collections it
 * is in (a collection and its sub-collections, largest first, as ElectroDB's `['owned', 'managed']`).
 */
export function electroCollections(
  design: Design,
  schemas: readonly KeySchema[],
  canJoin: CollectionMember,
  warnings: string[],
): Map<string, string[]> {
  const groups: { id: string; name: string; schema: string; members: string[] }[] = [];
  const taken = new Set<string>();
  for (const pattern of design.accessPatterns) {
    if (!isQuery(pattern) || pattern.keyCondition.sort !== undefined) continue;
    const marked = isCollectionPattern(pattern);
    const returns = pattern.returns ?? [];
    if (!marked && returns.length < 2) continue;
    const schema = schemas.find((s) => s.name === schemaOf(pattern));
    const partition = pattern.keyCondition.partition;
    if (!schema || typeof partition !== 'string') continue;
    const members = returns.filter((name) => {
      const entity = design.entities.find((e) => e.name === name);
      return (
        entity !== undefined &&
        entity.keys[schema.partitionKey.name] === partition &&
        canJoin(entity, schema, marked)
      );
    });
    if (members.length < (marked ? 1 : 2)) {
      if (marked)
        warnings.push(
          `pattern ${pattern.id}: collection ${pattern.name} is not written: none of ${returns.join(', ')} has ${partition} as a composite partition (both keys, values it requires) of ${schema.name === TABLE_INDEX ? 'the table' : `index ${schema.name}`}`,
        );
      continue;
    }
    let name = NAME.test(pattern.name) ? pattern.name : camelCase(pattern.name) || 'collection';
    if (!/^[A-Za-z_$]/.test(name)) name = `c${name}`;
    const base = name;
    for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
    taken.add(name);
    groups.push({ id: pattern.id, name, schema: schema.name, members });
  }
  const out = new Map<string, string[]>();
  for (const group of [...groups].sort((a, b) => b.members.length - a.members.length)) {
    // ElectroDB's sub-collections nest: every member must be in the same collections before this one.
    const before = group.members.map((member) => (out.get(slot(member, group.schema)) ?? []).join('/'));
    if (new Set(before).size > 1) {
      warnings.push(
        `pattern ${group.id}: collection ${group.name} is not written: ${group.members.join(', ')} are not in the same collections on ${group.schema === TABLE_INDEX ? 'the table' : `index ${group.schema}`} (${before.map((b) => b || 'none').join('; ')}), and ElectroDB's sub-collections nest`,
      );
      continue;
    }
    for (const member of group.members) {
      const key = slot(member, group.schema);
      out.set(key, [...(out.get(key) ?? []), group.name]);
    }
  }
  return out;
}

export const collectionSlot = slot;
