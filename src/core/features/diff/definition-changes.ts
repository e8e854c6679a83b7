// The definitions of two versions of a design compared: the table (name, keys, billing, settings), its
// indexes and the entities (attributes, key templates, copies). Each change carries what it alone needs
// on a live table: compatible, backfill (a GSI rebuilt) or breaking (the table recreated).
import { canonicalJson } from '../../evaluate/compare-run.ts';
import { gsiKeyAttributes } from '../../model/indexes.ts';
import type { Design } from '../../model/schema.ts';

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

const json = (value: unknown) => canonicalJson(value ?? null);

/** The table's changes, pushed onto `changes`; returns the GSIs to create and to delete. */
export function tableChanges(old: Design, next: Design, changes: Change[]) {
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

/** The entities' changes (attributes, key templates, copies), pushed onto `changes`. */
export function entityChanges(old: Design, next: Design, changes: Change[]) {
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
