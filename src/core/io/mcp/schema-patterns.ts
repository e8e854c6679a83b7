// The access patterns of an MCP schema.json entity as Keyplan patterns. The file names an operation, an
// index, a range condition and parameters, not a request: the key condition is the entity's own key
// templates on that index (the range condition's value a parameter after the sort template's literal prefix),
// the example the entity's first sample. What Keyplan has no pattern for (BatchWriteItem, a cross-table
// transaction) is a warning naming the pattern, never a silent drop.
import { formatProblems, validateDesign } from '../../checks/validate.ts';
import { literalPrefix, placeholders } from '../../keys/template.ts';
import { keySchemaFor } from '../../model/indexes.ts';
import type {
  AccessPattern,
  Arguments,
  ArgumentValue,
  Design,
  Entity,
  KeyCondition,
} from '../../model/schema.ts';
import { uniqueName } from '../nosql-workbench/names.ts';

export interface McpSchemaParameter {
  name: string;
  type: string;
  entity_type?: string;
}
export interface McpSchemaPattern {
  pattern_id?: number;
  name: string;
  description?: string;
  operation: string;
  index_name?: string;
  range_condition?: string;
  consistent_read?: boolean;
  parameters?: McpSchemaParameter[];
  return_type?: string;
}
export interface McpSchemaEntity {
  entity_type?: string;
  pk_template: string;
  sk_template?: string;
  gsi_mappings?: { name: string; pk_template: string; sk_template?: string }[];
  fields: { name: string; type: string; required?: boolean; item_type?: string }[];
  access_patterns?: McpSchemaPattern[];
}
export interface McpSchemaTable {
  table_config: { table_name: string; partition_key: string; sort_key?: string };
  gsi_list?: {
    name: string;
    partition_key: string | string[];
    sort_key?: string | string[];
    projection?: 'ALL' | 'KEYS_ONLY' | 'INCLUDE';
    included_attributes?: string[];
  }[];
  entities: Record<string, McpSchemaEntity>;
}
interface CrossTablePattern {
  name?: string;
  description?: string;
  operation?: string;
  entities_involved?: { action?: string; condition?: string; entity?: string; table?: string }[];
}

/** A pattern, with what of the entry it does not hold (a parameter nothing reads), or why there is none. */
type Result = { ok: true; pattern: AccessPattern; notes?: string[] } | { ok: false; why: string };

/** Parameters (not whole entities) that none of `read` names: the caller warns, nothing reads them. */
function unreadParameters(entry: McpSchemaPattern, read: Iterable<string>): string[] {
  const names = new Set(read);
  return (entry.parameters ?? [])
    .filter((p) => p.type !== 'entity' && !names.has(p.name))
    .map((p) => `parameter ${p.name} is read by no key condition Keyplan derives; not part of the pattern`);
}

const WRITE_ACTIONS: Record<string, 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'ConditionCheck'> = {
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  ConditionCheck: 'ConditionCheck',
};

const RANGE_OPERATORS = new Set(['=', '<', '<=', '>', '>=', 'begins_with', 'between']);

/** The entity's first sample, as the example arguments of the placeholders the pattern reads. */
function exampleOf(design: Design, entity: Entity, names: readonly string[]): Arguments {
  const sample = design.items[entity.name]?.[0] ?? {};
  const example: Arguments = {};
  for (const name of names) {
    const value = sample[name];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      example[name] = value as ArgumentValue;
  }
  return example;
}

/**
 * A Query without range_condition whose parameters are the sort template's leading placeholders (`COMMENT#
 * {post_id}#{comment_id}` with post_id): the prefix they render, up to the next placeholder.
 */
function leadingSort(
  template: string,
  entry: McpSchemaPattern,
  read: readonly string[],
): { value: string; names: string[] } | undefined {
  const given = new Set(
    (entry.parameters ?? []).filter((p) => p.type !== 'entity' && !read.includes(p.name)).map((p) => p.name),
  );
  const names: string[] = [];
  let end = 0;
  for (const name of placeholders(template)) {
    if (!given.has(name)) break;
    names.push(name);
    end = template.indexOf(`{${name}}`, end) + name.length + 2;
  }
  if (names.length === 0) return undefined;
  const next = template.indexOf('{', end);
  return { value: template.slice(0, next < 0 ? template.length : next), names };
}

function keyRead(design: Design, entity: Entity, entry: McpSchemaPattern): Result {
  const schema = keySchemaFor(design, entry.index_name);
  if (!schema) return { ok: false, why: `the table has no index ${entry.index_name}` };
  if (!schema.partitionKey) return { ok: false, why: `${entry.index_name} has a multi-attribute key` };
  const partition = entity.keys[schema.partitionKey.name];
  if (partition === undefined)
    return {
      ok: false,
      why: `the entity has no ${schema.partitionKey.name} template for ${entry.index_name ?? 'the table'}`,
    };
  const keyCondition: KeyCondition = { partition };
  const sortTemplate = schema.sortKey ? entity.keys[schema.sortKey.name] : undefined;
  const keyParameters = [...placeholders(partition)];
  if (entry.operation === 'GetItem') {
    if (schema.sortKey && sortTemplate === undefined)
      return { ok: false, why: `the entity has no ${schema.sortKey.name} template` };
    if (sortTemplate !== undefined) {
      keyCondition.sort = { op: '=', value: sortTemplate };
      keyParameters.push(...placeholders(sortTemplate));
    }
  } else if (entry.range_condition !== undefined) {
    const op = entry.range_condition;
    if (!RANGE_OPERATORS.has(op))
      return { ok: false, why: `range_condition "${op}" is not a sort key condition` };
    if (sortTemplate === undefined)
      return { ok: false, why: `range_condition ${op} on an index without a sort key template` };
    const partitionNames = new Set(placeholders(partition));
    const values = (entry.parameters ?? []).filter((p) => p.type !== 'entity' && !partitionNames.has(p.name));
    const wanted = op === 'between' ? 2 : 1;
    if (values.length < wanted)
      return {
        ok: false,
        why: `range_condition ${op} needs ${wanted} parameter(s) besides the partition key's`,
      };
    keyParameters.push(...values.slice(0, wanted).map((p) => p.name));
    const prefix = literalPrefix(sortTemplate);
    keyCondition.sort = {
      op: op as 'between',
      value: `${prefix}{${values[0].name}}`,
      ...(op === 'between' ? { to: `${prefix}{${values[1].name}}` } : {}),
    };
  }
  const leading =
    sortTemplate && !keyCondition.sort ? leadingSort(sortTemplate, entry, keyParameters) : undefined;
  const interpreted: string[] = [];
  if (leading && schema.sortKey) {
    keyCondition.sort = { op: 'begins_with', value: leading.value };
    keyParameters.push(...leading.names);
    interpreted.push(
      `no range_condition, but ${leading.names.join(', ')} ${leading.names.length === 1 ? 'leads' : 'lead'} the ${schema.sortKey.name} template "${sortTemplate}"; read as ${schema.sortKey.name} begins_with "${leading.value}"`,
    );
  }
  const notes = [...interpreted, ...unreadParameters(entry, keyParameters)];
  const example = exampleOf(design, entity, keyParameters);
  // A range parameter's example: the sample's value of the sort template's first placeholder.
  const sortField = sortTemplate ? placeholders(sortTemplate)[0] : undefined;
  const sortValue = sortField ? exampleOf(design, entity, [sortField])[sortField] : undefined;
  for (const name of keyParameters)
    if (!(name in example) && sortValue !== undefined) example[name] = sortValue;
  return {
    ok: true,
    notes,
    pattern: {
      id: '',
      name: entry.name,
      operation: entry.operation as 'Query',
      ...(entry.index_name ? { index: entry.index_name } : {}),
      keyCondition,
      ...(entry.consistent_read ? { consistentRead: true } : {}),
      ...(Object.keys(example).length > 0 ? { example } : {}),
    } as AccessPattern,
  };
}

/** The placeholders of the entity's table key: what names the item (an update cannot change them). */
/** An example field, when the sample gives any of its arguments. */
const withExample = (example: Arguments) => (Object.keys(example).length > 0 ? { example } : {});

const keyPlaceholders = (design: Design, entity: Entity) =>
  [design.table.partitionKey.name, design.table.sortKey?.name].flatMap((name) =>
    name && entity.keys[name] ? placeholders(entity.keys[name]) : [],
  );

function patternOf(design: Design, entity: Entity, entry: McpSchemaPattern): Result {
  const base = { id: '', name: entry.name };
  switch (entry.operation) {
    case 'GetItem':
    case 'Query':
      return keyRead(design, entity, entry);
    case 'Scan':
      return {
        ok: true,
        notes: unreadParameters(entry, []),
        pattern: {
          ...base,
          operation: 'Scan',
          ...(entry.index_name ? { index: entry.index_name } : {}),
          ...(entry.consistent_read ? { consistentRead: true } : {}),
        },
      };
    case 'PutItem':
    case 'DeleteItem':
      return {
        ok: true,
        notes: unreadParameters(entry, keyPlaceholders(design, entity)),
        pattern: {
          ...base,
          operation: entry.operation,
          entity: entity.name,
          ...withExample(
            exampleOf(
              design,
              entity,
              entry.operation === 'PutItem'
                ? entity.attributes.map((a) => a.name)
                : keyPlaceholders(design, entity),
            ),
          ),
        },
      };
    case 'UpdateItem': {
      const keyNames = new Set(keyPlaceholders(design, entity));
      const set = (entry.parameters ?? [])
        .map((p) => p.name)
        .filter((n) => !keyNames.has(n) && entity.attributes.some((a) => a.name === n));
      if (set.length === 0)
        return {
          ok: false,
          why: `it sets no attribute outside the item's key (parameters: ${(entry.parameters ?? []).map((p) => p.name).join(', ') || 'none'}); DynamoDB cannot update a key attribute`,
        };
      return {
        ok: true,
        notes: unreadParameters(entry, [...keyNames, ...set]),
        pattern: {
          ...base,
          operation: 'UpdateItem',
          entity: entity.name,
          set,
          ...withExample(exampleOf(design, entity, [...keyNames, ...set])),
        },
      };
    }
    case 'BatchGetItem': {
      const read = keyRead(design, entity, { ...entry, operation: 'GetItem', index_name: undefined });
      if (!read.ok) return read;
      const key = (read.pattern as { keyCondition: KeyCondition }).keyCondition;
      return {
        ok: true,
        pattern: {
          ...base,
          operation: 'BatchGetItem',
          gets: [
            {
              entity: entity.name,
              key: { partition: key.partition ?? '', ...(key.sort ? { sort: key.sort.value } : {}) },
            },
          ],
        },
      };
    }
    default:
      return { ok: false, why: `${entry.operation} has no Keyplan pattern` };
  }
}

/** A cross-table transaction as a TransactWriteItems pattern, when every entity it writes is of this table. */
function crossTableOf(design: Design, entry: CrossTablePattern, tableName: string): Result {
  const involved = entry.entities_involved ?? [];
  const others = involved.filter((e) => e.table !== tableName).map((e) => e.table);
  if (others.length > 0) return { ok: false, why: `it also touches ${[...new Set(others)].join(', ')}` };
  const unread: string[] = [];
  if (entry.operation === 'TransactGet') {
    const gets = involved.map((e) => ({ entity: e.entity ?? '' }));
    if (gets.some((g) => !design.entities.some((e) => e.name === g.entity)))
      return { ok: false, why: 'an entity the table does not hold' };
    return { ok: true, pattern: { id: '', name: entry.name ?? '', operation: 'TransactGetItems', gets } };
  }
  if (entry.operation !== 'TransactWrite')
    return { ok: false, why: `${entry.operation} has no Keyplan pattern` };
  const actions = involved.map((e) => {
    const operation = WRITE_ACTIONS[e.action ?? ''];
    const condition = /^attribute_not_exists\(/.test(e.condition ?? '')
      ? 'not-exists'
      : /^attribute_exists\(/.test(e.condition ?? '')
        ? 'exists'
        : undefined;
    if (e.condition && !condition) unread.push(`${e.entity} condition "${e.condition}"`);
    return { operation, entity: e.entity ?? '', ...(condition ? { condition } : {}) };
  });
  if (actions.some((a) => !a.operation || !design.entities.some((e) => e.name === a.entity)))
    return { ok: false, why: 'an action or entity Keyplan does not read' };
  if (unread.length > 0) return { ok: false, why: `Keyplan does not read ${unread.join(', ')}` };
  return {
    ok: true,
    pattern: { id: '', name: entry.name ?? '', operation: 'TransactWriteItems', actions } as AccessPattern,
  };
}

/** The design with every pattern of the table's entities (and the cross-table ones on this table alone). */
export function schemaPatterns(
  design: Design,
  table: McpSchemaTable,
  where: string,
  crossTable: unknown[],
  warn: (m: string) => void,
): Design {
  let current = design;
  const ids = new Set<string>();
  const add = (label: string, entry: { name?: string; description?: string }, result: Result) => {
    if (!result.ok) {
      warn(`${label}: ${result.why}; not imported`);
      return;
    }
    const base =
      String(entry.name ?? '')
        .replace(/[^A-Za-z0-9_-]+/g, '-')
        .replace(/^-+|-+$/g, '') || 'pattern';
    const id = uniqueName(base, (n) => ids.has(n));
    const pattern = {
      ...result.pattern,
      id,
      ...(entry.description ? { description: entry.description } : {}),
    };
    const next = validateDesign({ ...current, accessPatterns: [...current.accessPatterns, pattern] });
    if (!next.ok) {
      warn(`${label}: not imported (${formatProblems(next.problems).split('\n')[0]})`);
      return;
    }
    ids.add(id);
    current = next.design;
    for (const note of result.notes ?? []) warn(`${label}: ${note}`);
  };
  for (const [entityName, entity] of Object.entries(table.entities)) {
    const keyplanEntity = current.entities.find((e) => e.name === entityName) as Entity;
    for (const [i, entry] of (entity.access_patterns ?? []).entries())
      add(
        `${where}.entities.${entityName}.access_patterns[${i}] (${entry.name})`,
        entry,
        patternOf(current, keyplanEntity, entry),
      );
  }
  for (const [i, raw] of crossTable.entries()) {
    const entry = raw as CrossTablePattern;
    add(
      `cross_table_access_patterns[${i}] (${entry.name})`,
      entry,
      crossTableOf(current, entry, table.table_config.table_name),
    );
  }
  return current;
}
