// The same reads with one table per entity, the alternative seed 003 asks users to weigh: a Query that
// returns an order with its line items from one partition becomes a GetItem on Orders plus a Query on
// LineItems, each rounded up on its own. Items there carry no generic keys (PK, SK, GSI1PK…) or type
// attribute: their own attributes are their keys. Writes keep their requests (a transaction spans tables).
import { evaluateRead } from '../evaluate/evaluate.ts';
import { itemSizer, storedItem } from '../evaluate/stored-items.ts';
import type { IndexViews } from '../indexes/views.ts';
import { isConstant } from '../keys/template.ts';
import { keyAttributeTypes, primaryKeyNames, TABLE_INDEX } from '../model/indexes.ts';
import { isReadPattern } from '../model/read-pattern.ts';
import type { AccessPattern, Design } from '../model/schema.ts';
import { resolvePattern } from '../requests/resolve.ts';
import type { PlainItem } from '../values/item.ts';
import { plural } from '../values/text/plural.ts';
import type { PatternEstimate } from './estimate-types.ts';
import { type ReadConsistency, readBlocks, readUnits } from './units.ts';

export interface EntityRequest {
  entity: string;
  operation: 'GetItem' | 'Query' | 'Scan';
  items: number;
  bytes: number;
  units: number;
}

export interface TablePerEntity {
  patternId: string;
  singleTable: { requests: number; units: number };
  tablePerEntity: { requests: number; units: number; reads: EntityRequest[] };
  /** One line: both designs' requests and units. */
  summary: string;
}

/** The entity's own attributes of an item; a natural key (an attribute that is a key, `user_id`) is one of them. */
function strip(design: Design, entity: string, item: PlainItem): PlainItem {
  const own = new Set(design.entities.find((e) => e.name === entity)?.attributes.map((a) => a.name));
  const generic = new Set([...keyAttributeTypes(design).keys(), design.table.typeAttribute]);
  return Object.fromEntries(Object.entries(item).filter(([name]) => own.has(name) || !generic.has(name)));
}

/** The entity each read item belongs to, read from the table item it comes from (an index may not project it). */
function entityOf(design: Design, views: IndexViews, item: PlainItem): string {
  const key = Object.fromEntries(primaryKeyNames(design).map((k) => [k, item[k]]));
  return String(
    storedItem(views, key)?.[design.table.typeAttribute] ?? item[design.table.typeAttribute] ?? '?',
  );
}

function perEntityReads(design: Design, views: IndexViews, pattern: AccessPattern): EntityRequest[] {
  if (!isReadPattern(pattern)) return [];
  const spec = resolvePattern(design, pattern, pattern.example ?? {});
  const read = evaluateRead(design, views, { ...spec, filter: undefined, projection: undefined });
  const schema = views.get(spec.index ?? TABLE_INDEX)!.schema;
  const consistency: ReadConsistency = spec.consistentRead && schema.kind !== 'gsi' ? 'strong' : 'eventual';
  const size = itemSizer(design);
  const groups = new Map<string, PlainItem[]>();
  for (const name of pattern.returns ?? []) groups.set(name, []);
  for (const item of read.items) {
    const entity = entityOf(design, views, item);
    // Another entity's items are in the partition only because the table is shared: its own table is not read.
    if (pattern.returns?.length && !pattern.returns.includes(entity)) continue;
    groups.set(entity, [...(groups.get(entity) ?? []), strip(design, entity, item)]);
  }
  if (groups.size === 0) groups.set(pattern.returns?.[0] ?? '?', []);
  const sortKey = design.table.sortKey?.name;
  return [...groups].map(([entity, items]) => {
    const bytes = items.reduce((sum, item) => sum + size(item), 0);
    const template = sortKey ? design.entities.find((e) => e.name === entity)?.keys[sortKey] : undefined;
    // One item per partition in the single table (SK PROFILE) is one item per key in its own table.
    const single =
      spec.operation === 'GetItem' || (items.length <= 1 && template !== undefined && isConstant(template));
    const operation = spec.operation === 'Scan' ? 'Scan' : single ? 'GetItem' : 'Query';
    return {
      entity,
      operation,
      items: items.length,
      bytes,
      units: readUnits(readBlocks(bytes), consistency),
    };
  });
}

const count = (requests: EntityRequest[]) =>
  requests.map((r) => `1 ${r.operation} (${r.entity})`).join(' + ');

export function compareTablePerEntity(
  design: Design,
  estimates: readonly PatternEstimate[],
  views: IndexViews,
): TablePerEntity[] {
  return design.accessPatterns.map((pattern, i) => {
    const estimate = estimates[i];
    const unit = estimate.kind === 'read' ? 'RCU' : 'WCU';
    const units = estimate.rcu ?? estimate.wcu ?? 0;
    const singleTable = { requests: estimate.requests, units };
    const reads = estimate.error ? [] : perEntityReads(design, views, pattern);
    if (reads.length === 0) {
      return {
        patternId: pattern.id,
        singleTable,
        tablePerEntity: { requests: estimate.requests, units, reads },
        summary: estimate.error
          ? `No estimate: ${estimate.error}.`
          : `The same ${plural(estimate.requests, 'request')} and ${units} ${unit} with a table per entity (a transaction or batch can span tables).`,
      };
    }
    const perEntity = reads.reduce((sum, r) => sum + r.units, 0);
    return {
      patternId: pattern.id,
      singleTable,
      tablePerEntity: { requests: reads.length, units: perEntity, reads },
      summary: `One table: 1 ${pattern.operation}, ${units} RCU. A table per entity: ${count(reads)}, ${perEntity} RCU.`,
    };
  });
}
