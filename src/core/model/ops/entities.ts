// Entities: add, rename (with every reference), remove, reorder, key templates and description.

import { sameEntityName } from '../design-errors.ts';
import { nextEntityColor, withEntityColors } from '../entity-colors.ts';
import { type Attribute, type Entity, entitySchema } from '../entity-schema.ts';
import type { AccessPattern, Design } from '../schema.ts';
import { keyAttributeSchema } from '../table-schema.ts';
import { updateAttribute } from './attributes.ts';
import { renameEntityInComments } from './comments.ts';
import {
  assertValid,
  DesignOpError,
  entityIndex,
  firstFree,
  mapEntity,
  mapShared,
  moveTo,
  renameKey,
  withoutUndefined,
} from './shared.ts';

export interface EntityInput {
  name?: string;
  description?: string;
  attributes?: Attribute[];
  keys?: Record<string, string>;
}

/** Refuses a name another entity has, also in another case (`order` beside `Order`); `except` is the one renamed. */
function assertEntityNameFree(design: Design, name: string, except?: string) {
  const other = design.entities.find((e) => e.name !== except && sameEntityName(e.name, name));
  if (!other) return;
  if (other.name === name) throw new DesignOpError(`an entity named ${name} already exists`);
  throw new DesignOpError(
    `an entity named ${other.name} already exists: entity names must differ in more than case`,
  );
}

/** `LineItem` → `lineItem`, `URLMap` → `urlMap`: the usual spelling of an id attribute. */
export function lowerCamel(name: string): string {
  return name.replace(/^[A-Z]+(?=[A-Z][a-z]|[0-9_]|$)|^[A-Z]/, (head) => head.toLowerCase());
}

/** `LineItem` → `LINE_ITEM`: the usual spelling of a key prefix. */
export function upperSnake(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toUpperCase();
}

function defaultIdAttribute(entityName: string): string {
  return `${lowerCamel(entityName)}Id`;
}

/** The one-item-per-id layout of a new entity: PK `ORDER#{orderId}`, SK `ORDER`. */
function defaultKeys(design: Design, entityName: string): Record<string, string> {
  const { partitionKey, sortKey } = design.table;
  const keys = { [partitionKey.name]: `${upperSnake(entityName)}#{${defaultIdAttribute(entityName)}}` };
  if (sortKey) keys[sortKey.name] = upperSnake(entityName);
  return keys;
}

const sameKeys = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

/**
 * Without `keys`, the entity gets the one-item-per-id layout (Order: PK `ORDER#{orderId}`, SK `ORDER`) and
 * its id attribute (`orderId`, a required string) comes first among its attributes, so the new entity is
 * valid and renders items right away.
 */
export function addEntity(design: Design, input: EntityInput = {}): Design {
  const name =
    input.name ??
    firstFree(
      (n) => `Entity${n}`,
      (n) => design.entities.some((e) => sameEntityName(e.name, n)),
    );
  assertEntityNameFree(design, name);
  let attributes = input.attributes ?? [];
  let keys = input.keys;
  if (!keys) {
    keys = defaultKeys(design, name);
    const id = defaultIdAttribute(name);
    if (!attributes.some((a) => a.name === id))
      attributes = [{ name: id, type: 'S', required: true }, ...attributes];
  }
  // Colours stay with their entities: the others' are written down, the new one takes a free slot.
  const coloured = withEntityColors(design);
  const entity: Entity = withoutUndefined({
    name,
    description: input.description || undefined,
    attributes,
    keys,
    color: nextEntityColor(coloured.entities),
  });
  assertValid(entitySchema, entity, 'entity');
  return { ...coloured, entities: [...coloured.entities, entity] };
}

function renameEntityInPattern(pattern: AccessPattern, from: string, to: string): AccessPattern {
  const rename = <T extends { entity: string }>(x: T): T => (x.entity === from ? { ...x, entity: to } : x);
  switch (pattern.operation) {
    case 'GetItem':
    case 'Query':
    case 'Scan':
      return pattern.returns?.includes(from)
        ? { ...pattern, returns: pattern.returns.map((name) => (name === from ? to : name)) }
        : pattern;
    case 'PutItem':
    case 'UpdateItem':
    case 'DeleteItem':
      return rename(pattern);
    case 'TransactWriteItems': {
      const actions = mapShared(pattern.actions, rename);
      return actions === pattern.actions ? pattern : { ...pattern, actions };
    }
    case 'TransactGetItems':
    case 'BatchGetItem': {
      const gets = mapShared(pattern.gets, rename);
      return gets === pattern.gets ? pattern : { ...pattern, gets };
    }
  }
}

/**
 * Renames the entity and everything naming it: its samples, the patterns' `returns`, write and get targets.
 * An entity still wearing the defaults it was added with (`Entity1`: `ENTITY1#{entity1Id}`) takes the new
 * name's defaults (`ORDER#{orderId}`, attribute `orderId`), since nobody means to keep a placeholder name.
 */
export function renameEntity(design: Design, from: string, to: string): Design {
  const i = entityIndex(design, from);
  if (from === to) return design;
  assertValid(entitySchema.shape.name, to, 'entity name');
  assertEntityNameFree(design, to, from);
  const entity = design.entities[i];
  const renamed: Design = {
    ...design,
    entities: design.entities.map((e, j) => (j === i ? { ...e, name: to } : e)),
    items: renameKey(design.items, from, to),
    accessPatterns: mapShared(design.accessPatterns, (p) => renameEntityInPattern(p, from, to)),
    ...(design.comments && { comments: renameEntityInComments(design.comments, from, to) }),
  };
  const [oldId, newId] = [defaultIdAttribute(from), defaultIdAttribute(to)];
  const untouched =
    sameKeys(entity.keys, defaultKeys(design, from)) &&
    entity.attributes.some((a) => a.name === oldId) &&
    !entity.attributes.some((a) => a.name === newId);
  if (!untouched) return renamed;
  const withId = updateAttribute(renamed, to, oldId, { name: newId });
  return mapEntity(withId, to, (e) => ({ ...e, keys: defaultKeys(withId, to) }));
}

/**
 * Removes the entity and its samples. Patterns that name it are left as they are: validation then lists
 * each one, and the user decides whether to retarget or delete it rather than losing work silently.
 */
export function removeEntity(design: Design, name: string): Design {
  const i = entityIndex(design, name);
  // The others keep the colours they show (a colour given by position would otherwise move up).
  const coloured = withEntityColors(design);
  const entities = coloured.entities.filter((_, j) => j !== i);
  if (!(name in design.items)) return { ...coloured, entities };
  const { [name]: _removed, ...items } = design.items;
  return { ...coloured, entities, items };
}

export function moveEntity(design: Design, name: string, toIndex: number): Design {
  const from = entityIndex(design, name);
  if (moveTo(design.entities, from, toIndex) === design.entities) return design;
  const coloured = withEntityColors(design);
  return { ...coloured, entities: moveTo(coloured.entities, from, toIndex) };
}

/** Sets the template of one key attribute (table or index); undefined takes the entity out of that key. */
export function setEntityKey(
  design: Design,
  entity: string,
  keyName: string,
  template: string | undefined,
): Design {
  assertValid(keyAttributeSchema.shape.name, keyName, 'key attribute name');
  return mapEntity(design, entity, (e) => {
    if (e.keys[keyName] === template) return e;
    if (template !== undefined) return { ...e, keys: { ...e.keys, [keyName]: template } };
    const { [keyName]: _removed, ...keys } = e.keys;
    return { ...e, keys };
  });
}

/** An empty description is no description. */
export function setEntityDescription(
  design: Design,
  entity: string,
  description: string | undefined,
): Design {
  return mapEntity(design, entity, (e) =>
    e.description === (description || undefined)
      ? e
      : withoutUndefined({ ...e, description: description || undefined }),
  );
}

/** Sets how many items of the entity the table is expected to hold (storage estimates); undefined removes it. */
export function setEntityExpectedItems(design: Design, entity: string, count: number | undefined): Design {
  if (count !== undefined) assertValid(entitySchema.shape.expectedItems, count, 'expected items');
  return mapEntity(design, entity, (e) =>
    e.expectedItems === count ? e : withoutUndefined({ ...e, expectedItems: count }),
  );
}
