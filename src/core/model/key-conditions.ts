// A pattern's key condition against its index's key attributes, whichever spelling it uses: `partition` and
// `sort` for a key of one attribute per role, `partitionKeys` and `sortKeys` for a multi-attribute GSI key.
// Both come out as lists (a single key is a list of one), which resolve, codegen and lint read; the checks
// here explain what DynamoDB refuses of a multi-attribute key condition, with paths.
import { gsiKeyAttributes, type KeySchema } from './indexes.ts';
import type { Design, GlobalSecondaryIndex, KeyAttribute, KeyCondition, SortOperator } from './schema.ts';

export interface PartitionPart {
  attribute: KeyAttribute;
  template: string;
}

export interface SortPart {
  attribute: KeyAttribute;
  op: SortOperator;
  value: string;
  to?: string;
}

/** The key condition as lists aligned with the index's key attributes; parts naming no key attribute are left out. */
export function keyConditionParts(
  schema: KeySchema,
  condition: KeyCondition,
): { partition: PartitionPart[]; sort: SortPart[] } {
  const partition: PartitionPart[] = [];
  if (condition.partitionKeys) {
    for (const attribute of schema.partitionKeys) {
      const template = condition.partitionKeys[attribute.name];
      if (template !== undefined) partition.push({ attribute, template });
    }
  } else if (condition.partition !== undefined) {
    partition.push({ attribute: schema.partitionKey, template: condition.partition });
  }
  const sort: SortPart[] = [];
  if (condition.sortKeys) {
    for (const given of condition.sortKeys) {
      const attribute = schema.sortKeys.find((key) => key.name === given.attribute);
      if (attribute) sort.push({ ...given, attribute });
    }
  } else if (condition.sort && schema.sortKey) {
    sort.push({ ...condition.sort, attribute: schema.sortKey });
  }
  return { partition, sort };
}

/** Every template of a key condition, partition first, in order. */
export function keyConditionTemplates(condition: KeyCondition): string[] {
  const out: string[] = [];
  if (condition.partition !== undefined) out.push(condition.partition);
  out.push(...Object.values(condition.partitionKeys ?? {}));
  for (const sort of [...(condition.sort ? [condition.sort] : []), ...(condition.sortKeys ?? [])]) {
    out.push(sort.value);
    if (sort.to !== undefined) out.push(sort.to);
  }
  return out;
}

type Add = (path: string, message: string) => void;

const names = (keys: KeyAttribute[]) => keys.map((key) => key.name).join(', ');

/** A GSI's key attributes: distinct across both roles. */
export function checkGsiKeys(gsi: GlobalSecondaryIndex, path: string, add: Add): void {
  const { partitionKeys, sortKeys } = gsiKeyAttributes(gsi);
  const seen = new Map<string, string>();
  const visit = (role: 'partitionKeys' | 'sortKeys', keys: KeyAttribute[], single: boolean) =>
    keys.forEach((key, j) => {
      const where = single
        ? `${path}.${role === 'partitionKeys' ? 'partitionKey' : 'sortKey'}`
        : `${path}.${role}[${j}]`;
      const first = seen.get(key.name);
      if (first) add(`${where}.name`, `"${key.name}" is already a key attribute of this index (${first})`);
      else seen.set(key.name, where);
    });
  visit('partitionKeys', partitionKeys, !gsi.partitionKeys);
  visit('sortKeys', sortKeys, !gsi.sortKeys);
}

/**
 * A Query's (or GetItem's) key condition against its index: every partition attribute with "=", sort
 * attributes left to right without a gap, a range condition only on the last one given.
 */
export function checkKeyCondition(schema: KeySchema, condition: KeyCondition, path: string, add: Add): void {
  const where = schema.kind === 'table' ? 'the table' : schema.name;
  const multiPartition = schema.partitionKeys.length > 1;
  if (condition.partition !== undefined && condition.partitionKeys)
    add(`${path}.partitionKeys`, 'give either partition or partitionKeys, not both');
  else if (condition.partition === undefined && !condition.partitionKeys)
    add(
      `${path}.partition`,
      multiPartition
        ? `${where} has a multi-attribute partition key (${names(schema.partitionKeys)}): give each in partitionKeys`
        : 'a key condition needs the partition key value (partition)',
    );
  else if (condition.partition !== undefined && multiPartition)
    add(
      `${path}.partition`,
      `${where} has a multi-attribute partition key (${names(schema.partitionKeys)}): give each with "=" in partitionKeys, not one partition template`,
    );
  if (condition.partitionKeys) {
    for (const name of Object.keys(condition.partitionKeys)) {
      if (schema.partitionKeys.some((key) => key.name === name)) continue;
      const isSort = schema.sortKeys.some((key) => key.name === name);
      add(
        `${path}.partitionKeys.${name}`,
        isSort
          ? `"${name}" is a sort attribute of ${where}: give it in sortKeys`
          : `"${name}" is not a partition attribute of ${where} (${names(schema.partitionKeys)})`,
      );
    }
    for (const key of schema.partitionKeys) {
      if (!(key.name in condition.partitionKeys))
        add(
          `${path}.partitionKeys`,
          `missing ${key.name}: a Query gives every partition attribute of ${where} with "=" (${names(schema.partitionKeys)})`,
        );
    }
  }
  if (condition.sort && condition.sortKeys) add(`${path}.sortKeys`, 'give either sort or sortKeys, not both');
  condition.sortKeys?.forEach((given, j) => {
    const at = `${path}.sortKeys[${j}]`;
    const position = schema.sortKeys.findIndex((key) => key.name === given.attribute);
    if (position < 0) {
      add(
        `${at}.attribute`,
        schema.sortKeys.length === 0
          ? `${where} has no sort key`
          : `"${given.attribute}" is not a sort attribute of ${where} (${names(schema.sortKeys)})`,
      );
      return;
    }
    if (position !== j) {
      const expected = schema.sortKeys[j];
      add(
        `${at}.attribute`,
        position > j
          ? `${given.attribute} comes after ${expected?.name}: sort attributes are given left to right (${names(schema.sortKeys)}) without skipping one`
          : `${given.attribute} is given twice or out of order: sort attributes are given left to right (${names(schema.sortKeys)})`,
      );
    }
    const last = j === condition.sortKeys!.length - 1;
    if (!last && given.op !== '=')
      add(
        `${at}.op`,
        `a range condition (${given.op}) must be on the last sort attribute given; ${given.attribute} is followed by ${condition.sortKeys![j + 1].attribute}, so it needs "="`,
      );
    if (given.op === 'between' && given.to === undefined)
      add(`${at}.to`, 'between needs an upper bound "to"');
    if (given.op === 'begins_with' && schema.sortKeys[position].type === 'N')
      add(`${at}.op`, `begins_with needs a string or binary sort key; ${given.attribute} is of type N`);
  });
}

/** The design's GSIs with a multi-attribute key, for the exporters that must say where a tool has no support. */
export function multiAttributeGsis(design: Design): GlobalSecondaryIndex[] {
  return design.table.globalSecondaryIndexes.filter((gsi) => {
    const { partitionKeys, sortKeys } = gsiKeyAttributes(gsi);
    return partitionKeys.length > 1 || sortKeys.length > 1;
  });
}
