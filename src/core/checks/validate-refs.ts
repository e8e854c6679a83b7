// What the reference checks of validate.ts look up, built once per design so that no check searches a list
// in a loop, and the one way they find repeated names. Shared by the table, entity and pattern checks.
import { type KeySchema, keyAttributeTypes, keySchemas } from '../model/indexes.ts';
import { type KeyRole, keyRoles } from '../model/key-limits.ts';
import type { Design, Entity, KeyType } from '../model/schema.ts';
import { numericAttributes } from '../requests/typed-arguments.ts';

export function duplicates<T>(list: T[], key: (value: T) => string): Map<number, string> {
  const seen = new Set<string>();
  const dups = new Map<number, string>();
  list.forEach((value, i) => {
    const k = key(value);
    if (seen.has(k)) dups.set(i, k);
    seen.add(k);
  });
  return dups;
}

/**
 * What the reference checks look up, built once per design so that no check searches a list in a loop:
 * every check stays linear in the design's entities, patterns, attributes and samples.
 */
export interface DesignRefs {
  design: Design;
  keyTypes: Map<string, KeyType>;
  roles: Map<string, KeyRole>;
  /** Entities by name; the first of a repeated name (reported apart). */
  entities: Map<string, Entity>;
  /** Attribute names of each entity, by entity name. */
  attributeNames: Map<string, Set<string>>;
  numeric: Set<string>;
  /** The table (TABLE_INDEX) and each index, by name; the first of a repeated name. */
  schemas: Map<string, KeySchema>;
}

export function designRefs(design: Design): DesignRefs {
  const entities = new Map<string, Entity>();
  for (const entity of design.entities) if (!entities.has(entity.name)) entities.set(entity.name, entity);
  const schemas = new Map<string, KeySchema>();
  for (const schema of keySchemas(design)) if (!schemas.has(schema.name)) schemas.set(schema.name, schema);
  return {
    design,
    keyTypes: keyAttributeTypes(design),
    roles: keyRoles(design),
    entities,
    attributeNames: new Map(
      [...entities].map(([name, e]) => [name, new Set(e.attributes.map((a) => a.name))]),
    ),
    numeric: numericAttributes(design),
    schemas,
  };
}
