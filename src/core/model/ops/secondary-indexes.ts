// Global and local secondary indexes. Entity key templates follow an index's key attributes: renamed with
// them, and dropped when no key schema uses the attribute any more. Patterns that read a removed index keep
// their `index`, so validation points at every pattern the removal broke instead of it silently reading
// the table.
import { gsiKeyAttributes, keyAttributeTypes } from '../indexes.ts';
import type { AccessPattern, Design } from '../schema.ts';
import {
  type GlobalSecondaryIndex,
  gsiSchema,
  type KeyAttribute,
  type LocalSecondaryIndex,
  lsiSchema,
  type Table,
} from '../table-schema.ts';
import {
  assertDistinctKeys,
  assertValid,
  DesignOpError,
  firstFree,
  mapShared,
  reconcileEntityKeys,
  replaceAt,
  withoutUndefined,
} from './shared.ts';

// DynamoDB's limits per table.
const MAX_GSIS = 20;
const MAX_LSIS = 5;

const S = (name: string): KeyAttribute => ({ name, type: 'S' });

function indexNames(table: Table): string[] {
  return [...table.globalSecondaryIndexes, ...table.localSecondaryIndexes].map((index) => index.name);
}

function assertNameFree(table: Table, name: string) {
  if (indexNames(table).includes(name)) throw new DesignOpError(`an index named ${name} already exists`);
}

/** The first `<prefix><n>` whose name and default key attributes are all unused. */
function nextIndexName(design: Design, prefix: string, keySuffixes: string[]): string {
  const used = keyAttributeTypes(design);
  const names = indexNames(design.table);
  return firstFree(
    (n) => `${prefix}${n}`,
    (name) => names.includes(name) || keySuffixes.some((suffix) => used.has(`${name}${suffix}`)),
  );
}

function renameIndexInPatterns(patterns: AccessPattern[], from: string, to: string): AccessPattern[] {
  if (from === to) return patterns;
  return mapShared(patterns, (p) => ('index' in p && p.index === from ? { ...p, index: to } : p));
}

function keyRenames(before: { sortKey?: KeyAttribute }, after: { sortKey?: KeyAttribute }) {
  return before.sortKey && after.sortKey ? [[before.sortKey.name, after.sortKey.name] as const] : [];
}

/** Defaults: the next free GSI<n> keyed by GSI<n>PK / GSI<n>SK (strings), projecting ALL. `sortKey: undefined` leaves it out. */
export function addGsi(design: Design, input: Partial<GlobalSecondaryIndex> = {}): Design {
  const { table } = design;
  if (table.globalSecondaryIndexes.length >= MAX_GSIS)
    throw new DesignOpError(`a table can have at most ${MAX_GSIS} global secondary indexes`);
  const name = input.name ?? nextIndexName(design, 'GSI', ['PK', 'SK']);
  assertNameFree(table, name);
  const gsi: GlobalSecondaryIndex = withoutUndefined({
    ...input,
    name,
    partitionKey: input.partitionKeys ? undefined : (input.partitionKey ?? S(`${name}PK`)),
    sortKey: input.sortKeys || 'sortKey' in input ? input.sortKey : S(`${name}SK`),
    projection: input.projection ?? { type: 'ALL' },
  });
  assertValid(gsiSchema, gsi, 'index');
  assertDistinctGsiKeys(gsi);
  return { ...design, table: { ...table, globalSecondaryIndexes: [...table.globalSecondaryIndexes, gsi] } };
}

function gsiIndex(table: Table, name: string): number {
  const index = table.globalSecondaryIndexes.findIndex((gsi) => gsi.name === name);
  if (index < 0) throw new DesignOpError(`no global secondary index named ${name}`);
  return index;
}

/** Renaming the index updates the patterns that read it; renaming a key attribute renames the entity templates. */
export function updateGsi(design: Design, name: string, patch: Partial<GlobalSecondaryIndex>): Design {
  const { table } = design;
  const i = gsiIndex(table, name);
  const old = table.globalSecondaryIndexes[i];
  // One spelling per role: a patch giving partitionKeys (sortKeys) replaces partitionKey (sortKey), and back.
  const gsi: GlobalSecondaryIndex = withoutUndefined({
    ...old,
    ...patch,
    name: patch.name ?? old.name,
    partitionKey: patch.partitionKeys ? undefined : (patch.partitionKey ?? old.partitionKey),
    partitionKeys: patch.partitionKey ? undefined : (patch.partitionKeys ?? old.partitionKeys),
    sortKey: patch.sortKeys ? undefined : 'sortKey' in patch ? patch.sortKey : old.sortKey,
    sortKeys: patch.sortKey ? undefined : 'sortKeys' in patch ? patch.sortKeys : old.sortKeys,
    projection: patch.projection ?? old.projection,
  });
  if (gsi.name !== old.name) assertNameFree(table, gsi.name);
  assertValid(gsiSchema, gsi, 'index');
  assertDistinctGsiKeys(gsi);
  const after: Design = {
    ...design,
    table: { ...table, globalSecondaryIndexes: replaceAt(table.globalSecondaryIndexes, i, gsi) },
    accessPatterns: renameIndexInPatterns(design.accessPatterns, old.name, gsi.name),
  };
  return reconcileEntityKeys(design, after, gsiKeyRenames(old, gsi));
}

/** Key attributes renamed in place: the same position in the same role, another name. */
function gsiKeyRenames(before: GlobalSecondaryIndex, after: GlobalSecondaryIndex): [string, string][] {
  const a = gsiKeyAttributes(before);
  const b = gsiKeyAttributes(after);
  const renames: [string, string][] = [];
  for (const role of ['partitionKeys', 'sortKeys'] as const)
    a[role].forEach((key, i) => {
      const now = b[role][i];
      if (now && now.name !== key.name) renames.push([key.name, now.name]);
    });
  return renames;
}

function assertDistinctGsiKeys(gsi: GlobalSecondaryIndex) {
  const { partitionKeys, sortKeys } = gsiKeyAttributes(gsi);
  if (partitionKeys.length === 1 && sortKeys.length <= 1) {
    assertDistinctKeys(partitionKeys[0], sortKeys[0], `index ${gsi.name}`);
    return;
  }
  const names = [...partitionKeys, ...sortKeys].map((key) => key.name);
  const repeated = names.find((name, i) => names.indexOf(name) !== i);
  if (repeated) throw new DesignOpError(`index ${gsi.name}: the key attribute ${repeated} is listed twice`);
}

export function removeGsi(design: Design, name: string): Design {
  const { table } = design;
  const i = gsiIndex(table, name);
  const globalSecondaryIndexes = table.globalSecondaryIndexes.filter((_, j) => j !== i);
  return reconcileEntityKeys(design, { ...design, table: { ...table, globalSecondaryIndexes } }, []);
}

/** Defaults: the next free LSI<n> sorted by LSI<n>SK (a string), projecting ALL. */
export function addLsi(design: Design, input: Partial<LocalSecondaryIndex> = {}): Design {
  const { table } = design;
  if (!table.sortKey) throw new DesignOpError('a local secondary index needs a table with a sort key');
  if (table.localSecondaryIndexes.length >= MAX_LSIS)
    throw new DesignOpError(`a table can have at most ${MAX_LSIS} local secondary indexes`);
  const name = input.name ?? nextIndexName(design, 'LSI', ['SK']);
  assertNameFree(table, name);
  const lsi: LocalSecondaryIndex = {
    name,
    sortKey: input.sortKey ?? S(`${name}SK`),
    projection: input.projection ?? { type: 'ALL' },
  };
  assertValid(lsiSchema, lsi, 'index');
  return { ...design, table: { ...table, localSecondaryIndexes: [...table.localSecondaryIndexes, lsi] } };
}

function lsiIndex(table: Table, name: string): number {
  const index = table.localSecondaryIndexes.findIndex((lsi) => lsi.name === name);
  if (index < 0) throw new DesignOpError(`no local secondary index named ${name}`);
  return index;
}

export function updateLsi(design: Design, name: string, patch: Partial<LocalSecondaryIndex>): Design {
  const { table } = design;
  const i = lsiIndex(table, name);
  const old = table.localSecondaryIndexes[i];
  const lsi: LocalSecondaryIndex = {
    name: patch.name ?? old.name,
    sortKey: patch.sortKey ?? old.sortKey,
    projection: patch.projection ?? old.projection,
  };
  if (lsi.name !== old.name) assertNameFree(table, lsi.name);
  assertValid(lsiSchema, lsi, 'index');
  const after: Design = {
    ...design,
    table: { ...table, localSecondaryIndexes: replaceAt(table.localSecondaryIndexes, i, lsi) },
    accessPatterns: renameIndexInPatterns(design.accessPatterns, old.name, lsi.name),
  };
  return reconcileEntityKeys(design, after, keyRenames(old, lsi));
}

export function removeLsi(design: Design, name: string): Design {
  const { table } = design;
  const i = lsiIndex(table, name);
  const localSecondaryIndexes = table.localSecondaryIndexes.filter((_, j) => j !== i);
  return reconcileEntityKeys(design, { ...design, table: { ...table, localSecondaryIndexes } }, []);
}
