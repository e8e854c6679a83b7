// What changes between two versions of a design, and what the change needs on a live table: the table's
// and the entities' definitions compared, every old item run through the new design (transform.ts), every
// read pattern answered on both versions from the same stored items, and a verdict with its reasons:
// compatible (deploy as is), backfill (old items must be rewritten first) or breaking (the table must be
// recreated, or a pattern that was served no longer is).
import { canonicalJson } from '../../evaluate/compare-run.ts';
import { evaluateRead } from '../../evaluate/evaluate.ts';
import { buildViews, type IndexViews } from '../../indexes/views.ts';
import { deriveItems } from '../../items/derive.ts';
import { storedForms } from '../../model/copies.ts';
import { gsiKeyAttributes, keyAttributeTypes } from '../../model/indexes.ts';
import type { AccessPattern, Design } from '../../model/schema.ts';
import { resolvePattern } from '../../requests/resolve.ts';
import type { DerivedItem, PlainItem } from '../../values/item.ts';
import { messageOf } from '../../values/text/message.ts';
import { type ItemAction, itemTransformer } from './transform.ts';

export const VERDICTS = ['compatible', 'backfill', 'breaking'] as const;
export type Verdict = (typeof VERDICTS)[number];

export interface Change {
  area: 'table' | 'index' | 'entity' | 'pattern';
  /** What changed: `table`, an index name, an entity (`Order`, `Order.keys.SK`), a pattern id. */
  target: string;
  kind: 'added' | 'removed' | 'changed';
  detail: string;
  /** What this change alone needs. */
  verdict: Verdict;
}

export type PatternStatus = 'same' | 'changed' | 'added' | 'removed' | 'unserved' | 'unevaluated';

export interface PatternDiff {
  id: string;
  status: PatternStatus;
  /** Items answered by the old and the new version (with the pattern's example arguments). */
  before?: { count: number; error?: string };
  after?: { count: number; error?: string };
  reason?: string;
}

export interface EntityItems {
  entity: string;
  copy?: string;
  /** Old items of this form. */
  total: number;
  /** Per action: how many of its items need it (creates: new copies made from its items). */
  rewrite: number;
  indexKeys: number;
  attributes: number;
  delete: number;
  create: number;
  /** Attributes that change on its items. */
  changed: string[];
}

export interface ItemTotals {
  total: number;
  rewrite: number;
  indexKeys: number;
  attributes: number;
  delete: number;
  create: number;
  unchanged: number;
}

export interface DesignDiff {
  verdict: Verdict;
  reasons: string[];
  /** The table must be created again (its key schema or its LSIs change). */
  recreate: boolean;
  changes: Change[];
  patterns: PatternDiff[];
  items: ItemTotals;
  entities: EntityItems[];
  /** GSIs to create (new, or rebuilt because their key or projection changed) and to delete. */
  gsis: { create: string[]; delete: string[] };
  /** The new design's items, from the old design's items (what the table holds after the backfill). */
  newItems: DerivedItem[];
}

const json = (value: unknown) => canonicalJson(value ?? null);

/** Whether a change means the table must be created again: its name, key schema or LSIs change. */
const recreates = (c: Change) => c.verdict === 'breaking' && (c.area === 'table' || c.area === 'index');
const changeReason = (c: Change) => `${c.target}: ${c.detail}`;

/** Why the table must be created again (a reason of diff.reasons each), none when it need not be. */
export function recreateReasons(diff: Pick<DesignDiff, 'changes'>): string[] {
  return diff.changes.filter(recreates).map(changeReason);
}

function tableChanges(old: Design, next: Design, changes: Change[]) {
  const a = old.table;
  const b = next.table;
  const add = (
    target: string,
    kind: Change['kind'],
    detail: string,
    verdict: Verdict,
    area: Change['area'] = 'table',
  ) => changes.push({ area, target, kind, detail, verdict });
  if (a.name !== b.name)
    add('table', 'changed', `table name ${a.name} → ${b.name}: a new table, every item copied`, 'breaking');
  if (json(a.partitionKey) !== json(b.partitionKey))
    add(
      'table',
      'changed',
      `partition key ${a.partitionKey.name} (${a.partitionKey.type}) → ${b.partitionKey.name} (${b.partitionKey.type}): the table must be recreated`,
      'breaking',
    );
  if (json(a.sortKey) !== json(b.sortKey))
    add(
      'table',
      'changed',
      `sort key ${a.sortKey ? `${a.sortKey.name} (${a.sortKey.type})` : 'none'} → ${b.sortKey ? `${b.sortKey.name} (${b.sortKey.type})` : 'none'}: the table must be recreated`,
      'breaking',
    );
  if (json(a.billing) !== json(b.billing))
    add('table', 'changed', `billing ${json(a.billing)} → ${json(b.billing)}`, 'compatible');
  if (a.ttlAttribute !== b.ttlAttribute)
    add(
      'table',
      'changed',
      `TTL attribute ${a.ttlAttribute ?? 'none'} → ${b.ttlAttribute ?? 'none'} (UpdateTimeToLive; once an hour)`,
      'compatible',
    );
  for (const field of ['stream', 'pointInTimeRecovery', 'typeAttribute', 'writeTypeAttribute'] as const)
    if (json(a[field]) !== json(b[field]))
      add('table', 'changed', `${field} ${json(a[field])} → ${json(b[field])}`, 'compatible');
  const oldGsis = new Map(a.globalSecondaryIndexes.map((g) => [g.name, g]));
  const newGsis = new Map(b.globalSecondaryIndexes.map((g) => [g.name, g]));
  const gsis = { create: [] as string[], delete: [] as string[] };
  const gsiShape = (g: (typeof a.globalSecondaryIndexes)[number]) =>
    json([gsiKeyAttributes(g), g.projection]);
  for (const [name, g] of newGsis) {
    const before = oldGsis.get(name);
    if (!before) {
      gsis.create.push(name);
      add(
        name,
        'added',
        'new GSI: DynamoDB builds it from the items (CREATING → ACTIVE)',
        'compatible',
        'index',
      );
    } else if (gsiShape(before) !== gsiShape(g)) {
      gsis.delete.push(name);
      gsis.create.push(name);
      add(
        name,
        'changed',
        'key schema or projection changed: a GSI cannot be altered, it is deleted and created again',
        'backfill',
        'index',
      );
    } else if (json(before) !== json(g))
      add(name, 'changed', 'provisioned capacity changed', 'compatible', 'index');
  }
  for (const name of oldGsis.keys())
    if (!newGsis.has(name)) {
      gsis.delete.push(name);
      add(name, 'removed', 'GSI deleted', 'compatible', 'index');
    }
  const oldLsis = new Map(a.localSecondaryIndexes.map((l) => [l.name, l]));
  const newLsis = new Map(b.localSecondaryIndexes.map((l) => [l.name, l]));
  for (const name of new Set([...oldLsis.keys(), ...newLsis.keys()])) {
    const before = oldLsis.get(name);
    const after = newLsis.get(name);
    if (json(before) === json(after)) continue;
    add(
      name,
      before ? (after ? 'changed' : 'removed') : 'added',
      'LSIs are fixed when the table is created: the table must be recreated',
      'breaking',
      'index',
    );
  }
  return gsis;
}

function entityChanges(old: Design, next: Design, changes: Change[]) {
  const oldEntities = new Map(old.entities.map((e) => [e.name, e]));
  const newEntities = new Map(next.entities.map((e) => [e.name, e]));
  const add = (target: string, kind: Change['kind'], detail: string, verdict: Verdict = 'compatible') =>
    changes.push({ area: 'entity', target, kind, detail, verdict });
  for (const [name, entity] of newEntities) {
    const before = oldEntities.get(name);
    if (!before) {
      add(name, 'added', 'new entity: no stored items to change');
      continue;
    }
    const oldAttrs = new Map(before.attributes.map((a) => [a.name, a]));
    const newAttrs = new Map(entity.attributes.map((a) => [a.name, a]));
    for (const [attr, a] of newAttrs) {
      const b = oldAttrs.get(attr);
      if (!b) add(`${name}.${attr}`, 'added', `attribute ${attr} (${a.type}) added`);
      else if (json(a) !== json(b))
        add(`${name}.${attr}`, 'changed', `attribute ${attr}: ${json(b)} → ${json(a)}`);
    }
    for (const attr of oldAttrs.keys())
      if (!newAttrs.has(attr)) add(`${name}.${attr}`, 'removed', `attribute ${attr} removed`);
    for (const key of new Set([...Object.keys(before.keys), ...Object.keys(entity.keys)])) {
      const a = before.keys[key];
      const b = entity.keys[key];
      if (a === b) continue;
      add(
        `${name}.keys.${key}`,
        a === undefined ? 'added' : b === undefined ? 'removed' : 'changed',
        `${key}: ${a ?? '(none)'} → ${b ?? '(none)'}`,
      );
    }
    const oldCopies = new Map((before.copies ?? []).map((c) => [c.name, c]));
    const newCopies = new Map((entity.copies ?? []).map((c) => [c.name, c]));
    for (const copy of new Set([...oldCopies.keys(), ...newCopies.keys()])) {
      const a = oldCopies.get(copy);
      const b = newCopies.get(copy);
      if (json(a) === json(b)) continue;
      add(
        `${name}.copies.${copy}`,
        a ? (b ? 'changed' : 'removed') : 'added',
        `copy ${copy} ${a ? (b ? 'changed' : 'removed') : 'added'}`,
      );
    }
  }
  for (const name of oldEntities.keys())
    if (!newEntities.has(name)) add(name, 'removed', 'entity removed: its stored items are deleted');
}

type Evaluation = { items: PlainItem[]; error?: undefined } | { items?: undefined; error: string };

function evaluate(design: Design, views: IndexViews, pattern: AccessPattern): Evaluation {
  try {
    const spec = resolvePattern(design, pattern, pattern.example ?? {});
    return { items: evaluateRead(design, views, spec).items };
  } catch (error) {
    return { error: messageOf(error) };
  }
}

const READS = new Set(['GetItem', 'Query', 'Scan']);

/** Attributes a read pattern names in its filter and projection. */
function namedAttributes(pattern: AccessPattern): string[] {
  if (!READS.has(pattern.operation)) return [];
  const read = pattern as Extract<AccessPattern, { operation: 'Query' }>;
  return [...(read.filter ?? []).map((c) => c.attribute), ...(read.projection ?? [])];
}

function declaredAttributes(design: Design): Set<string> {
  const names = new Set<string>(keyAttributeTypes(design).keys());
  names.add(design.table.typeAttribute);
  for (const e of design.entities) for (const a of e.attributes) names.add(a.name);
  return names;
}

function patternDiffs(
  old: Design,
  next: Design,
  oldViews: IndexViews,
  newViews: IndexViews,
  changes: Change[],
): PatternDiff[] {
  const newPatterns = new Map(next.accessPatterns.map((p) => [p.id, p]));
  const oldIds = new Set(old.accessPatterns.map((p) => p.id));
  const oldDeclared = declaredAttributes(old);
  const newDeclared = declaredAttributes(next);
  const out: PatternDiff[] = [];
  for (const pattern of old.accessPatterns) {
    const after = newPatterns.get(pattern.id);
    if (!after) {
      changes.push({
        area: 'pattern',
        target: pattern.id,
        kind: 'removed',
        detail: 'access pattern removed',
        verdict: 'compatible',
      });
      out.push({ id: pattern.id, status: 'removed' });
      continue;
    }
    if (json(pattern) !== json(after))
      changes.push({
        area: 'pattern',
        target: pattern.id,
        kind: 'changed',
        detail: 'access pattern definition changed',
        verdict: 'compatible',
      });
    if (!READS.has(pattern.operation)) continue;
    const a = evaluate(old, oldViews, pattern);
    const b = READS.has(after.operation)
      ? evaluate(next, newViews, after)
      : { error: `now a ${after.operation}` };
    const entry: PatternDiff = {
      id: pattern.id,
      status: 'same',
      before: a.error !== undefined ? { count: 0, error: a.error } : { count: a.items.length },
      after: b.error !== undefined ? { count: 0, error: b.error } : { count: b.items!.length },
    };
    const lost = namedAttributes(after).filter((name) => oldDeclared.has(name) && !newDeclared.has(name));
    if (a.error !== undefined) entry.status = b.error !== undefined ? 'unevaluated' : 'changed';
    else if (lost.length > 0) {
      entry.status = 'unserved';
      entry.reason = `it names ${lost.join(', ')}, which no entity declares any more`;
    } else if (b.error !== undefined) {
      entry.status = 'unserved';
      entry.reason = b.error;
    } else if (a.items.length > 0 && b.items!.length === 0) {
      entry.status = 'unserved';
      entry.reason = `it answered ${a.items.length} items and now answers none`;
    } else if (json(a.items) !== json(b.items)) entry.status = 'changed';
    out.push(entry);
  }
  for (const pattern of next.accessPatterns)
    if (!oldIds.has(pattern.id)) {
      changes.push({
        area: 'pattern',
        target: pattern.id,
        kind: 'added',
        detail: 'new access pattern',
        verdict: 'compatible',
      });
      out.push({ id: pattern.id, status: 'added' });
    }
  return out;
}

/** Compares two versions of a design: changes, pattern answers, stored items to rewrite, a verdict. */
export function diffDesigns(old: Design, next: Design): DesignDiff {
  const changes: Change[] = [];
  const gsis = tableChanges(old, next, changes);
  entityChanges(old, next, changes);

  const { transform } = itemTransformer(old, next);
  const oldItems = deriveItems(old);
  const entities = new Map<string, EntityItems>();
  const totals: ItemTotals = {
    total: 0,
    rewrite: 0,
    indexKeys: 0,
    attributes: 0,
    delete: 0,
    create: 0,
    unchanged: 0,
  };
  const newItems: DerivedItem[] = [];
  const created: DerivedItem[] = [];
  for (const derived of oldItems) {
    const key = derived.copy === undefined ? derived.entity : `${derived.entity}.${derived.copy}`;
    let counts = entities.get(key);
    if (!counts) {
      counts = {
        entity: derived.entity,
        total: 0,
        rewrite: 0,
        indexKeys: 0,
        attributes: 0,
        delete: 0,
        create: 0,
        changed: [],
      };
      if (derived.copy !== undefined) counts.copy = derived.copy;
      entities.set(key, counts);
    }
    const outcome = transform(derived.item, { entity: derived.entity, copy: derived.copy })!;
    counts.total++;
    totals.total++;
    const action: ItemAction = outcome.action;
    if (action === 'same') totals.unchanged++;
    else {
      counts[action]++;
      totals[action]++;
      for (const name of outcome.changed) if (!counts.changed.includes(name)) counts.changed.push(name);
    }
    if (outcome.after)
      newItems.push({
        entity: derived.entity,
        rank: derived.rank,
        ...(derived.copy !== undefined && { copy: derived.copy }),
        item: outcome.after,
      });
    for (const { copy, item } of outcome.creates) {
      counts.create++;
      totals.create++;
      created.push({ entity: derived.entity, rank: derived.rank, copy, item });
    }
  }
  // Entities the old design did not have: their samples, as the new design derives them.
  const oldNames = new Set(old.entities.map((e) => e.name));
  const added = deriveItems(next).filter((d) => !oldNames.has(d.entity));
  newItems.push(...created, ...added);
  // Same order as deriveItems gives: entity by entity in design order, each entity's copies after it.
  const order = new Map(
    next.entities
      .flatMap((e) => storedForms(e).map((f) => (f.copy === undefined ? e.name : `${e.name}.${f.copy}`)))
      .map((k, i) => [k, i]),
  );
  const formOf = (d: DerivedItem) =>
    order.get(d.copy === undefined ? d.entity : `${d.entity}.${d.copy}`) ?? 0;
  newItems.sort((a, b) => formOf(a) - formOf(b) || a.rank - b.rank);

  const oldViews = buildViews(old, oldItems);
  const newViews = buildViews(next, newItems);
  const patterns = patternDiffs(old, next, oldViews, newViews, changes);

  const reasons: string[] = [];
  const breaking = changes.filter((c) => c.verdict === 'breaking');
  for (const c of breaking) reasons.push(changeReason(c));
  for (const p of patterns)
    if (p.status === 'unserved') reasons.push(`pattern ${p.id} is no longer served: ${p.reason}`);
  const recreate = changes.some(recreates);
  const backfillReasons: string[] = [];
  for (const e of entities.values()) {
    const label = e.copy === undefined ? e.entity : `${e.entity} (copy ${e.copy})`;
    if (e.rewrite)
      backfillReasons.push(`${e.rewrite} of ${e.total} ${label} items move to a new primary key`);
    if (e.indexKeys)
      backfillReasons.push(`${e.indexKeys} of ${e.total} ${label} items gain, lose or change index keys`);
    if (e.create) backfillReasons.push(`${e.create} ${e.entity} items need their new copy created`);
  }
  for (const c of changes) if (c.verdict === 'backfill') backfillReasons.push(changeReason(c));
  const verdict: Verdict =
    reasons.length > 0 ? 'breaking' : backfillReasons.length > 0 ? 'backfill' : 'compatible';
  if (verdict !== 'breaking') reasons.push(...backfillReasons);
  else reasons.push(...backfillReasons.map((r) => `also: ${r}`));
  if (verdict === 'compatible') reasons.push('no stored item changes keys and every pattern is still served');
  return {
    verdict,
    reasons,
    recreate,
    changes,
    patterns,
    items: totals,
    entities: [...entities.values()],
    gsis,
    newItems,
  };
}
