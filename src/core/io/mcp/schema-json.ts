// The AWS DynamoDB MCP server's other format: the `schema.json` its repository generation tool reads
// (repo_generation_tool; `{ tables: [{ table_config, gsi_list?, entities: { Name: { entity_type, pk_template,
// sk_template?, gsi_mappings?, fields, access_patterns } } }], cross_table_access_patterns? }`). It declares
// the design outright (key templates, typed fields, access patterns), so nothing is inferred from items: one
// table becomes a design, its entities keep their templates as written (MCP and Keyplan share `{field}`), and
// samples are generated from the field types so the design has items to show.
import { formatProblems, validateDesign } from '../../checks/validate.ts';
import { generateItems } from '../../items/generate/generate.ts';
import { placeholders } from '../../keys/template.ts';
import type { Attribute, Design, DesignInput, Entity, GlobalSecondaryIndex } from '../../model/schema.ts';
import { chooseTable } from '../table-choice.ts';
import type { FormatImport, FormatImportOptions } from '../types.ts';
import { warningList } from '../warnings.ts';
import { type McpSchemaEntity, type McpSchemaTable, schemaPatterns } from './schema-patterns.ts';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Samples per entity, generated from the field types; a fixed seed and date so an import is repeatable. */
const SAMPLES = { count: 3, seed: 1, refDate: '2026-01-01T00:00:00Z' };

/** True when the file is a repo-generation schema.json (its tables carry `table_config`), not a data model. */
export function isMcpSchemaJson(json: unknown): boolean {
  return (
    isObject(json) &&
    Array.isArray(json.tables) &&
    json.tables.some((table) => isObject(table) && isObject(table.table_config))
  );
}

function shapeProblem(json: Record<string, unknown>): string | undefined {
  const tables = json.tables as unknown[];
  for (const [i, table] of tables.entries()) {
    const where = `tables[${i}]`;
    if (!isObject(table)) return `${where}: expected an object`;
    const config = table.table_config;
    if (!isObject(config)) return `${where}: missing table_config`;
    for (const field of ['table_name', 'partition_key'])
      if (typeof config[field] !== 'string') return `${where}.table_config.${field}: required (a string)`;
    if (!isObject(table.entities)) return `${where}: missing entities (an object of entity name → entity)`;
    for (const [name, entity] of Object.entries(table.entities)) {
      const at = `${where}.entities.${name}`;
      if (!isObject(entity)) return `${at}: expected an object`;
      if (typeof entity.pk_template !== 'string') return `${at}.pk_template: required (a string)`;
      if (!Array.isArray(entity.fields)) return `${at}.fields: required (a list)`;
      if (entity.access_patterns !== undefined && !Array.isArray(entity.access_patterns))
        return `${at}.access_patterns: expected a list`;
    }
  }
  return undefined;
}

/** MCP field types (string, integer, decimal, boolean, array, object, uuid) as DynamoDB attribute types. */
function attributeOf(
  field: { name: string; type: string; required?: boolean },
  warn: (m: string) => void,
  where: string,
): Attribute {
  const types: Record<string, Attribute['type']> = {
    string: 'S',
    uuid: 'S',
    integer: 'N',
    decimal: 'N',
    boolean: 'BOOL',
    array: 'L',
    object: 'M',
  };
  let type = types[field.type];
  if (!type) {
    warn(`${where}.type: "${field.type}" is not an MCP field type; imported as a string`);
    type = 'S';
  }
  return {
    name: field.name,
    type,
    ...(field.required ? { required: true } : {}),
    ...(field.type === 'uuid' ? { format: 'uuid' as const } : {}),
  };
}

/** The attribute type of a key attribute: that of the field a single-placeholder template reads, else S. */
function keyType(table: McpSchemaTable, attribute: string): 'S' | 'N' {
  for (const entity of Object.values(table.entities)) {
    const templates = [
      [table.table_config.partition_key, entity.pk_template],
      [table.table_config.sort_key, entity.sk_template],
      ...(entity.gsi_mappings ?? []).flatMap((mapping) => {
        const gsi = (table.gsi_list ?? []).find((g) => g.name === mapping.name);
        return [
          [gsi?.partition_key, mapping.pk_template],
          [gsi?.sort_key, mapping.sk_template],
        ];
      }),
    ];
    for (const [name, template] of templates) {
      if (name !== attribute || typeof template !== 'string') continue;
      const only = /^\{([^{}]+)\}$/.exec(template)?.[1];
      const field = entity.fields.find((f) => f.name === only);
      return field && (field.type === 'integer' || field.type === 'decimal') ? 'N' : 'S';
    }
  }
  return 'S';
}

const names = (key: string | string[] | undefined) =>
  key === undefined ? [] : Array.isArray(key) ? key : [key];

function indexOf(
  table: McpSchemaTable,
  gsi: NonNullable<McpSchemaTable['gsi_list']>[number],
): GlobalSecondaryIndex {
  const attr = (name: string) => ({ name, type: keyType(table, name) });
  const pk = names(gsi.partition_key);
  const sk = names(gsi.sort_key);
  return {
    name: gsi.name,
    ...(pk.length > 1 ? { partitionKeys: pk.map(attr) } : { partitionKey: attr(pk[0]) }),
    ...(sk.length > 1 ? { sortKeys: sk.map(attr) } : sk.length === 1 ? { sortKey: attr(sk[0]) } : {}),
    projection: {
      type: gsi.projection ?? 'ALL',
      ...(gsi.included_attributes ? { attributes: gsi.included_attributes } : {}),
    },
  };
}

/** An entity: its fields as attributes, its templates as keys (placeholders naming no field are warned). */
function entityOf(
  table: McpSchemaTable,
  name: string,
  entity: McpSchemaEntity,
  where: string,
  warn: (m: string) => void,
): Entity {
  const attributes = entity.fields.map((field, i) => attributeOf(field, warn, `${where}.fields[${i}]`));
  const keys: Record<string, string> = { [table.table_config.partition_key]: entity.pk_template };
  if (table.table_config.sort_key !== undefined) {
    if (entity.sk_template !== undefined) keys[table.table_config.sort_key] = entity.sk_template;
    else
      warn(
        `${where}: no sk_template, but the table's sort key is ${table.table_config.sort_key}; the entity has no sort key template`,
      );
  }
  for (const [i, mapping] of (entity.gsi_mappings ?? []).entries()) {
    const gsi = (table.gsi_list ?? []).find((g) => g.name === mapping.name);
    const at = `${where}.gsi_mappings[${i}]`;
    if (!gsi) {
      warn(`${at}: the table has no GSI ${mapping.name}; not imported`);
      continue;
    }
    const pk = names(gsi.partition_key);
    const sk = names(gsi.sort_key);
    if (pk.length > 1 || sk.length > 1) continue; // multi-attribute keys read the attributes themselves
    keys[pk[0]] = mapping.pk_template;
    if (sk.length === 1 && mapping.sk_template !== undefined) keys[sk[0]] = mapping.sk_template;
  }
  // A field that is itself a key attribute of an index the entity maps no template to is that key (an item
  // holding it is in the index): Keyplan's natural key, `{field}`.
  for (const gsi of table.gsi_list ?? [])
    for (const key of [...names(gsi.partition_key), ...names(gsi.sort_key)])
      if (!(key in keys) && attributes.some((a) => a.name === key)) keys[key] = `{${key}}`;
  for (const [attribute, template] of Object.entries(keys))
    for (const placeholder of placeholders(template))
      if (!attributes.some((a) => a.name === placeholder)) {
        warn(
          `${where}: the ${attribute} template "${template}" reads {${placeholder}}, which fields does not declare; added as a key-only string`,
        );
        attributes.push({ name: placeholder, type: 'S', keyOnly: true });
      }
  return { name, attributes, keys };
}

export function importMcpSchemaJson(json: unknown, options: FormatImportOptions = {}): FormatImport {
  const problem = shapeProblem(json as Record<string, unknown>);
  if (problem) return { ok: false, message: `MCP schema.json: ${problem}` };
  const file = json as { tables: McpSchemaTable[]; cross_table_access_patterns?: unknown[] };
  const { warnings, warn } = warningList();
  const chosen = chooseTable(
    file.tables.map((t) => t.table_config.table_name),
    options.table,
    warn,
  );
  if (!('index' in chosen)) return { ok: false, message: chosen.message };
  const { index } = chosen;
  const table = file.tables[index];
  const name = table.table_config.table_name;
  const where = `tables[${index}]`;
  const entities = Object.entries(table.entities).map(([entityName, entity]) =>
    entityOf(table, entityName, entity, `${where}.entities.${entityName}`, warn),
  );
  const sortKey = table.table_config.sort_key;
  const input: DesignInput = {
    format: 'keyplan/1',
    name,
    table: {
      name,
      partitionKey: {
        name: table.table_config.partition_key,
        type: keyType(table, table.table_config.partition_key),
      },
      ...(sortKey !== undefined ? { sortKey: { name: sortKey, type: keyType(table, sortKey) } } : {}),
      globalSecondaryIndexes: (table.gsi_list ?? []).map((gsi) => indexOf(table, gsi)),
    },
    entities,
  };
  const valid = validateDesign(input);
  if (!valid.ok)
    return { ok: false, message: `${where}: not a valid design (${formatProblems(valid.problems)})` };
  let design: Design = { ...valid.design, items: generateItems(valid.design, SAMPLES) };
  design = schemaPatterns(design, table, where, file.cross_table_access_patterns ?? [], warn);
  const final = validateDesign(design);
  if (!final.ok)
    return { ok: false, message: `${where}: not a valid design (${formatProblems(final.problems)})` };
  return { ok: true, design: final.design, warnings };
}
