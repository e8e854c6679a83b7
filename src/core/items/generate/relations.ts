// Which attribute identifies which entity, so that generated children point at generated parents
// (Order.customerId takes the customerId of a generated Customer) and parents are generated first.
import { placeholders } from '../../keys/template.ts';
import type { Design, Entity } from '../../model/schema.ts';

/** `id`, `orderId`, `order_id`, `orderID`; not `paid` or `valid`. */
export function isIdName(name: string): boolean {
  return /^id$|[a-z0-9](Id|ID)$|_id$/.test(name);
}

const SCALAR_TYPES: ReadonlySet<string> = new Set(['S', 'N', 'B']);

/** Child entity name → (attribute name → parent entity name). */
export type References = Map<string, Map<string, string>>;

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function idPlaceholders(entity: Entity, keyNames: string[]): string[] {
  return keyNames.flatMap((key) => (entity.keys[key] ? placeholders(entity.keys[key]) : [])).filter(isIdName);
}

/**
 * Id attribute name → the entity it identifies. By name first (`customerId` belongs to Customer); else the
 * first id placeholder of an entity's table partition key template, where the entity whose table key uses
 * the fewest ids wins (Org `ORG#{orgId}` over Member `ORG#{orgId}`/`MEMBER#{memberId}`).
 */
export function idOwners(design: Design): Map<string, string> {
  const owners = new Map<string, string>();
  for (const entity of design.entities) {
    const byName = `${lowerFirst(entity.name)}Id`;
    if (entity.attributes.some((a) => a.name === byName) && !owners.has(byName))
      owners.set(byName, entity.name);
  }
  const { partitionKey, sortKey } = design.table;
  const tableKeys = sortKey ? [partitionKey.name, sortKey.name] : [partitionKey.name];
  const claims = new Map<string, { entity: string; ids: number }>();
  for (const entity of design.entities) {
    const [first] = idPlaceholders(entity, [partitionKey.name]);
    if (!first || first === 'id' || owners.has(first)) continue;
    const ids = idPlaceholders(entity, tableKeys).length;
    const current = claims.get(first);
    if (!current || ids < current.ids) claims.set(first, { entity: entity.name, ids });
  }
  for (const [name, claim] of claims) owners.set(name, claim.entity);
  return owners;
}

/** For each entity, its attributes that hold another entity's id (same name and type). */
export function findReferences(design: Design): References {
  const owners = idOwners(design);
  const entities = new Map(design.entities.map((e) => [e.name, e]));
  const references: References = new Map();
  for (const entity of design.entities) {
    const own = new Map<string, string>();
    for (const attribute of entity.attributes) {
      const parent = owners.get(attribute.name);
      if (!parent || parent === entity.name || !SCALAR_TYPES.has(attribute.type)) continue;
      const parentAttribute = entities.get(parent)?.attributes.find((a) => a.name === attribute.name);
      if (parentAttribute?.type === attribute.type) own.set(attribute.name, parent);
    }
    references.set(entity.name, own);
  }
  return references;
}

/** Parents before children, otherwise in design order; a cycle is broken at the first entity left. */
export function generationOrder(design: Design, references: References): Entity[] {
  const order: Entity[] = [];
  const done = new Set<string>();
  const pending = [...design.entities];
  while (pending.length > 0) {
    const ready = pending.findIndex((entity) =>
      [...(references.get(entity.name)?.values() ?? [])].every((parent) => done.has(parent)),
    );
    const [next] = pending.splice(Math.max(ready, 0), 1);
    order.push(next);
    done.add(next.name);
  }
  return order;
}
