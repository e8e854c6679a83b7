// What the checks of one step share about the attendee's design: its index views (built once, and once per
// design object across calls), its derived items, how a pattern is found and an item is named in a reason.

import { sameEntityName } from '../../checks/validate.ts';
import { canonicalJson, itemKeyLabel } from '../../evaluate/compare-run.ts';
import { storedEntry } from '../../evaluate/stored-items.ts';
import { buildViewsFor, type IndexViews } from '../../indexes/views.ts';
import { deriveItems } from '../../items/derive.ts';
import { primaryKeyNames } from '../../model/indexes.ts';
import type { AccessPattern, Design, Entity, JsonValue } from '../../model/schema.ts';
import { compareKeyValues, isNumeric } from '../../values/compare.ts';
import { stringifyExactJson } from '../../values/exact-json.ts';
import type { DerivedItem, PlainItem } from '../../values/item.ts';
import type { CheckFields, CheckResult, CheckTarget, ItemMatch } from './check-result.ts';

const viewsCache = new WeakMap<Design, IndexViews>();
const itemsCache = new WeakMap<Design, DerivedItem[]>();

export class CheckContext {
  readonly design: Design;
  /**
   * `views`: the design's index views where the caller has them already (the app keeps every view of the
   * settled design), so that a large design is not keyed twice.
   */
  constructor(design: Design, known: { views?: IndexViews } = {}) {
    this.design = design;
    if (known.views && !viewsCache.has(design)) viewsCache.set(design, known.views);
  }

  get views(): IndexViews {
    let views = viewsCache.get(this.design);
    if (!views) {
      views = buildViewsFor(this.design);
      viewsCache.set(this.design, views);
    }
    return views;
  }

  get items(): DerivedItem[] {
    let items = itemsCache.get(this.design);
    if (!items) {
      items = deriveItems(this.design);
      itemsCache.set(this.design, items);
    }
    return items;
  }

  pattern(id: string): AccessPattern | undefined {
    return this.design.accessPatterns.find((p) => p.id === id);
  }

  /** Why a pattern the check names is not there: the ids the design has. */
  missingPattern(id: string): string {
    const ids = this.design.accessPatterns.map((p) => p.id);
    return `the design has no access pattern "${id}" (it has ${ids.length ? ids.join(', ') : 'none'}): add one with this id`;
  }

  entity(name: string): Entity | undefined {
    return (
      this.design.entities.find((e) => e.name === name) ??
      this.design.entities.find((e) => sameEntityName(e.name, name))
    );
  }

  missingEntity(name: string): string {
    const names = this.design.entities.map((e) => e.name);
    return `the design has no entity "${name}" (it has ${names.length ? names.join(', ') : 'none'})`;
  }

  /** The entity an item (returned by a read, perhaps projected) belongs to. */
  entityOf(item: PlainItem): string | undefined {
    const typed = item[this.design.table.typeAttribute];
    if (typeof typed === 'string' && this.entity(typed)) return typed;
    return storedEntry(this.views, item)?.source.entity;
  }

  /** An item named for a reason: its entity and the values the check identifies items by, else its key. */
  itemName(item: PlainItem, by: readonly string[] = []): string {
    const entity = this.entityOf(item);
    // The check's own identifying attributes, else the entity's id (`orderId` of an Order).
    const own = entity && `${entity.charAt(0).toLowerCase()}${entity.slice(1)}Id`;
    const names = by.some((name) => item[name] !== undefined) ? by : own ? [own] : [];
    const values = names.filter((name) => item[name] !== undefined).map((name) => shown(item[name]));
    if (values.length > 0) return `${entity ?? 'item'} ${values.join(' ')}`;
    return `${entity ?? 'item'} (${itemKeyLabel(item, primaryKeyNames(this.design))})`;
  }
}

/** A value in a reason: text as it is, anything else as JSON (all of a number's digits). */
export function shown(value: JsonValue | undefined): string {
  if (value === undefined) return 'nothing';
  return typeof value === 'string' ? value : stringifyExactJson(value);
}

/** Whether two attribute values are equal as DynamoDB compares them (numbers by value: 10 and 10.0 are equal). */
export function sameValue(expected: JsonValue, actual: JsonValue | undefined): boolean {
  if (actual === undefined) return false;
  if (isNumeric(expected) && typeof expected !== 'string' && isNumeric(actual) && typeof actual !== 'string')
    return compareKeyValues(expected, actual, 'N') === 0;
  return canonicalJson(expected) === canonicalJson(actual);
}

/** The first attribute of `match` the item does not have with its value, or undefined when it matches. */
export function mismatch(
  match: ItemMatch,
  item: PlainItem,
  entity: string | undefined,
): { attribute: string; expected: JsonValue; actual: JsonValue | undefined } | undefined {
  for (const [attribute, expected] of Object.entries(match)) {
    if (attribute === '$entity') {
      if (typeof expected !== 'string' || entity === undefined || !sameEntityName(entity, expected))
        return { attribute, expected, actual: entity };
      continue;
    }
    if (!sameValue(expected, item[attribute])) return { attribute, expected, actual: item[attribute] };
  }
  return undefined;
}

/** The attributes a list of matches identifies items by (all but `$entity`), in first-seen order. */
export function identifyingAttributes(matches: readonly ItemMatch[]): string[] {
  const names: string[] = [];
  for (const match of matches)
    for (const name of Object.keys(match)) if (name !== '$entity' && !names.includes(name)) names.push(name);
  return names;
}

/** An expected item named for a reason by its first value (its id, as a lesson lists it): `Order o7`. */
export function matchName(match: ItemMatch): string {
  const entity = typeof match.$entity === 'string' ? match.$entity : 'item';
  const first = Object.entries(match).find(([name]) => name !== '$entity');
  return first ? `${entity} ${shown(first[1])}` : entity;
}

/** The result of a check, with its explain on failure. */
export function result(
  check: CheckFields,
  status: CheckResult['status'],
  reason: string,
  target?: CheckTarget,
): CheckResult {
  const out: CheckResult = { checkId: check.id, title: check.title, status, reason };
  if (status === 'fail' && check.explain) out.explain = check.explain;
  if (target) out.target = target;
  return out;
}
