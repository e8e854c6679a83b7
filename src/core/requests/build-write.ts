// Writes and multi-item reads: PutItem, UpdateItem, DeleteItem, the actions of TransactWriteItems, and the
// gets of TransactGetItems / BatchGetItem. One args object feeds every action; a list argument expands an
// action into one per element ("an order with its line items" = Put Order + one Put LineItem per sku).

import { deriveFormItem } from '../items/derive-item.ts';
import { placeholders } from '../keys/template.ts';
import { holds, type StoredForm, writtenForms } from '../model/copies.ts';
import { keyAttributeTypes, primaryKeyNames } from '../model/indexes.ts';
import type { AttributeType, Design, Entity, GetAction, JsonValue, WriteAction } from '../model/schema.ts';
import type { PlainItem } from '../values/item.ts';
import { type AttributeMap, marshallItem, marshallValue } from '../values/marshall.ts';
import { RequestError } from '../values/request-error.ts';
import { ExpressionBuilder } from './expression.ts';
import {
  type BatchGetItemInput,
  definedFields,
  type TransactGetItemsInput,
  type TransactWriteItem,
  type TransactWriteItemsInput,
  type WriteInput,
} from './inputs.ts';
import {
  type ArgumentValues,
  conditionClauses,
  findEntity,
  getKeyTemplates,
  indexKeyUpdates,
  tableKeyTemplates,
} from './pattern-arguments.ts';
import { renderKey } from './resolve.ts';
import { resolveClauses } from './resolve-clauses.ts';
import { declaredTypes } from './typed-arguments.ts';

/** DynamoDB's limit on the items of one transaction and on the keys of one BatchGetItem. */
const MAX_ITEMS = 100;

/** Attribute types whose value is a JSON array: a list argument for them is one value, not an expansion. */
const COLLECTION_TYPES: ReadonlySet<AttributeType> = new Set(['L', 'SS', 'NS', 'BS']);

/**
 * One argument set per element of the list arguments among `names` (lists of equal length, zipped;
 * the other arguments shared), or just `args` when there are none.
 */
function expandArguments(
  args: ArgumentValues,
  names: readonly string[],
  types: ReadonlyMap<string, AttributeType>,
): ArgumentValues[] {
  const lists = names.filter((name) => {
    const type = types.get(name);
    return Array.isArray(args[name]) && !(type && COLLECTION_TYPES.has(type));
  });
  if (lists.length === 0) return [args];
  const length = (args[lists[0]] as JsonValue[]).length;
  if (length === 0) throw new RequestError(`argument ${lists[0]} is an empty list`);
  const uneven = lists.find((name) => (args[name] as JsonValue[]).length !== length);
  if (uneven) throw new RequestError(`list arguments ${lists[0]} and ${uneven} differ in length`);
  return Array.from({ length }, (_, i) => {
    const element = { ...args };
    for (const name of lists) element[name] = (args[name] as JsonValue[])[i];
    return element;
  });
}

/** The names a write's entity can take from the shared args: its attributes and its condition's placeholders. */
function actionNames(entity: Entity, action: WriteAction): string[] {
  const condition = conditionClauses(action.condition).flatMap((clause) =>
    [clause.value, clause.to].flatMap((v) => (typeof v === 'string' ? placeholders(v) : [])),
  );
  return [...entity.attributes.map((a) => a.name), ...condition];
}

function renderKeys(design: Design, templates: [string, string][], args: ArgumentValues): AttributeMap {
  const types = keyAttributeTypes(design);
  const key: PlainItem = {};
  for (const [name, template] of templates)
    key[name] = renderKey(template, args, types.get(name) ?? 'S', name);
  return marshallItem(key, types);
}

/**
 * The write's condition on one of the items it writes: `exists` and `not-exists` guard every copy (a create
 * fails when any of its keys is taken); a list of clauses is about the entity's own item, which holds every
 * attribute, so a copy gets none.
 */
function conditionExpression(
  design: Design,
  builder: ExpressionBuilder,
  action: WriteAction,
  args: ArgumentValues,
  copy = false,
): string | undefined {
  const { condition } = action;
  const partitionKey = design.table.partitionKey.name;
  // The partition key is on every item, so its presence alone tells whether the item exists.
  if (condition === 'exists') return builder.compare(partitionKey, 'exists', []);
  if (condition === 'not-exists') return builder.compare(partitionKey, 'not_exists', []);
  if (condition === undefined || copy) return undefined;
  return builder.condition(resolveClauses(design, condition, args));
}

function updateExpression(
  design: Design,
  form: StoredForm,
  action: WriteAction,
  args: ArgumentValues,
  builder: ExpressionBuilder,
): string {
  const { entity } = form;
  const allSet = action.set ?? [];
  const allRemove = action.remove ?? [];
  if (allSet.length + allRemove.length === 0)
    throw new RequestError('an UpdateItem needs attributes to set or remove');
  const keyAttributes = tableKeyTemplates(design, entity).flatMap(([, template]) => placeholders(template));
  const keyChange = [...allSet, ...allRemove].find((name) => keyAttributes.includes(name));
  if (keyChange)
    throw new RequestError(
      form.copy === undefined
        ? `cannot update a key attribute: ${keyChange} is part of the table's primary key`
        : `cannot update ${keyChange}: it is part of the primary key of ${entity.name}'s copy ${form.copy}, which would keep the old value (delete the item and put it again)`,
    );
  const both = allSet.find((name) => allRemove.includes(name));
  if (both) throw new RequestError(`${both} is both set and removed`);
  // A copy is written only the attributes it holds (its index keys follow every change); a key-only
  // attribute is stored in the keys it builds only.
  const stored = (name: string) =>
    holds(form, name) && !entity.attributes.some((a) => a.name === name && a.keyOnly);
  const set = allSet.filter(stored);
  const remove = allRemove.filter(stored);
  const types = declaredTypes(design, entity);
  const keyTypes = keyAttributeTypes(design);
  const assignments = set.map(
    (name) =>
      `${builder.name(name)} = ${builder.value(name, marshallValue(args[name] ?? null, types.get(name)))}`,
  );
  const removals = remove.map((name) => builder.name(name));
  for (const update of indexKeyUpdates(design, entity, allSet, allRemove)) {
    if (update.action === 'remove') {
      removals.push(builder.name(update.key));
      continue;
    }
    const type = keyTypes.get(update.key) ?? 'S';
    const value = marshallValue(renderKey(update.template, args, type, update.key), type);
    assignments.push(`${builder.name(update.key)} = ${builder.value(update.key, value)}`);
  }
  const clauses = [];
  if (assignments.length > 0) clauses.push(`SET ${assignments.join(', ')}`);
  if (removals.length > 0) clauses.push(`REMOVE ${removals.join(', ')}`);
  return clauses.join(' ');
}

/**
 * One write of one stored form of the entity (its own item or a copy) as a transaction item: `{ Put: … }`,
 * `{ Update: … }`, `{ Delete: … }` or `{ ConditionCheck: … }`.
 */
function buildWriteAction(
  design: Design,
  action: WriteAction,
  form: StoredForm,
  args: ArgumentValues,
  tableName: string,
): TransactWriteItem {
  const { entity } = form;
  const copy = form.copy !== undefined;
  // Rendered for a Put too: an item whose table key does not render cannot be written.
  const Key = renderKeys(design, tableKeyTemplates(design, entity), args);
  const builder = new ExpressionBuilder();
  switch (action.operation) {
    case 'PutItem': {
      // Only the entity's own attributes: the shared args of a transaction also hold other entities' values.
      const values: ArgumentValues = {};
      for (const { name } of findEntity(design, action.entity).attributes) values[name] = args[name];
      const Item = marshallItem(deriveFormItem(design, form, values), declaredTypes(design, entity));
      const ConditionExpression = conditionExpression(design, builder, action, args, copy);
      return {
        Put: definedFields({ TableName: tableName, Item, ConditionExpression, ...builder.attributes() }),
      };
    }
    case 'UpdateItem': {
      const UpdateExpression = updateExpression(design, form, action, args, builder);
      const ConditionExpression = conditionExpression(design, builder, action, args, copy);
      const fields = {
        TableName: tableName,
        Key,
        UpdateExpression,
        ConditionExpression,
        ...builder.attributes(),
      };
      return { Update: definedFields(fields) };
    }
    case 'DeleteItem': {
      const ConditionExpression = conditionExpression(design, builder, action, args, copy);
      return {
        Delete: definedFields({ TableName: tableName, Key, ConditionExpression, ...builder.attributes() }),
      };
    }
    case 'ConditionCheck': {
      const ConditionExpression = conditionExpression(design, builder, action, args);
      if (ConditionExpression === undefined) throw new RequestError('a ConditionCheck needs a condition');
      return { ConditionCheck: { TableName: tableName, Key, ConditionExpression, ...builder.attributes() } };
    }
  }
}

/**
 * The actions of a write, one per element of its entity's list arguments, each followed by the same write
 * of the entity's copies (see writtenForms).
 */
export function buildWriteActions(
  design: Design,
  action: WriteAction,
  args: ArgumentValues,
  tableName: string,
): TransactWriteItem[] {
  const entity = findEntity(design, action.entity);
  const forms = writtenForms(entity, action);
  return expandArguments(args, actionNames(entity, action), declaredTypes(design, entity)).flatMap((values) =>
    forms.map((form) => buildWriteAction(design, action, form, values, tableName)),
  );
}

/**
 * The request of a PutItem, UpdateItem or DeleteItem pattern: that single write, or, when the entity has
 * copies it writes too, a TransactWriteItems of the entity's item and those copies, so none is written alone.
 */
export function buildSingleWrite(
  design: Design,
  patternId: string,
  action: WriteAction,
  args: ArgumentValues,
  tableName: string,
): { operation: 'TransactWriteItems'; input: TransactWriteItemsInput } | { input: WriteInput } {
  const entity = findEntity(design, action.entity);
  const expanded = expandArguments(args, actionNames(entity, action), declaredTypes(design, entity));
  if (expanded.length !== 1)
    throw new RequestError(`pattern ${patternId} writes one item: give each argument a single value`);
  const items = buildWriteActions(design, action, args, tableName);
  if (items.length === 1) return { input: Object.values(items[0])[0] as WriteInput };
  checkTransaction(
    items.length,
    items.map((item) => itemIdentity(design, item)),
  );
  return { operation: 'TransactWriteItems', input: { TransactItems: items } };
}

/** What identifies the item an action touches: its table and primary key. */
function itemIdentity(design: Design, item: TransactWriteItem): string {
  const input =
    'Put' in item
      ? item.Put
      : 'Update' in item
        ? item.Update
        : 'Delete' in item
          ? item.Delete
          : item.ConditionCheck;
  const attributes = 'Item' in input ? input.Item : input.Key;
  const key = primaryKeyNames(design).map((name) => attributes[name]);
  return JSON.stringify([input.TableName, key]);
}

/** DynamoDB refuses a transaction over 100 items, or with two actions on one item. */
function checkTransaction(count: number, keys: string[]): void {
  if (count > MAX_ITEMS)
    throw new RequestError(`a transaction takes at most ${MAX_ITEMS} items, this one has ${count}`);
  const duplicate = keys.find((key, i) => keys.indexOf(key) !== i);
  if (duplicate) throw new RequestError(`a transaction cannot act twice on one item (${duplicate})`);
}

export function buildTransactWrite(
  design: Design,
  actions: WriteAction[],
  args: ArgumentValues,
  tableName: string,
): TransactWriteItemsInput {
  const TransactItems = actions.flatMap((action) => buildWriteActions(design, action, args, tableName));
  checkTransaction(
    TransactItems.length,
    TransactItems.map((item) => itemIdentity(design, item)),
  );
  return { TransactItems };
}

interface ResolvedGet {
  Key: AttributeMap;
  projection?: string[];
}

function resolveGets(design: Design, gets: GetAction[], args: ArgumentValues): ResolvedGet[] {
  return gets.flatMap((get) => {
    const templates = getKeyTemplates(design, get);
    const names = templates.flatMap(([, template]) => placeholders(template));
    const types = declaredTypes(design, findEntity(design, get.entity));
    return expandArguments(args, names, types).map((values) => ({
      Key: renderKeys(design, templates, values),
      projection: get.projection,
    }));
  });
}

export function buildTransactGet(
  design: Design,
  gets: GetAction[],
  args: ArgumentValues,
  tableName: string,
): TransactGetItemsInput {
  const resolved = resolveGets(design, gets, args);
  checkTransaction(
    resolved.length,
    resolved.map((get) => JSON.stringify(get.Key)),
  );
  return {
    TransactItems: resolved.map(({ Key, projection }) => {
      const builder = new ExpressionBuilder();
      const ProjectionExpression = projection?.length ? builder.projection(projection) : undefined;
      return {
        Get: definedFields({ TableName: tableName, Key, ProjectionExpression, ...builder.attributes() }),
      };
    }),
  };
}

/**
 * One BatchGetItem: keys deduplicated (DynamoDB rejects duplicates); one projection per table, so the
 * union of the gets' projections, or none when some get wants whole items.
 */
export function buildBatchGet(
  design: Design,
  gets: GetAction[],
  args: ArgumentValues,
  tableName: string,
): BatchGetItemInput {
  const resolved = resolveGets(design, gets, args);
  const keys = new Map(resolved.map((get) => [JSON.stringify(get.Key), get.Key]));
  if (keys.size > MAX_ITEMS)
    throw new RequestError(`a BatchGetItem takes at most ${MAX_ITEMS} keys, this one has ${keys.size}`);
  const builder = new ExpressionBuilder();
  const whole = resolved.some((get) => !get.projection?.length);
  const projection = whole ? [] : [...new Set(resolved.flatMap((get) => get.projection ?? []))];
  const ProjectionExpression = projection.length > 0 ? builder.projection(projection) : undefined;
  const request = definedFields({ Keys: [...keys.values()], ProjectionExpression, ...builder.attributes() });
  return { RequestItems: { [tableName]: request } };
}
