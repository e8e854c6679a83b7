// The wild corpus's expectations (fixtures/wild/README.md, "Expectation files") compared with what Keyplan
// imported, for any format: each difference is one line naming the table, entity, key or pattern, so a test
// can list the known ones and fail on any other. The importer is the caller's: `importTable(name)` gives the
// design of one of the file's tables (the first when name is undefined).
import type { Design } from '../../../src/core/model/schema.ts';

export interface ExpectedIndex {
  name: string;
  pk: string | string[];
  sk?: string | string[] | null;
  projection?: string;
}
export interface ExpectedTable {
  name?: string;
  partitionKey: string;
  sortKey?: string | null;
  indexes?: ExpectedIndex[];
  /** Entity names, when the file holds several tables. */
  entities?: string[];
}
export interface ExpectedEntity {
  name: string;
  keys: Record<string, string>;
  attributes?: string[];
  /** Which table, when the file holds several. */
  table?: string;
  /** Operation → count of the entity's patterns (MCP). */
  operations?: Record<string, number>;
  patterns?: string[];
}
export interface Expectation {
  entities: ExpectedEntity[];
  table?: ExpectedTable | null;
  tables?: ExpectedTable[];
  patterns?: string[];
  /** ElectroDB collection names. */
  collections?: string[];
}

export interface ComparerOptions {
  /** Which of a design's patterns stand for a collection of the file (compared with `collections`). */
  isCollection?: (pattern: Design['accessPatterns'][number]) => boolean;
}

const show = (value: unknown) => JSON.stringify(value ?? null);
const list = (key: string | string[] | null | undefined) =>
  key === undefined || key === null ? [] : Array.isArray(key) ? key : [key];

function indexKeys(design: Design, name: string) {
  const gsi = design.table.globalSecondaryIndexes.find((g) => g.name === name);
  if (gsi)
    return {
      pk: gsi.partitionKeys?.map((k) => k.name) ?? (gsi.partitionKey ? [gsi.partitionKey.name] : []),
      sk: gsi.sortKeys?.map((k) => k.name) ?? (gsi.sortKey ? [gsi.sortKey.name] : []),
      projection: gsi.projection.type,
    };
  const lsi = design.table.localSecondaryIndexes.find((l) => l.name === name);
  return lsi
    ? { pk: [design.table.partitionKey.name], sk: [lsi.sortKey.name], projection: lsi.projection.type }
    : undefined;
}

function tableDifferences(expected: ExpectedTable, design: Design, at: string): string[] {
  const out: string[] = [];
  const table = design.table;
  // null: the file gives no table name (a factory's argument names it).
  if (expected.name !== undefined && expected.name !== null && expected.name !== table.name)
    out.push(`${at}: table name expected ${show(expected.name)}, got ${show(table.name)}`);
  if (expected.partitionKey !== table.partitionKey.name)
    out.push(
      `${at}: partition key expected ${show(expected.partitionKey)}, got ${show(table.partitionKey.name)}`,
    );
  if ((expected.sortKey ?? null) !== (table.sortKey?.name ?? null))
    out.push(`${at}: sort key expected ${show(expected.sortKey)}, got ${show(table.sortKey?.name)}`);
  const indexes = expected.indexes ?? [];
  for (const index of indexes) {
    const got = indexKeys(design, index.name);
    if (!got) {
      out.push(`${at}: index ${index.name} missing`);
      continue;
    }
    if (show(list(index.pk)) !== show(got.pk))
      out.push(`${at}: index ${index.name} partition key expected ${show(index.pk)}, got ${show(got.pk)}`);
    if (show(list(index.sk)) !== show(got.sk))
      out.push(`${at}: index ${index.name} sort key expected ${show(index.sk)}, got ${show(got.sk)}`);
    if (index.projection !== undefined && index.projection !== got.projection)
      out.push(`${at}: index ${index.name} projection expected ${index.projection}, got ${got.projection}`);
  }
  const names = [...table.globalSecondaryIndexes, ...table.localSecondaryIndexes].map((i) => i.name);
  for (const name of names)
    if (!indexes.some((i) => i.name === name)) out.push(`${at}: index ${name} not expected`);
  return out;
}

function entityDifferences(expected: ExpectedEntity, design: Design, at: string): string[] {
  const entity = design.entities.find((e) => e.name === expected.name);
  if (!entity) return [`${at}: entity ${expected.name} missing`];
  const out: string[] = [];
  const where = `${at}: entity ${expected.name}`;
  for (const [attribute, template] of Object.entries(expected.keys))
    if (entity.keys[attribute] !== template)
      out.push(`${where} key ${attribute} expected ${show(template)}, got ${show(entity.keys[attribute])}`);
  for (const attribute of Object.keys(entity.keys))
    if (!(attribute in expected.keys))
      out.push(`${where} key ${attribute} not expected (${show(entity.keys[attribute])})`);
  if (expected.attributes) {
    // The expectation leaves out the key attributes themselves (a field that is the partition key).
    const got = entity.attributes.map((a) => a.name).filter((name) => !(name in entity.keys));
    for (const name of expected.attributes)
      if (!got.includes(name)) out.push(`${where} attribute ${name} missing`);
    for (const name of got)
      if (!expected.attributes.includes(name)) out.push(`${where} attribute ${name} not expected`);
  }
  return out;
}

/** The patterns and operation counts the design's table should have, against its patterns by name. */
function patternDifferences(
  expected: string[],
  operations: Record<string, number> | undefined,
  design: Design,
  at: string,
  isCollection: ComparerOptions['isCollection'],
) {
  const out: string[] = [];
  const patterns = design.accessPatterns.filter((p) => !isCollection?.(p));
  // As many of each name as the file declares (two entities may each have an access pattern `created`).
  const got = patterns.map((p) => p.name);
  const left = [...got];
  for (const name of expected) {
    const i = left.indexOf(name);
    if (i < 0) out.push(`${at}: pattern ${name} missing`);
    else left.splice(i, 1);
  }
  const wanted = [...expected];
  for (const name of got) {
    const i = wanted.indexOf(name);
    if (i < 0) out.push(`${at}: pattern ${name} not expected`);
    else wanted.splice(i, 1);
  }
  if (!operations) return out;
  const counts: Record<string, number> = {};
  for (const pattern of patterns) counts[pattern.operation] = (counts[pattern.operation] ?? 0) + 1;
  for (const operation of new Set([...Object.keys(operations), ...Object.keys(counts)]))
    if ((operations[operation] ?? 0) !== (counts[operation] ?? 0))
      out.push(
        `${at}: ${operation} patterns expected ${operations[operation] ?? 0}, got ${counts[operation] ?? 0}`,
      );
  return out;
}

/** Every difference between the expectation and the designs of the file's tables, one line each. */
export function expectationDifferences(
  expected: Expectation,
  importTable: (name: string | undefined) => Design | string,
  options: ComparerOptions = {},
): string[] {
  const tables = expected.tables ?? (expected.table ? [expected.table] : []);
  const single = tables.length <= 1;
  const out: string[] = [];
  const imported: string[] = [];
  for (const table of tables.length > 0 ? tables : [undefined]) {
    const design = importTable(single ? undefined : table?.name);
    const at = table?.name ?? (typeof design === 'string' ? 'the file' : design.table.name);
    if (typeof design === 'string') {
      out.push(`${at}: not imported (${design})`);
      continue;
    }
    if (table) out.push(...tableDifferences(table, design, at));
    const entities = expected.entities.filter(
      (e) => single || (table?.entities ? table.entities.includes(e.name) : e.table === table?.name),
    );
    for (const entity of entities) out.push(...entityDifferences(entity, design, at));
    for (const entity of design.entities)
      if (!entities.some((e) => e.name === entity.name))
        out.push(`${at}: entity ${entity.name} not expected`);
    // Operation counts only where the expectation gives them (MCP's `operations`).
    const operations: Record<string, number> | undefined = entities.some((e) => e.operations)
      ? {}
      : undefined;
    for (const entity of entities)
      for (const [operation, n] of Object.entries(entity.operations ?? {}))
        if (operations) operations[operation] = (operations[operation] ?? 0) + n;
    // The entities' own pattern lists when the expectation has them, else the file's list.
    const patterns = entities.some((e) => e.patterns)
      ? entities.flatMap((e) => e.patterns ?? [])
      : (expected.patterns ?? []);
    out.push(...patternDifferences(patterns, operations, design, at, options.isCollection));
    if (options.isCollection && expected.collections) {
      const got = design.accessPatterns.filter(options.isCollection).map((p) => p.name);
      for (const name of expected.collections)
        if (!got.includes(name)) out.push(`${at}: collection ${name} missing`);
      for (const name of got)
        if (!expected.collections.includes(name)) out.push(`${at}: collection ${name} not expected`);
    }
    imported.push(...design.accessPatterns.map((p) => p.name));
  }
  // Patterns of the file that no entity lists (MCP's cross-table ones, `cross:` prefixed) on any table.
  const listed = new Set(expected.entities.flatMap((e) => e.patterns ?? []));
  if (expected.entities.some((e) => e.patterns))
    for (const name of expected.patterns ?? [])
      if (!listed.has(name) && !imported.includes(name.replace(/^cross:/, '')))
        out.push(`the file: pattern ${name} missing`);
  return out;
}
