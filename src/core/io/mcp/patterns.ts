// An MCP access pattern's implementation (a low-level DynamoDB request, read from its AWS CLI command) as a
// Keyplan access pattern. Key values are turned back into key templates with example arguments when an
// entity's template reads them (`USER#u1` → `USER#{userId}`, example `{ userId: "u1" }`); otherwise they stay
// literal. Expressions are read in the forms DynamoDB documents for key conditions, and as simple clauses
// joined by AND for filters, conditions and updates; anything else is a reason, and the caller warns.
import { adjacentPlaceholders, fitsKey, fixedWidths, parseKey } from '../../keys/template.ts';
import { keySchemaFor } from '../../model/indexes.ts';
import type {
  AccessPattern,
  Arguments,
  ConditionClause,
  Design,
  Entity,
  JsonValue,
  KeyCondition,
  WriteCondition,
} from '../../model/schema.ts';
import { type AttributeMap, type AttributeValue, unmarshallValue } from '../../values/marshall.ts';
import { fail, parseClauses, type Result } from '../clauses.ts';
import type { CliRequest } from './cli.ts';

interface Expression {
  names: Record<string, string>;
  values: Record<string, JsonValue>;
}

function expressionOf(input: Record<string, unknown>): Expression {
  const names = (input.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const raw = (input.ExpressionAttributeValues ?? {}) as AttributeMap;
  const values: Record<string, JsonValue> = {};
  for (const [name, value] of Object.entries(raw)) values[name] = unmarshallValue(value as AttributeValue);
  return { names, values };
}

const NAME = '(#?[A-Za-z0-9_.-]+)';
const VALUE = '(:[A-Za-z0-9_]+)';

function nameOf(token: string, expression: Expression): string {
  return token.startsWith('#') ? (expression.names[token] ?? token) : token;
}

function tokenValue(token: string, expression: Expression): Result<JsonValue> {
  return token in expression.values
    ? { ok: true, value: expression.values[token] }
    : fail(`${token} has no value`);
}

/** The clauses of an expression of the request, its placeholders read from the request's names and values. */
function clausesOf(text: string, label: string, expression: Expression): Result<ConditionClause[]> {
  return parseClauses(text, label, {
    name: NAME,
    value: VALUE,
    attribute: (token) => nameOf(token, expression),
    resolve: (token) => tokenValue(token, expression),
  });
}

/** A key value as a template of the entity that reads it, with the values it read; else the literal value. */
class Generalizer {
  readonly example: Arguments = {};
  entity: Entity | undefined;
  constructor(private readonly design: Design) {}

  template(attribute: string, value: JsonValue, exact = true): string {
    const text =
      typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
    const entities = this.entity ? [this.entity] : this.design.entities;
    for (const entity of entities) {
      const template = entity.keys[attribute];
      if (!template || !exact) continue;
      // Touching placeholders (`{name}{id}`) cannot be split: the key stays the literal value it is.
      const touching = adjacentPlaceholders(template, fixedWidths(entity.attributes));
      const values = touching ? undefined : parseKey(template, text, fixedWidths(entity.attributes));
      if (!values || Object.keys(values).length === 0) continue;
      const clash = Object.entries(values).some(
        ([k, v]) => k in this.example && String(this.example[k]) !== v,
      );
      if (clash) continue;
      this.entity ??= entity;
      for (const [name, v] of Object.entries(values)) {
        const declared = entity.attributes.find((a) => a.name === name);
        this.example[name] = declared?.type === 'N' && v !== '' && !Number.isNaN(Number(v)) ? Number(v) : v;
      }
      return template;
    }
    return text.replace(/[{}]/g, '');
  }
}

function conditionOf(
  input: Record<string, unknown>,
  keyNames: readonly string[],
): Result<WriteCondition | undefined> {
  const text = input.ConditionExpression as string | undefined;
  if (!text) return { ok: true, value: undefined };
  const expression = expressionOf(input);
  const clauses = clausesOf(text, 'ConditionExpression', expression);
  if (!clauses.ok) return clauses;
  const only = clauses.value.length === 1 ? clauses.value[0] : undefined;
  if (only && keyNames.includes(only.attribute) && (only.op === 'not_exists' || only.op === 'exists'))
    return { ok: true, value: only.op === 'exists' ? 'exists' : 'not-exists' };
  return { ok: true, value: clauses.value as [ConditionClause, ...ConditionClause[]] };
}

/** The entity every one of whose key templates reads the given key values (a constant template: equal). */
function entityReading(design: Design, key: AttributeMap): Entity | undefined {
  return design.entities.find((entity) =>
    Object.entries(key).every(([attribute, value]) => {
      const template = entity.keys[attribute];
      const text = unmarshallValue(value);
      return template !== undefined && fitsKey(template, String(text));
    }),
  );
}

function keyedEntity(
  design: Design,
  key: AttributeMap | undefined,
  generalizer: Generalizer,
): Result<Entity> {
  if (!key) return fail('no --key');
  const entity = entityReading(design, key);
  if (!entity) return fail('no entity has keys that read this key');
  generalizer.entity = entity;
  for (const [attribute, value] of Object.entries(key))
    generalizer.template(attribute, unmarshallValue(value));
  return { ok: true, value: entity };
}

/** The request as an access pattern of `design`; the pattern's id and name are the caller's. */
export function patternOfRequest(
  design: Design,
  request: CliRequest,
  base: { id: string; name: string; description?: string },
  /** Receives what the pattern reads differently from the request (a computed update), for a warning. */
  notes: string[] = [],
): Result<AccessPattern> {
  const { operation, input } = request;
  const generalizer = new Generalizer(design);
  const keyNames = [
    design.table.partitionKey.name,
    ...(design.table.sortKey ? [design.table.sortKey.name] : []),
  ];
  const expression = expressionOf(input);
  const withExample = <T extends object>(pattern: T) =>
    (Object.keys(generalizer.example).length > 0
      ? { ...pattern, example: generalizer.example }
      : pattern) as unknown as AccessPattern;
  if (operation === 'GetItem') {
    const key = input.Key as AttributeMap | undefined;
    if (!key) return fail('GetItem without --key');
    generalizer.entity = entityReading(design, key);
    const keyCondition: KeyCondition = {};
    for (const name of keyNames) {
      const value = key[name];
      if (!value) return fail(`--key has no ${name}`);
      const template = generalizer.template(name, unmarshallValue(value));
      if (name === design.table.partitionKey.name) keyCondition.partition = template;
      else keyCondition.sort = { op: '=', value: template };
    }
    return {
      ok: true,
      value: withExample({
        ...base,
        operation: 'GetItem',
        keyCondition,
        ...(input.ConsistentRead ? { consistentRead: true } : {}),
      }),
    };
  }
  if (operation === 'Query' || operation === 'Scan') {
    const index = input.IndexName as string | undefined;
    const schema = keySchemaFor(design, index);
    if (!schema) return fail(`the table has no index ${index}`);
    const read: Record<string, unknown> = { ...base, operation, ...(index ? { index } : {}) };
    if (operation === 'Query') {
      const text = input.KeyConditionExpression as string | undefined;
      if (!text) return fail('Query without --key-condition-expression');
      const parts = clausesOf(text, 'KeyConditionExpression', expression);
      if (!parts.ok) return parts;
      const partition = parts.value.find((c) => c.attribute === schema.partitionKey.name && c.op === '=');
      const sort = parts.value.find((c) => c !== partition);
      if (!partition || parts.value.length > 2 || (sort && sort.attribute !== schema.sortKey?.name))
        return fail(`"${text}" is not a key condition of ${index ?? 'the table'}`);
      const keyCondition: KeyCondition = {
        partition: generalizer.template(schema.partitionKey.name, partition.value as JsonValue),
      };
      if (sort) {
        if (!['=', '<', '<=', '>', '>=', 'begins_with', 'between'].includes(sort.op))
          return fail(`${sort.op} is not a sort key condition`);
        const exact = sort.op !== 'begins_with';
        keyCondition.sort = {
          op: sort.op as 'between',
          value: generalizer.template(sort.attribute, sort.value as JsonValue, exact),
          ...(sort.to === undefined
            ? {}
            : { to: generalizer.template(sort.attribute, sort.to as JsonValue, exact) }),
        };
      }
      read.keyCondition = keyCondition;
      if (input.ScanIndexForward === false) read.scanIndexForward = false;
    }
    if (typeof input.Limit === 'number') read.limit = input.Limit;
    if (input.ConsistentRead === true) read.consistentRead = true;
    if (typeof input.FilterExpression === 'string') {
      const filter = clausesOf(input.FilterExpression, 'FilterExpression', expression);
      if (!filter.ok) return filter;
      read.filter = filter.value;
    }
    if (typeof input.ProjectionExpression === 'string')
      read.projection = input.ProjectionExpression.split(',').map((name) => nameOf(name.trim(), expression));
    return { ok: true, value: withExample(read) };
  }
  if (operation === 'PutItem' || operation === 'UpdateItem' || operation === 'DeleteItem') {
    const item = (operation === 'PutItem' ? input.Item : input.Key) as AttributeMap | undefined;
    const key =
      item && Object.fromEntries(keyNames.filter((name) => name in item).map((name) => [name, item[name]]));
    const entity = keyedEntity(design, key, generalizer);
    if (!entity.ok) return entity;
    const condition = conditionOf(input, keyNames);
    if (!condition.ok) return condition;
    const write: Record<string, unknown> = { ...base, operation, entity: entity.value.name };
    if (condition.value) write.condition = condition.value;
    if (operation === 'PutItem' && item)
      // A PutItem's --item holds every attribute: the entity is the one whose keys read the item's table key.
      for (const [name, value] of Object.entries(item))
        if (entity.value.attributes.some((a) => a.name === name))
          generalizer.example[name] = unmarshallValue(value) as never;
    if (operation === 'UpdateItem') {
      const update = updateOf(input.UpdateExpression as string | undefined, expression);
      if (!update.ok) return update;
      if (update.value.set.length > 0) write.set = update.value.set.map(([name]) => name);
      if (update.value.remove.length > 0) write.remove = update.value.remove;
      for (const [name, value] of update.value.set)
        if (value !== undefined) generalizer.example[name] = value as never;
      if (update.value.computed.length > 0)
        notes.push(
          `${update.value.computed.join(', ')}: DynamoDB computes the value; Keyplan's pattern sets ${update.value.set
            .filter(([, v]) => v === undefined)
            .map(([n]) => n)
            .join(', ')} from an argument`,
        );
    }
    return { ok: true, value: withExample(write) };
  }
  if (operation === 'BatchWriteItem') return batchWriteOf(design, input, base, notes);
  return fail(`${operation} is not mapped to a Keyplan pattern`);
}

/**
 * A BatchWriteItem on the design's table as a TransactWriteItems pattern of its puts and deletes (Keyplan has
 * no batch-write pattern; the note says DynamoDB runs a batch unconditionally and without atomicity).
 */
function batchWriteOf(
  design: Design,
  input: Record<string, unknown>,
  base: { id: string; name: string; description?: string },
  notes: string[],
): Result<AccessPattern> {
  const requests = (input.RequestItems ?? {}) as Record<string, unknown[]>;
  const tables = Object.keys(requests);
  if (tables.length !== 1 || tables[0] !== design.table.name)
    return fail(`the batch writes ${tables.join(', ') || 'no table'}, not ${design.table.name} alone`);
  const actions: { operation: 'PutItem' | 'DeleteItem'; entity: string }[] = [];
  for (const [i, raw] of (requests[tables[0]] ?? []).entries()) {
    const request = raw as { PutRequest?: { Item?: AttributeMap }; DeleteRequest?: { Key?: AttributeMap } };
    const item = request.PutRequest?.Item ?? request.DeleteRequest?.Key;
    const entity = item && entityReading(design, tableKey(design, item));
    if (!entity) return fail(`--request-items ${tables[0]}[${i}]: no entity has keys that read it`);
    actions.push({ operation: request.PutRequest ? 'PutItem' : 'DeleteItem', entity: entity.name });
  }
  if (actions.length === 0) return fail('--request-items holds no requests');
  notes.push(
    'BatchWriteItem read as TransactWriteItems of the same puts and deletes (Keyplan has no batch-write pattern; DynamoDB runs a batch without atomicity or conditions)',
  );
  return { ok: true, value: { ...base, operation: 'TransactWriteItems', actions } as AccessPattern };
}

/** The table key attributes of an item or key. */
function tableKey(design: Design, item: AttributeMap): AttributeMap {
  const names = [design.table.partitionKey.name, design.table.sortKey?.name];
  return Object.fromEntries(Object.entries(item).filter(([name]) => names.includes(name)));
}

/**
 * `SET #a = :a, b = :b REMOVE c, d ADD n :one`: assignments and removals; a computed SET (`#v = #v + :one`)
 * or an ADD sets its attribute too, and is listed in `computed` for the caller's warning.
 */
function updateOf(
  text: string | undefined,
  expression: Expression,
): Result<{ set: [string, JsonValue | undefined][]; remove: string[]; computed: string[] }> {
  const out = {
    set: [] as [string, JsonValue | undefined][],
    remove: [] as string[],
    computed: [] as string[],
  };
  if (!text) return fail('UpdateItem without --update-expression');
  const sections = text
    .split(/\b(SET|REMOVE|ADD|DELETE)\b/i)
    .map((s) => s.trim())
    .filter(Boolean);
  for (let i = 0; i < sections.length; i += 2) {
    const action = sections[i].toUpperCase();
    const body = sections[i + 1] ?? '';
    for (const part of body
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)) {
      if (action === 'REMOVE') out.remove.push(nameOf(part, expression));
      else if (action === 'SET') {
        const m = new RegExp(`^${NAME}\\s*=\\s*${VALUE}$`).exec(part);
        const computed = m ? undefined : new RegExp(`^${NAME}\\s*=\\s*(.+)$`).exec(part);
        if (computed) {
          // `#version = #version + :one`, if_not_exists(…), list_append(…): the attribute is set, to a value
          // DynamoDB computes; Keyplan's pattern sets it from an argument, so the computation is named.
          const name = nameOf(computed[1], expression);
          out.set.push([name, undefined]);
          out.computed.push(`SET ${part}`);
          continue;
        }
        if (!m) return fail(`SET ${part} is not "name = :value"`);
        const value = tokenValue(m[2], expression);
        if (!value.ok) return value;
        out.set.push([nameOf(m[1], expression), value.value]);
      } else if (action === 'ADD') {
        const m = new RegExp(`^${NAME}\\s+${VALUE}$`).exec(part);
        if (!m) return fail(`ADD ${part} is not "name :value"`);
        out.set.push([nameOf(m[1], expression), undefined]);
        out.computed.push(`ADD ${part}`);
      } else return fail(`${action} has no Keyplan form`);
    }
  }
  return { ok: true, value: out };
}
