// Read units of one GetItem, Query, Scan, BatchGetItem or TransactGetItems. A GetItem rounds its item up to
// 4 KB; a Query or Scan sums every item it evaluates (the filter's rejects and unprojected attributes
// included) before rounding; a BatchGetItem or TransactGetItems rounds each item; a missing item still
// costs one unit. An LSI query that needs attributes the LSI does not project also reads each such item
// from the table, rounded one by one.
import { evaluateRead } from '../evaluate/evaluate.ts';
import { itemSizer, storedItem } from '../evaluate/stored-items.ts';
import type { IndexViews } from '../indexes/views.ts';
import { type KeySchema, primaryKeyNames, projectedAttributeNames, TABLE_INDEX } from '../model/indexes.ts';
import type { AccessPattern, Design } from '../model/schema.ts';
import { buildRequest } from '../requests/build.ts';
import type { BatchGetItemInput, TransactGetItemsInput } from '../requests/inputs.ts';
import type { ArgumentValues } from '../requests/pattern-arguments.ts';
import type { ReadSpec } from '../requests/read-spec.ts';
import { resolvePattern } from '../requests/resolve.ts';
import type { PlainItem } from '../values/item.ts';
import { unmarshallItem } from '../values/marshall.ts';
import { plural } from '../values/text/plural.ts';
import { bytes, emptyEstimate, type PatternEstimate, type TargetUnits } from './estimate-types.ts';
import { type ReadConsistency, readBlocks, readUnits } from './units.ts';

const where = (schema: KeySchema) => (schema.kind === 'table' ? 'the table' : schema.name);

function consistencyOf(spec: ReadSpec, schema: KeySchema): { consistency: ReadConsistency; line: string } {
  if (spec.consistentRead && schema.kind !== 'gsi')
    return { consistency: 'strong', line: 'strongly consistent: 1 read unit per 4 KB' };
  const why = schema.kind === 'gsi' ? 'a GSI is always' : 'the default';
  return { consistency: 'eventual', line: `eventually consistent (${why}): half a read unit per 4 KB` };
}

/** The items an LSI query fetches from the table, when its filter or projection needs unprojected attributes. */
function lsiFetches(
  design: Design,
  schema: KeySchema,
  spec: ReadSpec,
  evaluated: PlainItem[],
  returned: PlainItem[],
) {
  const projected = projectedAttributeNames(design, schema);
  if (schema.kind !== 'lsi' || !projected) return [];
  if (spec.filter?.some((c) => !projected.has(c.attribute))) return evaluated;
  if (spec.projection?.some((name) => !projected.has(name))) return returned;
  return [];
}

export function estimateRead(
  design: Design,
  pattern: AccessPattern,
  views: IndexViews,
  args: ArgumentValues,
  page: { limit?: number; exclusiveStartKey?: PlainItem } = {},
): PatternEstimate {
  const spec = resolvePattern(design, pattern, args);
  if (page.limit !== undefined) spec.limit = page.limit;
  if (page.exclusiveStartKey) spec.exclusiveStartKey = page.exclusiveStartKey;
  const schema = views.get(spec.index ?? TABLE_INDEX)!.schema;
  const returned = evaluateRead(design, views, spec);
  // The same page without filter and projection: every item evaluated, as the index stores it.
  const read =
    spec.filter || spec.projection
      ? evaluateRead(design, views, { ...spec, filter: undefined, projection: undefined })
      : returned;
  const size = itemSizer(design);
  const bytesRead = read.items.reduce((sum, item) => sum + size(item), 0);
  const blocks = readBlocks(bytesRead);
  const { consistency, line } = consistencyOf(spec, schema);
  const units = readUnits(blocks, consistency);
  const estimate = emptyEstimate(pattern);
  const explanation = estimate.explanation;
  const n = read.items.length;
  if (spec.operation === 'GetItem') {
    explanation.push(
      n === 0
        ? 'GetItem of a key no item has: DynamoDB still charges one 4 KB read.'
        : `GetItem reads 1 item of ${bytes(bytesRead)}, rounded up to 4 KB: ${blocks} × 4 KB.`,
    );
  } else {
    const summed = n > 1 ? ', summed before rounding' : '';
    explanation.push(
      n === 0
        ? `${spec.operation} of ${where(schema)} finds nothing: DynamoDB still charges one 4 KB read.`
        : `${spec.operation} of ${where(schema)} evaluates ${plural(n, 'item')}, ${bytes(bytesRead)}${summed}: ${blocks} × 4 KB.`,
    );
    if (spec.filter)
      explanation.push(
        `The filter keeps ${returned.count} of them; every item evaluated is charged, also those it drops.`,
      );
    if (read.lastEvaluatedKey)
      explanation.push(
        'The page ends at its Limit or at 1 MB (LastEvaluatedKey): each further page is another request.',
      );
  }
  if (spec.projection)
    explanation.push('The projection does not lower the units: DynamoDB charges the items as stored.');
  explanation.push(`${line[0].toUpperCase()}${line.slice(1)}: ${units} RCU.`);
  const perIndex: TargetUnits[] =
    schema.kind === 'table'
      ? [{ target: 'table', units }]
      : [
          { target: 'table', units: 0 },
          { target: schema.name, units },
        ];
  const fetched = lsiFetches(design, schema, spec, read.items, returned.items);
  if (fetched.length > 0) {
    const fetchBlocks = fetched.reduce((sum, entry) => {
      const item = storedItem(views, Object.fromEntries(primaryKeyNames(design).map((k) => [k, entry[k]])));
      return sum + readBlocks(item ? size(item) : 0);
    }, 0);
    const fetchUnits = readUnits(fetchBlocks, consistency);
    perIndex[0].units = fetchUnits;
    explanation.push(
      `${schema.name} does not project every attribute the pattern needs: ${plural(fetched.length, 'item')} fetched from the table, each rounded up on its own: ${fetchUnits} RCU more.`,
    );
  }
  const rcu = perIndex.reduce((sum, t) => sum + t.units, 0);
  const result: PatternEstimate = { ...estimate, rcu, perIndex, itemsRead: n, bytesRead };
  if (n > 0 && spec.operation === 'Scan' && schema.kind !== 'table' && schema.projection.type !== 'ALL') {
    // DynamoDB Local scans an index through the table's items: it charges their full size to the index
    // and fetches nothing (checked). AWS charges an index read by the index entries' projected size.
    const fullBytes = read.items.reduce((sum, item) => {
      const key = Object.fromEntries(primaryKeyNames(design).map((k) => [k, item[k]]));
      return sum + size(storedItem(views, key) ?? item);
    }, 0);
    const localUnits = readUnits(readBlocks(fullBytes), consistency);
    if (localUnits !== rcu) {
      result.dynamodbLocal = {
        total: localUnits,
        perIndex: [
          { target: 'table', units: 0 },
          { target: schema.name, units: localUnits },
        ],
        reason: `DynamoDB Local charges a Scan of ${schema.name} at the full size of the table's items (${bytes(fullBytes)}: ${localUnits} RCU) and fetches nothing from the table; DynamoDB charges the index entries as ${schema.name} projects them.`,
      };
      explanation.push(result.dynamodbLocal.reason);
    }
  }
  if (n === 0 && spec.operation !== 'GetItem') {
    result.dynamodbLocal = {
      total: 0,
      perIndex: perIndex.map((t) => ({ ...t, units: 0 })),
      reason: `DynamoDB Local reports 0 for a ${spec.operation} that reads nothing; DynamoDB charges the minimum of one 4 KB read.`,
    };
    explanation.push(result.dynamodbLocal.reason);
  }
  return result;
}

export function estimateGets(
  design: Design,
  pattern: AccessPattern,
  views: IndexViews,
  args: ArgumentValues,
): PatternEstimate {
  const { input } = buildRequest(design, pattern, args);
  const transactional = pattern.operation === 'TransactGetItems';
  const keys = transactional
    ? (input as TransactGetItemsInput).TransactItems.map((t) => t.Get.Key)
    : Object.values((input as BatchGetItemInput).RequestItems).flatMap((r) => r.Keys);
  const consistency: ReadConsistency = transactional ? 'transactional' : 'eventual';
  const size = itemSizer(design);
  const estimate = emptyEstimate(pattern);
  let units = 0;
  let localUnits = 0;
  let missing = 0;
  for (const key of keys) {
    const item = storedItem(views, unmarshallItem(key));
    const itemBytes = item ? size(item) : 0;
    const itemUnits = readUnits(readBlocks(itemBytes), consistency);
    units += itemUnits;
    if (item) {
      estimate.itemsRead++;
      estimate.bytesRead += itemBytes;
      localUnits += itemUnits;
    } else {
      missing++;
      if (transactional) localUnits += itemUnits;
    }
  }
  const how = transactional
    ? 'transactional: 2 read units per 4 KB'
    : 'eventually consistent: half a read unit per 4 KB';
  estimate.explanation.push(
    `${pattern.operation} of ${plural(keys.length, 'key')} (${plural(estimate.itemsRead, 'item')} found, ${bytes(estimate.bytesRead)}): each item rounded up to 4 KB on its own, a missing one counted as one unit; ${how}: ${units} RCU.`,
  );
  const result: PatternEstimate = { ...estimate, rcu: units, perIndex: [{ target: 'table', units }] };
  if (localUnits !== units) {
    result.dynamodbLocal = {
      total: localUnits,
      perIndex: [{ target: 'table', units: localUnits }],
      reason: `DynamoDB Local charges nothing for the ${plural(missing, 'key')} a BatchGetItem does not find; DynamoDB charges each as one read (awslabs/amazon-dynamodb-local-samples#7).`,
    };
    result.explanation.push(result.dynamodbLocal.reason);
  }
  return result;
}
