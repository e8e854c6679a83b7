// A NoSQL Workbench data model as a Keyplan design: one table of the model (the first unless named), its
// GSIs and billing, one entity per facet (or per item type), sample items, key templates that give back
// every item's keys (from the model where it names them, else inferred), and the visualizer's saved
// queries as access patterns. Pure: the caller decides what to do with the design; a model that cannot be
// read gives a message naming what is wrong and no design.

import { formatProblems, jsonSyntaxMessage, validateDesign } from '../../checks/validate.ts';
import type { AttributeFormat, Design, DesignInput, SampleValues } from '../../model/schema.ts';
import { parseExactJson } from '../../values/exact-json.ts';
import { chooseTable } from '../table-choice.ts';
import { warningList } from '../warnings.ts';
import { buildEntity } from './entities.ts';
import { SAMPLE_DATA_FORMATS } from './export.ts';
import { parseWorkbenchModel, type WorkbenchModel, type WorkbenchTable } from './format.ts';
import { type EntityGroup, groupRows } from './groups.ts';
import { readKeyplanDesign } from './keyplan-design.ts';
import { type ModelSchemaInfo, readModelSchema } from './model-schema.ts';
import { entityNameFrom, uniqueName } from './names.ts';
import { readRows, type TypedRow } from './rows.ts';
import { savedQueryPatterns } from './saved-queries.ts';
import { type TableDefinition, tableDefinition } from './table-definition.ts';

export type WorkbenchImport =
  | { ok: true; design: Design; warnings: string[] }
  | { ok: false; message: string };

export interface WorkbenchImportOptions {
  /** The table to import, by its TableName (default: the first). */
  table?: string;
}

/**
 * The attribute that names each item's entity: one that already holds exactly the entity name on every
 * item (a model Keyplan exported; `held`), else `entityType` unless the model uses that name otherwise,
 * which the design then does not write (`held` false): apply stores the model's items as they are.
 */
function typeAttributeFor(
  groups: { name: string; rows: TypedRow[] }[],
  keyNames: ReadonlySet<string>,
): { name: string; held: boolean } {
  const holds = (attribute: string, absentToo: boolean) =>
    !keyNames.has(attribute) &&
    groups.every(({ name, rows }) =>
      rows.every((row) => {
        const value = row.get(attribute);
        return (absentToo && value === undefined) || (value?.type === 'S' && value.value === name);
      }),
    );
  const first = groups.find((group) => group.rows.length > 0)?.rows[0];
  const named = [...(first?.keys() ?? [])].find((attribute) => holds(attribute, false));
  if (named) return { name: named, held: true };
  return { name: uniqueName('entityType', (attribute) => !holds(attribute, true)), held: false };
}

function sampleFormats(table: WorkbenchTable): Map<string, AttributeFormat> {
  const formats = new Map<string, AttributeFormat>();
  for (const [attribute, spec] of Object.entries(table.SampleDataFormats ?? {})) {
    const match = Object.entries(SAMPLE_DATA_FORMATS).find(
      ([, f]) => f?.[0] === spec[0] && f?.[1] === spec[1],
    );
    if (match) formats.set(attribute, match[0] as AttributeFormat);
  }
  return formats;
}

function schemaOf(
  model: WorkbenchModel,
  table: WorkbenchTable,
  warn: (m: string) => void,
): ModelSchemaInfo | undefined {
  const raw = table.ModelSchema ?? model.ModelSchema;
  if (raw === undefined) return undefined;
  const schema = readModelSchema(raw);
  if ('error' in schema) {
    warn(`${schema.error}; items are grouped without it`);
    return undefined;
  }
  if (schema.hasQueries) warn('ModelSchema.queries: not imported (saved queries are read from SavedQuery)');
  return schema;
}

function declaredTypes(table: WorkbenchTable, schema: ModelSchemaInfo | undefined): Map<string, string> {
  const types = new Map<string, string>();
  for (const model of schema?.models ?? [])
    for (const [field, spec] of model.fields) if (spec.type && !types.has(field)) types.set(field, spec.type);
  for (const attribute of table.NonKeyAttributes ?? [])
    types.set(attribute.AttributeName, attribute.AttributeType);
  return types;
}

/**
 * Attributes the table declares that no item holds and no facet or ModelSchema model lists: kept on the
 * entity when there is only one, else left out, saying so either way.
 */
function declaredOnly(
  table: WorkbenchTable,
  groups: EntityGroup[],
  reserved: ReadonlySet<string>,
  warn: (m: string) => void,
): void {
  const used = new Set(groups.flatMap((g) => [...g.declared, ...g.rows.flatMap((row) => [...row.keys()])]));
  const unused = [
    ...new Set((table.NonKeyAttributes ?? []).map((a) => a.AttributeName).filter((n) => !used.has(n))),
  ].filter((name) => !reserved.has(name));
  if (unused.length === 0) return;
  const names = `table "${table.TableName}", NonKeyAttributes: ${unused.join(', ')} ${unused.length > 1 ? 'are' : 'is'} declared but held by no item`;
  if (groups.length === 1) {
    groups[0].declared.push(...unused);
    warn(`${names}; kept as attributes of the one entity, without sample values`);
  } else
    warn(`${names} and listed by no facet or model; not imported (a Keyplan attribute belongs to an entity)`);
}

function dataAccessWarning(table: WorkbenchTable, warn: (m: string) => void): void {
  const mySql = (table.DataAccess as { MySql?: unknown } | undefined)?.MySql;
  if (typeof mySql === 'object' && mySql !== null && Object.keys(mySql).length > 0)
    warn('DataAccess: the MySQL import settings are not part of a Keyplan design; dropped');
}

function importTable(
  model: WorkbenchModel,
  table: WorkbenchTable,
  templates: Map<string, Record<string, string>>,
  warn: (m: string) => void,
): DesignInput {
  const definition: TableDefinition = tableDefinition(table, warn);
  const keyTypes = new Map(definition.keys.map((k) => [k.name, k.type]));
  const primaryKey = [definition.partitionKey.name, ...(definition.sortKey ? [definition.sortKey.name] : [])];
  const rowContext = { keyTypes, primaryKey, warn };
  const schema = schemaOf(model, table, warn);
  dataAccessWarning(table, warn);
  const where = `table "${table.TableName}", `;
  const groups = groupRows({
    facets: (table.TableFacets ?? []).map((facet, i) => ({
      facet,
      rows: readRows(facet.TableData ?? [], `${where}TableFacets[${i}].TableData`, rowContext),
    })),
    tableRows: readRows(table.TableData ?? [], `${where}TableData`, rowContext),
    schema,
    keyNames: new Set(keyTypes.keys()),
    primaryKey,
    tableName: table.TableName,
    warn,
  });
  const named: (EntityGroup & { name: string })[] = [];
  for (const group of groups) {
    const base = entityNameFrom(group.label, group.unclaimed ? 'Item' : 'Entity');
    named.push({ ...group, name: uniqueName(base, (n) => named.some((g) => g.name === n)) });
  }
  const { name: typeAttribute, held } = typeAttributeFor(named, new Set(keyTypes.keys()));
  declaredOnly(table, named, new Set([...keyTypes.keys(), typeAttribute]), warn);
  const context = {
    keys: definition.keys,
    primaryKey,
    typeAttribute,
    declaredTypes: declaredTypes(table, schema),
    formats: sampleFormats(table),
    warn,
  };
  const items: Record<string, SampleValues[]> = {};
  const entities = named.map((group) => {
    // Keyplan's own templates (from an export edited since) are tried before anything the model says.
    const keyplan = templates.get(group.label) ?? {};
    for (const [key, template] of Object.entries(keyplan)) {
      group.candidates.set(key, [
        { template, source: 'KeyplanDesign' },
        ...(group.candidates.get(key) ?? []),
      ]);
    }
    const { entity, samples } = buildEntity(group, group.name, context);
    if (samples.length > 0) items[entity.name] = samples;
    return entity;
  });
  const { keys: _keys, indexNames: _indexNames, ...tableFields } = definition;
  const design: DesignInput = {
    format: 'keyplan/1',
    name: model.ModelName?.trim() || table.TableName,
    table: { ...tableFields, typeAttribute, ...(held ? {} : { writeTypeAttribute: false }) },
    entities,
    accessPatterns: savedQueryPatterns(
      table.SavedQuery,
      { workbenchName: table.TableName, definition },
      warn,
    ),
    items,
  };
  const description = model.ModelMetadata?.Description?.trim();
  if (description) design.description = description;
  return design;
}

/** Imports a parsed JSON value. */
export function importWorkbench(json: unknown, options: WorkbenchImportOptions = {}): WorkbenchImport {
  const parsed = parseWorkbenchModel(json);
  if (!parsed.ok) return parsed;
  const { model } = parsed;
  const { warnings, warn } = warningList();
  const chosen = chooseTable(
    model.DataModel.map((t) => t.TableName),
    options.table,
    warn,
  );
  if (!('index' in chosen)) return { ok: false, message: chosen.message };
  const { index } = chosen;
  const table = model.DataModel[index];
  let templates = new Map<string, Record<string, string>>();
  if (model.KeyplanDesign !== undefined) {
    const rawTable = (json as { DataModel: unknown[] }).DataModel[index];
    const read = readKeyplanDesign(model.KeyplanDesign, table, rawTable, warn);
    if (read.trusted) return { ok: true, design: read.design, warnings };
    templates = read.templates;
  }
  const result = validateDesign(importTable(model, table, templates, warn));
  if (!result.ok)
    return {
      ok: false,
      message: `the imported design is not valid (an importer bug): ${formatProblems(result.problems)}`,
    };
  return { ok: true, design: result.design, warnings };
}

/** Imports JSON text: a syntax error names its line and column. */
export function importWorkbenchText(text: string, options: WorkbenchImportOptions = {}): WorkbenchImport {
  let json: unknown;
  try {
    // Every digit of a number kept (a plain-JSON 23-digit number is not rounded to a double).
    json = parseExactJson(text);
  } catch (error) {
    return { ok: false, message: jsonSyntaxMessage(text, error) };
  }
  return importWorkbench(json, options);
}
