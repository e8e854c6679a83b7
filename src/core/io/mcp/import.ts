// An AWS DynamoDB MCP `dynamodb_data_model.json` as a Keyplan design: one table (the first, or --table), its
// items grouped into entities with key templates inferred from them (the NoSQL Workbench importer does this:
// the table and its BatchWriteItem items are handed to it as a Workbench model), LSIs and streams added, and
// each access pattern's implementation (an AWS CLI command) read back into a Keyplan pattern. A pattern
// without an implementation, on another table, or whose command Keyplan cannot read is a warning that names
// it (`access_patterns[3] (pattern "4")`).

import { formatProblems, validateDesign } from '../../checks/validate.ts';
import type { Design, DesignInput, KeyType, LocalSecondaryIndex, Projection } from '../../model/schema.ts';
import { keyplanDesign } from '../keyplan-field.ts';
import { importWorkbench } from '../nosql-workbench/import.ts';
import { patternIdFrom, uniqueName } from '../nosql-workbench/names.ts';
import { chooseTable } from '../table-choice.ts';
import type { FormatImport, FormatImportOptions } from '../types.ts';
import { warningList } from '../warnings.ts';
import { parseCliCommand } from './cli.ts';
import { type McpAccessPattern, mcpDataModel } from './export.ts';
import { patternOfRequest } from './patterns.ts';
import { importMcpSchemaJson, isMcpSchemaJson } from './schema-json.ts';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type KeyElement = { AttributeName: string; KeyType: 'HASH' | 'RANGE' };
type CreateTable = {
  TableName: string;
  AttributeDefinitions: { AttributeName: string; AttributeType: KeyType }[];
  KeySchema: KeyElement[];
  GlobalSecondaryIndexes?: {
    IndexName: string;
    KeySchema: KeyElement[];
    Projection?: { ProjectionType: Projection['type']; NonKeyAttributes?: string[] };
    ProvisionedThroughput?: unknown;
  }[];
  LocalSecondaryIndexes?: {
    IndexName: string;
    KeySchema: KeyElement[];
    Projection?: { ProjectionType: Projection['type']; NonKeyAttributes?: string[] };
  }[];
  BillingMode?: 'PAY_PER_REQUEST' | 'PROVISIONED';
  ProvisionedThroughput?: { ReadCapacityUnits: number; WriteCapacityUnits: number };
  StreamSpecification?: { StreamEnabled?: boolean; StreamViewType?: string };
};

function shapeProblem(json: unknown): string | undefined {
  if (!isObject(json)) return 'not an MCP data model: expected a JSON object';
  const missing = ['tables', 'items', 'access_patterns'].filter((key) => json[key] === undefined);
  if (missing.length > 0)
    return `not an MCP data model: a dynamodb_data_model.json needs tables, items and access_patterns (missing ${missing.join(', ')}), a repo-generation schema.json needs tables with table_config and entities (found keys: ${Object.keys(json).join(', ') || 'none'})`;
  if (!Array.isArray(json.tables) || json.tables.length === 0)
    return 'tables: expected a list of CreateTable inputs';
  for (const [i, table] of json.tables.entries()) {
    if (!isObject(table) || typeof table.TableName !== 'string') return `tables[${i}].TableName: required`;
    if (!Array.isArray(table.KeySchema) || !table.KeySchema.some((k) => isObject(k) && k.KeyType === 'HASH'))
      return `tables[${i}].KeySchema: needs a HASH key`;
    if (!Array.isArray(table.AttributeDefinitions)) return `tables[${i}].AttributeDefinitions: required`;
  }
  if (!isObject(json.items)) return 'items: expected an object of BatchWriteItem requests per table';
  if (!Array.isArray(json.access_patterns)) return 'access_patterns: expected a list';
  return undefined;
}

function keyAttributes(table: CreateTable, schema: KeyElement[], where: string) {
  const type = (name: string) =>
    table.AttributeDefinitions.find((d) => d.AttributeName === name)?.AttributeType ?? 'S';
  const key = (role: 'HASH' | 'RANGE') => {
    const element = schema.find((k) => k.KeyType === role);
    return element
      ? { AttributeName: element.AttributeName, AttributeType: type(element.AttributeName) }
      : undefined;
  };
  const partition = key('HASH');
  if (!partition) throw new Error(`${where}.KeySchema: needs a HASH key`);
  const sort = key('RANGE');
  return { PartitionKey: partition, ...(sort ? { SortKey: sort } : {}) };
}

/** The table and its items as a NoSQL Workbench model, for the Workbench importer's entity inference. */
function workbenchModel(table: CreateTable, items: unknown[], where: string) {
  const rows = items.map((request) =>
    isObject(request) && isObject(request.PutRequest) && isObject(request.PutRequest.Item)
      ? request.PutRequest.Item
      : undefined,
  );
  return {
    ModelName: table.TableName,
    DataModel: [
      {
        TableName: table.TableName,
        KeyAttributes: keyAttributes(table, table.KeySchema, where),
        GlobalSecondaryIndexes: (table.GlobalSecondaryIndexes ?? []).map((gsi, i) => ({
          IndexName: gsi.IndexName,
          KeyAttributes: keyAttributes(table, gsi.KeySchema, `${where}.GlobalSecondaryIndexes[${i}]`),
          Projection: gsi.Projection ?? { ProjectionType: 'ALL' },
          ...(gsi.ProvisionedThroughput ? { ProvisionedThroughput: gsi.ProvisionedThroughput } : {}),
        })),
        TableData: rows.filter((row) => row !== undefined),
        BillingMode: table.BillingMode ?? 'PAY_PER_REQUEST',
        ...(table.ProvisionedThroughput
          ? { ProvisionedCapacitySettings: { ProvisionedThroughput: table.ProvisionedThroughput } }
          : {}),
      },
    ],
  };
}

/** LSIs (Workbench has none): the table gets them, and an entity holding an LSI's sort attribute its `{name}` key. */
function withLocalIndexes(design: Design, table: CreateTable, warn: (m: string) => void): Design {
  let current = design;
  for (const lsi of table.LocalSecondaryIndexes ?? []) {
    const sort = lsi.KeySchema.find((k) => k.KeyType === 'RANGE');
    if (!sort) continue;
    const type =
      table.AttributeDefinitions.find((d) => d.AttributeName === sort.AttributeName)?.AttributeType ?? 'S';
    const index: LocalSecondaryIndex = {
      name: lsi.IndexName,
      sortKey: { name: sort.AttributeName, type },
      projection: lsi.Projection
        ? {
            type: lsi.Projection.ProjectionType,
            ...(lsi.Projection.NonKeyAttributes ? { attributes: lsi.Projection.NonKeyAttributes } : {}),
          }
        : { type: 'ALL' },
    };
    const next = {
      ...current,
      table: { ...current.table, localSecondaryIndexes: [...current.table.localSecondaryIndexes, index] },
      entities: current.entities.map((entity) =>
        entity.attributes.some((a) => a.name === sort.AttributeName)
          ? { ...entity, keys: { ...entity.keys, [sort.AttributeName]: `{${sort.AttributeName}}` } }
          : entity,
      ),
    };
    const valid = validateDesign(next);
    if (valid.ok) current = valid.design;
    else
      warn(
        `LocalSecondaryIndexes "${lsi.IndexName}": not imported (${formatProblems(valid.problems).split('\n')[0]})`,
      );
  }
  return current;
}

function patternsOf(
  design: Design,
  entries: unknown[],
  tableName: string,
  warn: (m: string) => void,
): Design {
  let current = design;
  const ids = new Set<string>();
  entries.forEach((raw, i) => {
    const entry = (isObject(raw) ? raw : {}) as Partial<McpAccessPattern>;
    const label = `access_patterns[${i}]${entry.pattern !== undefined ? ` (pattern "${entry.pattern}")` : ''}`;
    if (!entry.implementation) {
      warn(`${label}: no implementation${entry.reason ? ` (reason: ${entry.reason})` : ''}; not imported`);
      return;
    }
    if (entry.table && entry.table !== tableName) {
      warn(`${label}: on table ${entry.table}; not imported with ${tableName}`);
      return;
    }
    const parsed = parseCliCommand(entry.implementation);
    if (!parsed.ok) {
      warn(
        `${label}: the implementation is not an AWS CLI command Keyplan reads (${parsed.why}); not imported`,
      );
      return;
    }
    if (entry.dynamodb_operation && entry.dynamodb_operation !== parsed.request.operation)
      warn(
        `${label}: dynamodb_operation ${entry.dynamodb_operation}, but the implementation runs ${parsed.request.operation}; read as ${parsed.request.operation}`,
      );
    if (entry.reason && !entry.reason.startsWith('Keyplan lint:'))
      warn(`${label}: reason "${entry.reason}": not part of a Keyplan pattern`);
    const base =
      String(entry.pattern ?? i + 1)
        .replace(/[^A-Za-z0-9_-]+/g, '-')
        .replace(/^-+|-+$/g, '') || patternIdFrom(entry.description ?? '');
    const id = uniqueName(base, (n) => ids.has(n));
    const name = entry.description?.trim() || `Pattern ${entry.pattern ?? i + 1}`;
    const notes: string[] = [];
    const pattern = patternOfRequest(current, parsed.request, { id, name }, notes);
    if (!pattern.ok) {
      warn(`${label}: ${pattern.why}; not imported`);
      return;
    }
    const next = validateDesign({ ...current, accessPatterns: [...current.accessPatterns, pattern.value] });
    if (!next.ok) {
      warn(`${label}: not imported (${formatProblems(next.problems).split('\n')[0]})`);
      return;
    }
    ids.add(id);
    current = next.design;
    for (const note of notes) warn(`${label}: ${note}`);
  });
  return current;
}

export function importMcp(json: unknown, options: FormatImportOptions = {}): FormatImport {
  if (isMcpSchemaJson(json)) return importMcpSchemaJson(json, options);
  const problem = shapeProblem(json);
  if (problem) return { ok: false, message: problem };
  const model = json as { tables: CreateTable[]; items: Record<string, unknown>; access_patterns: unknown[] };
  const { warnings, warn } = warningList();
  const trusted = keyplanDesign(
    {
      file: json as Record<string, unknown>,
      exported: (design) => mcpDataModel(design),
      changed:
        'the data model was changed since Keyplan exported it; the design is read from the tables, items and access patterns',
    },
    warn,
  );
  if (trusted) return { ok: true, design: trusted, warnings };
  const chosen = chooseTable(
    model.tables.map((t) => t.TableName),
    options.table,
    warn,
  );
  if (!('index' in chosen)) return { ok: false, message: chosen.message };
  const { index } = chosen;
  const table = model.tables[index];
  const items = model.items[table.TableName];
  if (items !== undefined && !Array.isArray(items))
    return { ok: false, message: `items.${table.TableName}: expected a list of PutRequests` };
  let workbench: ReturnType<typeof workbenchModel>;
  try {
    workbench = workbenchModel(table, items ?? [], `tables[${index}]`);
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
  const imported = importWorkbench(workbench);
  if (!imported.ok)
    return { ok: false, message: imported.message.replace(/TableData/g, `items.${table.TableName}`) };
  for (const message of imported.warnings) warn(message.replace(/TableData/g, `items.${table.TableName}`));
  let design: Design = imported.design;
  if (table.StreamSpecification?.StreamEnabled && table.StreamSpecification.StreamViewType) {
    const next = validateDesign({
      ...design,
      table: { ...design.table, stream: table.StreamSpecification.StreamViewType },
    } as DesignInput);
    if (next.ok) design = next.design;
  }
  design = withLocalIndexes(design, table, warn);
  design = patternsOf(design, model.access_patterns, table.TableName, warn);
  return { ok: true, design, warnings };
}
