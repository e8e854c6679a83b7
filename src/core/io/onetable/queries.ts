// Access patterns as OneTable saved queries (the schema's `queries` map), and back. OneTable leaves the shape
// of a saved query open; Keyplan writes each in OneTable's own vocabulary: the operation of its Model API
// (`get`, `find`, `scan`, `create`, `update`, `remove`), `index`, `properties` holding the key values as
// value templates (a sort condition as OneTable's `{ begins_with: … }`, `{ between: [a, b] }`, `{ '>': … }`),
// and `params` as the Model API takes them (`reverse`, `limit`, `consistent`, `where`, `exists`, `remove`).
// Transactions and batches have no such form: they stay in the keyplan block, with a warning.

import { keySchemaFor } from '../../model/indexes.ts';
import type {
  AccessPattern,
  ConditionClause,
  Design,
  KeyCondition,
  WriteCondition,
} from '../../model/schema.ts';
import { isExactNumber, numberText } from '../../values/exact-json.ts';
import { parseClauses, type Result } from '../clauses.ts';
import { keyplanTemplate, type OneQuery, type OneSortCondition, oneTemplate } from './schema.ts';

const WRITE_OPERATION = { PutItem: 'create', UpdateItem: 'update', DeleteItem: 'remove' } as const;
const READ_OPERATION = { GetItem: 'get', Query: 'find', Scan: 'scan' } as const;

/** A clause value as a where token: `{arg}` alone is a substitution, any other value a literal. */
function whereValue(value: ConditionClause['value']): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') {
    const arg = /^\{([A-Za-z0-9_.-]+)\}$/.exec(value);
    if (arg) return `@{${arg[1]}}`;
    if (value.includes('{') || value.includes('}') || value.includes('"')) return undefined;
    return `{"${value}"}`;
  }
  if (isExactNumber(value)) return `{${numberText(value)}}`;
  return `{${String(value)}}`;
}

/** Filter clauses as a OneTable `where` (DynamoDB syntax with `${attribute}` names and `{value}` values). */
function whereOf(clauses: readonly ConditionClause[]): Result<string> {
  const parts: string[] = [];
  for (const clause of clauses) {
    const name = `\${${clause.attribute}}`;
    const value = whereValue(clause.value);
    const needsValue = clause.op !== 'exists' && clause.op !== 'not_exists';
    if (needsValue && value === undefined)
      return { ok: false, why: `the value of ${clause.attribute} has no OneTable where form` };
    switch (clause.op) {
      case 'exists':
        parts.push(`attribute_exists(${name})`);
        break;
      case 'not_exists':
        parts.push(`attribute_not_exists(${name})`);
        break;
      case 'begins_with':
      case 'contains':
        parts.push(`${clause.op}(${name}, ${value})`);
        break;
      case 'between': {
        const to = whereValue(clause.to);
        if (to === undefined)
          return { ok: false, why: `the upper bound of ${clause.attribute} has no where form` };
        parts.push(`${name} between ${value} and ${to}`);
        break;
      }
      default:
        parts.push(`${name} ${clause.op} ${value}`);
    }
  }
  return { ok: true, value: parts.join(' and ') };
}

function clauseValue(token: string): string | number | boolean {
  const substitution = /^@\{(.+)\}$/.exec(token);
  if (substitution) return `{${substitution[1]}}`;
  const inner = token.slice(1, -1);
  const quoted = /^"(.*)"$/.exec(inner);
  if (quoted) return quoted[1];
  if (/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(inner)) return Number(inner);
  if (inner === 'true' || inner === 'false') return inner === 'true';
  return inner;
}

/** A `where` (Keyplan's or hand-written in the same forms) as clauses; anything else is a reason. */
export function clausesOf(where: string): Result<ConditionClause[]> {
  return parseClauses(where, 'where', {
    name: String.raw`\$\{([^}]+)\}`,
    value: String.raw`(@\{[^}]+\}|\{[^}]*\})`,
    attribute: (token) => token,
    resolve: (token) => ({ ok: true, value: clauseValue(token) }),
  });
}

function existsOf(condition: WriteCondition | undefined): Result<boolean | null> {
  if (condition === undefined) return { ok: true, value: null };
  if (condition === 'exists') return { ok: true, value: true };
  if (condition === 'not-exists') return { ok: true, value: false };
  return { ok: false, why: 'a condition on attribute values has no saved OneTable form' };
}

function sortCondition(sort: NonNullable<KeyCondition['sort']>): OneSortCondition {
  const value = oneTemplate(sort.value);
  if (sort.op === '=') return value;
  if (sort.op === 'between') return { between: [value, oneTemplate(sort.to ?? '')] };
  return { [sort.op]: value };
}

/** The pattern as a saved query; a reason when OneTable has no form for it. */
export function queryOf(design: Design, pattern: AccessPattern): Result<OneQuery> {
  const query: Partial<OneQuery> = { name: pattern.name };
  if (pattern.description) query.description = pattern.description;
  const params: NonNullable<OneQuery['params']> = {};
  if (pattern.operation in WRITE_OPERATION) {
    const write = pattern as Extract<AccessPattern, { operation: 'PutItem' | 'UpdateItem' | 'DeleteItem' }>;
    const exists = existsOf(write.condition);
    if (!exists.ok) return exists;
    query.operation = WRITE_OPERATION[write.operation];
    query.model = write.entity;
    if (write.operation === 'UpdateItem') {
      if (write.set) query.set = write.set;
      if (write.remove) params.remove = write.remove;
    }
    params.exists = exists.value;
  } else if (pattern.operation in READ_OPERATION) {
    const read = pattern as Extract<AccessPattern, { operation: 'GetItem' | 'Query' | 'Scan' }>;
    query.operation = READ_OPERATION[read.operation];
    if (read.returns?.length === 1) query.model = read.returns[0];
    else if (read.returns) query.models = read.returns;
    if (read.index) query.index = read.index;
    if (read.operation !== 'Scan') {
      const { keyCondition } = read;
      const schema = keySchemaFor(design, read.index);
      if (
        !schema ||
        keyCondition.partition === undefined ||
        keyCondition.partitionKeys ||
        keyCondition.sortKeys
      )
        return { ok: false, why: 'a multi-attribute key condition has no OneTable form' };
      query.properties = { [schema.partitionKey.name]: oneTemplate(keyCondition.partition) };
      if (keyCondition.sort && schema.sortKey)
        query.properties[schema.sortKey.name] = sortCondition(keyCondition.sort);
    }
    if (read.scanIndexForward === false) params.reverse = true;
    if (read.limit !== undefined) params.limit = read.limit;
    if (read.consistentRead) params.consistent = true;
    if (read.projection) params.fields = read.projection;
    if (read.filter?.length) {
      const where = whereOf(read.filter);
      if (!where.ok) return where;
      params.where = where.value;
    }
  } else return { ok: false, why: `OneTable saves no ${pattern.operation} query` };
  if (Object.keys(params).length > 0) query.params = params;
  if (pattern.example) query.example = pattern.example;
  return { ok: true, value: query as OneQuery };
}

const SORT_OPS = new Set(['<', '<=', '>', '>=', 'begins_with', 'begins']);

/** A saved query as an access pattern; `models` maps OneTable model names to entity names. */
export function patternOf(
  id: string,
  query: OneQuery,
  context: { design: Design; models: ReadonlyMap<string, string> },
): Result<AccessPattern> {
  const base = {
    id,
    name: query.name ?? id,
    ...(query.description ? { description: query.description } : {}),
  };
  const entity = (name: string | undefined): Result<string> => {
    const found = name === undefined ? undefined : context.models.get(name);
    return found ? { ok: true, value: found } : { ok: false, why: `model "${name}" is not in the schema` };
  };
  const example = query.example ? { example: query.example as AccessPattern['example'] } : {};
  const params = query.params ?? {};
  const condition =
    params.exists === true
      ? { condition: 'exists' as const }
      : params.exists === false
        ? { condition: 'not-exists' as const }
        : {};
  switch (query.operation) {
    case 'create':
    case 'update':
    case 'remove': {
      const model = entity(query.model);
      if (!model.ok) return model;
      const operation =
        query.operation === 'create' ? 'PutItem' : query.operation === 'update' ? 'UpdateItem' : 'DeleteItem';
      const extra =
        operation === 'UpdateItem'
          ? { ...(query.set ? { set: query.set } : {}), ...(params.remove ? { remove: params.remove } : {}) }
          : {};
      return {
        ok: true,
        value: {
          ...base,
          operation,
          entity: model.value,
          ...condition,
          ...extra,
          ...example,
        } as AccessPattern,
      };
    }
    case 'get':
    case 'find':
    case 'scan': {
      const read: Record<string, unknown> = {
        ...base,
        operation: query.operation === 'get' ? 'GetItem' : query.operation === 'find' ? 'Query' : 'Scan',
      };
      if (query.index) read.index = query.index;
      if (query.operation !== 'scan') {
        const schema = keySchemaFor(context.design, query.index);
        if (!schema) return { ok: false, why: `index "${query.index}" is not in the schema` };
        const partition = query.properties?.[schema.partitionKey.name];
        if (typeof partition !== 'string')
          return {
            ok: false,
            why: `properties.${schema.partitionKey.name} (the partition key) must be a value template`,
          };
        const keyCondition: KeyCondition = { partition: template(partition) };
        const sort = schema.sortKey ? query.properties?.[schema.sortKey.name] : undefined;
        if (typeof sort === 'string') keyCondition.sort = { op: '=', value: template(sort) };
        else if (sort) {
          const [op, value] = Object.entries(sort)[0] ?? [];
          if (op === 'between' && Array.isArray(value) && value.length === 2)
            keyCondition.sort = { op: 'between', value: template(value[0]), to: template(value[1]) };
          else if (SORT_OPS.has(op) && typeof value === 'string')
            keyCondition.sort = { op: op === 'begins' ? 'begins_with' : (op as '<'), value: template(value) };
          else
            return {
              ok: false,
              why: `properties.${schema.sortKey?.name}: ${JSON.stringify(sort)} is not a sort key condition`,
            };
        }
        read.keyCondition = keyCondition;
      }
      if (params.reverse) read.scanIndexForward = false;
      if (params.limit !== undefined) read.limit = params.limit;
      if (params.consistent) read.consistentRead = true;
      if (params.fields) read.projection = params.fields;
      if (params.where) {
        const clauses = clausesOf(params.where);
        if (!clauses.ok) return clauses;
        read.filter = clauses.value;
      }
      const names = query.models ?? (query.model ? [query.model] : []);
      const returns: string[] = [];
      for (const name of names) {
        const model = entity(name);
        if (!model.ok) return model;
        returns.push(model.value);
      }
      if (returns.length > 0) read.returns = returns;
      return { ok: true, value: { ...read, ...example } as AccessPattern };
    }
    default:
      return {
        ok: false,
        why: `operation "${(query as { operation?: unknown }).operation}" is not one of get, find, scan, create, update, remove`,
      };
  }
}

function template(value: string): string {
  const converted = keyplanTemplate(value, new Map());
  return converted.ok ? converted.template : value;
}
