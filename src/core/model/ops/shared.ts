// Helpers the design operations share: the error the UI shows, schema checks, and immutable list edits
// that hand back the very same object when nothing changed, so memoized selectors keep their results.
import type { ZodType } from 'zod';
import { designErrorMap, formatPath } from '../design-errors.ts';
import { keyAttributeTypes } from '../indexes.ts';
import type { Design, Entity, KeyAttribute } from '../schema.ts';

/** A request the design cannot take (a duplicate name, an unknown entity); the UI shows it and keeps the design. */
export class DesignOpError extends Error {
  override name = 'DesignOpError';
}

/** Ops keep the design schema-valid, so a value the schema refuses is refused as a request. */
export function assertValid(schema: ZodType, value: unknown, what: string): void {
  const result = schema.safeParse(value, { error: designErrorMap });
  if (result.success) return;
  const issue = result.error.issues[0];
  const where = issue.path.length > 0 ? ` ${formatPath(issue.path)}` : '';
  throw new DesignOpError(`${what}${where}: ${issue.message}`);
}

/** DynamoDB refuses a key schema that names one attribute twice. */
export function assertDistinctKeys(
  partitionKey: KeyAttribute,
  sortKey: KeyAttribute | undefined,
  what: string,
) {
  if (sortKey && sortKey.name === partitionKey.name)
    throw new DesignOpError(`${what}: the partition key and the sort key must be different attributes`);
}

/** The first of `candidate(1)`, `candidate(2)`, … that is not taken. */
export function firstFree(candidate: (n: number) => string, taken: (name: string) => boolean): string {
  for (let n = 1; ; n++) {
    const name = candidate(n);
    if (!taken(name)) return name;
  }
}

/** Drops keys whose value is undefined: in a patch, `{ field: undefined }` means "remove the field". */
export function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** Like Array.map, but returns the input list itself when every element came back unchanged. */
export function mapShared<T>(list: T[], fn: (value: T, index: number) => T): T[] {
  let changed = false;
  const out = list.map((value, i) => {
    const next = fn(value, i);
    if (next !== value) changed = true;
    return next;
  });
  return changed ? out : list;
}

export function replaceAt<T>(list: T[], index: number, value: T): T[] {
  // A copy and one store: a map's callback per element is several times slower over 100,000 samples.
  const out = list.slice();
  if (Number.isInteger(index) && index >= 0 && index < list.length) out[index] = value;
  return out;
}

/** Moves an element to `toIndex` of the result; an index past either end is clamped, as a drag may drop there. */
export function moveTo<T>(list: T[], from: number, toIndex: number): T[] {
  const to = Math.max(0, Math.min(list.length - 1, Math.trunc(toIndex)));
  if (to === from) return list;
  const out = list.filter((_, i) => i !== from);
  out.splice(to, 0, list[from]);
  return out;
}

/** Renames a key of a record where it stands, so JSON output keeps its order; the renamed value wins. */
export function renameKey<V>(record: Record<string, V>, from: string, to: string): Record<string, V> {
  if (!(from in record) || from === to) return record;
  return Object.fromEntries(
    Object.entries(record)
      .filter(([key]) => key !== to)
      .map(([key, value]) => [key === from ? to : key, value]),
  );
}

export function entityIndex(design: Design, name: string): number {
  const index = design.entities.findIndex((e) => e.name === name);
  if (index < 0) throw new DesignOpError(`no entity named ${name}`);
  return index;
}

/** Replaces one entity by what `fn` makes of it. */
export function mapEntity(design: Design, name: string, fn: (entity: Entity) => Entity): Design {
  const index = entityIndex(design, name);
  const next = fn(design.entities[index]);
  if (next === design.entities[index]) return design;
  return { ...design, entities: replaceAt(design.entities, index, next) };
}

/**
 * Keeps entity key templates attached to their key attributes after a change of the table or an index:
 * a renamed key attribute takes its templates along (unless another key schema still uses the old name,
 * whose templates then still serve it), and a key attribute no index uses any more loses its templates.
 */
export function reconcileEntityKeys(
  before: Design,
  after: Design,
  renames: ReadonlyArray<readonly [from: string, to: string]>,
): Design {
  const used = keyAttributeTypes(after);
  const moves = new Map(renames.filter(([from, to]) => from !== to && !used.has(from)));
  const dropped = new Set([...keyAttributeTypes(before).keys()].filter((n) => !used.has(n) && !moves.has(n)));
  if (moves.size === 0 && dropped.size === 0) return after;
  const touched = (keys: Record<string, string>) =>
    Object.keys(keys).some((n) => moves.has(n) || dropped.has(n));
  const reconcile = (before: Record<string, string>) => {
    if (!touched(before)) return before;
    const keys: Record<string, string> = {};
    for (const [name, template] of Object.entries(before)) {
      if (dropped.has(name)) continue;
      const to = moves.get(name);
      // An entity that already has a template for the new name keeps it; the old one stays for validation to flag.
      keys[to !== undefined && !(to in before) ? to : name] = template;
    }
    return keys;
  };
  const entities = mapShared(after.entities, (entity) => {
    // An item copy's keys (entity.copies) follow their key attributes as the entity's do.
    const copies =
      entity.copies &&
      mapShared(entity.copies, (copy) => {
        const keys = reconcile(copy.keys);
        return keys === copy.keys ? copy : { ...copy, keys };
      });
    const keys = reconcile(entity.keys);
    if (keys === entity.keys && copies === entity.copies) return entity;
    return copies ? { ...entity, keys, copies } : { ...entity, keys };
  });
  return { ...after, entities };
}
