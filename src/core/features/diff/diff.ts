// What changes between two versions of a design, and what the change needs on a live table: the table's
// and the entities' definitions compared (definition-changes.ts), every old item run through the new design
// (transform.ts), every read pattern answered on both versions from the same stored items
// (pattern-diffs.ts), and a verdict with its reasons: compatible (deploy as is), backfill (old items must
// be rewritten first) or breaking (the table must be recreated, or a pattern that was served no longer is).
import { buildViews } from '../../indexes/views.ts';
import { deriveItems } from '../../items/derive.ts';
import { storedForms } from '../../model/copies.ts';
import type { Design } from '../../model/schema.ts';
import type { DerivedItem } from '../../values/item.ts';
import { type Change, entityChanges, tableChanges, type Verdict } from './definition-changes.ts';
import { type PatternDiff, patternDiffs } from './pattern-diffs.ts';
import { type ItemAction, itemTransformer } from './transform.ts';

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

/** Whether a change means the table must be created again: its name, key schema or LSIs change. */
const recreates = (c: Change) => c.verdict === 'breaking' && (c.area === 'table' || c.area === 'index');
const changeReason = (c: Change) => `${c.target}: ${c.detail}`;

/** Why the table must be created again (a reason of diff.reasons each), none when it need not be. */
export function recreateReasons(diff: Pick<DesignDiff, 'changes'>): string[] {
  return diff.changes.filter(recreates).map(changeReason);
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
