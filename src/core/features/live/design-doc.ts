// A design as a Yjs document, so that people editing one design at once merge instead of overwriting.
// Pure (no DOM, no Node): the browser, the bench's Node clients and the tests share it.
//
// Shape of the Y.Doc (every leaf value is the exact JSON text of a design value, see exact-json.ts, so a
// 38-digit number survives and two texts compare equal exactly when the values do):
// - `design`   Y.Map: the design's own fields (format, name, description, lint) → text; `$keys` their order.
// - `table`    Y.Map: the table's fields (name, partitionKey, billing, globalSecondaryIndexes, …) → text.
// - `entities` Y.Map: stable id → Y.Map of the entity's fields → text; `entityOrder` Y.Array of ids.
// - `patterns` Y.Map: stable id → Y.Map of the pattern's fields → text; `patternOrder` Y.Array of ids.
// - `items`    Y.Map: entity name → Y.Array of Y.Map { v: the sample's text }.
// - `removed`  Y.Map: id of a removed entity or pattern → the name of who removed it (for the notice that
//   tells someone editing it, see lost-work.ts); written with the removal, in its transaction.
// So concurrent edits to different entities, patterns, table fields or samples merge; two edits of one
// field (or one sample) resolve last-writer-wins the same way for everyone (Yjs orders them by client).
// Ids are stable across renames: designToDoc matches an entity by name, then an unmatched one by position.
import * as Y from 'yjs';
import type { AccessPattern, Design, Entity, SampleValues } from '../../model/schema.ts';
import { parseExactJson, stringifyExactJson } from '../../values/exact-json.ts';

const KEYS = '$keys';

/** The text of a value, cached by object identity (the store never mutates: unchanged parts keep their text). */
const textCache = new WeakMap<object, string>();
function textOf(value: unknown): string {
  if (value === null || typeof value !== 'object') return stringifyExactJson(value);
  const cached = textCache.get(value);
  if (cached !== undefined) return cached;
  const text = stringifyExactJson(value);
  textCache.set(value, text);
  return text;
}

/** The value of a text, cached by text (a remote change re-reads only what changed; unchanged parts keep identity). */
const valueCache = new Map<string, unknown>();
// Past 50,000 texts or 20M characters in all (a server reads every session's documents), it starts over.
let valueChars = 0;
function parsedText(text: string): unknown {
  if (text.length < 64) return parseExactJson(text);
  const cached = valueCache.get(text);
  if (cached !== undefined) return cached;
  const value = parseExactJson(text);
  if (valueCache.size >= 50_000 || valueChars + text.length > 20_000_000) valueCache.clear();
  valueChars = (valueCache.size === 0 ? 0 : valueChars) + text.length;
  valueCache.set(text, value);
  if (typeof value === 'object' && value !== null) textCache.set(value, text);
  return value;
}

/** Writes an object's fields into a Y.Map as texts: only the fields whose text changed, and deletes the rest. */
function writeFields(
  map: Y.Map<unknown>,
  object: Record<string, unknown>,
  skip: readonly string[] = [],
): void {
  const keys = Object.keys(object).filter((key) => !skip.includes(key) && object[key] !== undefined);
  for (const key of keys) {
    const text = textOf(object[key]);
    if (map.get(key) !== text) map.set(key, text);
  }
  for (const key of [...map.keys()])
    if (key !== KEYS && !skip.includes(key) && !keys.includes(key)) map.delete(key);
  const order = JSON.stringify(keys);
  if (map.get(KEYS) !== order) map.set(KEYS, order);
}

/** An object from a Y.Map's texts, its keys in the last writer's order (then any others, sorted). */
function readFields(map: Y.Map<unknown>, skip: readonly string[] = []): Record<string, unknown> {
  const present = [...map.keys()].filter((key) => key !== KEYS && !skip.includes(key));
  const stored = map.get(KEYS);
  const order: string[] = typeof stored === 'string' ? (JSON.parse(stored) as string[]) : [];
  const keys = [...order.filter((key) => present.includes(key))];
  for (const key of present.sort()) if (!keys.includes(key)) keys.push(key);
  const object: Record<string, unknown> = {};
  for (const key of keys) {
    const text = map.get(key);
    if (typeof text === 'string') object[key] = parsedText(text);
  }
  return object;
}

/** The ids of a keyed list in order: the order array's (first occurrence), then any it misses, sorted. */
function orderedIds(map: Y.Map<Y.Map<unknown>>, order: Y.Array<string>): string[] {
  const ids: string[] = [];
  const seen = new Set<string>();
  for (const id of order.toArray())
    if (!seen.has(id) && map.has(id)) {
      seen.add(id);
      ids.push(id);
    }
  for (const id of [...map.keys()].sort()) if (!seen.has(id)) ids.push(id);
  return ids;
}

function randomId(): string {
  const bytes = new Uint8Array(9);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Reconciles a keyed list (entities or patterns) with the doc: writes only what differs. */
function writeList<T extends object>(
  map: Y.Map<Y.Map<unknown>>,
  order: Y.Array<string>,
  list: readonly T[],
  identityField: string,
  onRemove: (id: string) => void,
): void {
  const identity = (value: object) => textOf((value as Record<string, unknown>)[identityField]);
  const current = orderedIds(map, order);
  const identities = current.map((id) => map.get(id)!.get(identityField));
  const used = new Set<string>();
  const assigned: (string | undefined)[] = list.map((value) => {
    const name = identity(value);
    const index = identities.findIndex((other, i) => other === name && !used.has(current[i]));
    if (index < 0) return undefined;
    used.add(current[index]);
    return current[index];
  });
  // A renamed one keeps its id: an unmatched value takes the unmatched id at its position.
  for (let i = 0; i < list.length; i++) {
    if (assigned[i] !== undefined) continue;
    const id = current[i];
    if (id !== undefined && !used.has(id) && !list.some((v) => identity(v) === identities[i])) {
      assigned[i] = id;
      used.add(id);
    }
  }
  const ids = assigned.map((id) => id ?? randomId());
  ids.forEach((id, i) => {
    let fields = map.get(id);
    if (!fields) {
      fields = new Y.Map<unknown>();
      map.set(id, fields);
    }
    writeFields(fields, list[i] as Record<string, unknown>);
  });
  for (const id of current)
    if (!ids.includes(id)) {
      map.delete(id);
      onRemove(id);
    }
  // The order: keep the common prefix, rewrite the rest (a concurrent duplicate is dropped on reading).
  const existing = order.toArray();
  let prefix = 0;
  while (prefix < existing.length && prefix < ids.length && existing[prefix] === ids[prefix]) prefix++;
  if (prefix === existing.length && prefix === ids.length) return;
  if (prefix < existing.length) order.delete(prefix, existing.length - prefix);
  if (prefix < ids.length) order.insert(prefix, ids.slice(prefix));
}

/** Reconciles one entity's samples: common ends kept, the middle written in place, then added or removed. */
function writeSamples(array: Y.Array<Y.Map<string>>, samples: readonly SampleValues[]): void {
  const texts = samples.map(textOf);
  const current = array.toArray().map((m) => m.get('v'));
  let start = 0;
  while (start < texts.length && start < current.length && texts[start] === current[start]) start++;
  let end = 0;
  while (
    end < texts.length - start &&
    end < current.length - start &&
    texts[texts.length - 1 - end] === current[current.length - 1 - end]
  )
    end++;
  const oldMiddle = current.length - start - end;
  const newMiddle = texts.length - start - end;
  const inPlace = Math.min(oldMiddle, newMiddle);
  for (let i = 0; i < inPlace; i++) {
    const sample = array.get(start + i);
    if (sample.get('v') !== texts[start + i]) sample.set('v', texts[start + i]);
  }
  if (oldMiddle > newMiddle) array.delete(start + inPlace, oldMiddle - newMiddle);
  if (newMiddle > oldMiddle)
    array.insert(
      start + inPlace,
      texts.slice(start + inPlace, start + newMiddle).map((text) => {
        const sample = new Y.Map<string>();
        sample.set('v', text);
        return sample;
      }),
    );
}

export interface DesignDocParts {
  design: Y.Map<unknown>;
  table: Y.Map<unknown>;
  entities: Y.Map<Y.Map<unknown>>;
  entityOrder: Y.Array<string>;
  patterns: Y.Map<Y.Map<unknown>>;
  patternOrder: Y.Array<string>;
  items: Y.Map<Y.Array<Y.Map<string>>>;
  removed: Y.Map<string>;
}

export function designDocParts(doc: Y.Doc): DesignDocParts {
  return {
    design: doc.getMap('design'),
    table: doc.getMap('table'),
    entities: doc.getMap('entities'),
    entityOrder: doc.getArray('entityOrder'),
    patterns: doc.getMap('patterns'),
    patternOrder: doc.getArray('patternOrder'),
    items: doc.getMap('items'),
    removed: doc.getMap('removed'),
  };
}

/** Fields of the `design` map that are not design fields, and the design fields kept elsewhere. */
const TOP_SKIP = ['$order', '$items', 'table', 'entities', 'accessPatterns', 'items'];

/**
 * Writes a design into the doc as one transaction with `origin` (the undo manager tracks the local origin),
 * changing only what differs from the doc: writing the doc's own design back changes nothing. `author`, the
 * writer's name, is noted beside each entity or pattern the write removes (removedBy reads it).
 */
export function designToDoc(doc: Y.Doc, design: Design, origin?: unknown, author?: string): void {
  const parts = designDocParts(doc);
  const noteRemoval = (id: string) => {
    if (author !== undefined) parts.removed.set(id, author);
  };
  doc.transact(() => {
    writeFields(parts.design, design as unknown as Record<string, unknown>, TOP_SKIP);
    const order = JSON.stringify(
      Object.keys(design).filter((k) => (design as Record<string, unknown>)[k] !== undefined),
    );
    if (parts.design.get('$order') !== order) parts.design.set('$order', order);
    writeFields(parts.table, design.table as unknown as Record<string, unknown>);
    writeList<Entity>(parts.entities, parts.entityOrder, design.entities, 'name', noteRemoval);
    writeList<AccessPattern>(parts.patterns, parts.patternOrder, design.accessPatterns, 'id', noteRemoval);
    const names = Object.keys(design.items);
    for (const name of names) {
      let array = parts.items.get(name);
      if (!array) {
        array = new Y.Array<Y.Map<string>>();
        parts.items.set(name, array);
      }
      writeSamples(array, design.items[name]);
    }
    for (const name of [...parts.items.keys()]) if (!names.includes(name)) parts.items.delete(name);
    const itemOrder = JSON.stringify(names);
    if (parts.design.get('$items') !== itemOrder) parts.design.set('$items', itemOrder);
  }, origin);
}

/**
 * What docToDesign read from each shared type, kept until a transaction changes the type or anything inside
 * it: reading a doc after a remote edit re-reads only what the edit touched (one entity, one sample), and the
 * parts it did not touch keep their identity (the store's derived data is kept for them).
 */
const readCache = new WeakMap<object, unknown>();
const watched = new WeakSet<Y.Doc>();

function watch(doc: Y.Doc): void {
  if (watched.has(doc)) return;
  watched.add(doc);
  // Before any observer runs (a reader there sees the change too): each changed type and every type above it.
  doc.on('beforeObserverCalls', (transaction: Y.Transaction) => {
    for (const changed of transaction.changed.keys()) {
      let type: object | null = changed;
      while (type) {
        readCache.delete(type);
        const parent: unknown = (type as { _item?: { parent?: unknown } | null })._item?.parent;
        type = parent instanceof Y.AbstractType ? parent : null;
      }
    }
  });
}

function cached<T>(type: object, read: () => T): T {
  if (readCache.has(type)) return readCache.get(type) as T;
  const value = read();
  readCache.set(type, value);
  return value;
}

/** The design a doc holds; null while it holds none (a room whose first update has not arrived). */
export function docToDesign(doc: Y.Doc): Design | null {
  watch(doc);
  const parts = designDocParts(doc);
  if (!parts.design.has('format')) return null;
  const top = cached(parts.design, () => readFields(parts.design, TOP_SKIP));
  const itemNames = [...parts.items.keys()];
  const itemOrderText = parts.design.get('$items');
  const itemOrder: string[] = typeof itemOrderText === 'string' ? JSON.parse(itemOrderText) : [];
  const sortedNames = [
    ...itemOrder.filter((name) => itemNames.includes(name)),
    ...itemNames.filter((name) => !itemOrder.includes(name)).sort(),
  ];
  const items: Record<string, SampleValues[]> = {};
  for (const name of sortedNames) {
    const array = parts.items.get(name)!;
    items[name] = cached(array, () =>
      array
        .toArray()
        .map((sample) => cached(sample, () => parsedText(sample.get('v') ?? '{}') as SampleValues)),
    );
  }
  const values: Record<string, unknown> = {
    ...top,
    table: cached(parts.table, () => readFields(parts.table)),
    entities: orderedIds(parts.entities, parts.entityOrder).map((id) => {
      const map = parts.entities.get(id)!;
      return cached(map, () => readFields(map));
    }),
    accessPatterns: orderedIds(parts.patterns, parts.patternOrder).map((id) => {
      const map = parts.patterns.get(id)!;
      return cached(map, () => readFields(map));
    }),
    items,
  };
  const orderText = parts.design.get('$order');
  const order: string[] = typeof orderText === 'string' ? JSON.parse(orderText) : [];
  const keys = order.filter((key) => key in values);
  for (const key of Object.keys(values)) if (!keys.includes(key)) keys.push(key);
  const design: Record<string, unknown> = {};
  for (const key of keys) if (values[key] !== undefined) design[key] = values[key];
  return design as unknown as Design;
}

/** The doc's entities and patterns by id: id → the text of the entity's name, of the pattern's id. */
export interface DocIds {
  entities: Map<string, string>;
  patterns: Map<string, string>;
}

export function docIds(doc: Y.Doc): DocIds {
  const parts = designDocParts(doc);
  const read = (map: Y.Map<Y.Map<unknown>>, field: string) => {
    const ids = new Map<string, string>();
    for (const [id, fields] of map) {
      const text = fields.get(field);
      if (typeof text === 'string') ids.set(id, text);
    }
    return ids;
  };
  return { entities: read(parts.entities, 'name'), patterns: read(parts.patterns, 'id') };
}

/** What went between two readings of docIds: the entities (by name) and patterns (by id) whose ids are gone. */
export function removedBetween(before: DocIds, after: DocIds): Removed[] {
  const gone: Removed[] = [];
  const key = (text: string) => String(parsedText(text));
  for (const [id, text] of before.entities)
    if (!after.entities.has(id)) gone.push({ kind: 'entity', key: key(text), id });
  for (const [id, text] of before.patterns)
    if (!after.patterns.has(id)) gone.push({ kind: 'pattern', key: key(text), id });
  return gone;
}

export type Removed = { kind: 'entity' | 'pattern'; key: string; id: string };

/**
 * Calls `onRemoved` after each transaction on `doc` that removes entities or patterns, with what it removed
 * (each by its name, its id, as they were before the transaction), as removedBetween would find between a
 * docIds before and after it. Found from the transaction's changed keys: the ids of the doc are read once
 * here, then followed through each transaction's additions, removals and renames, never read whole again (a
 * remote keystroke in a 100,000-item design costs what it changed). Returns the function that stops watching.
 */
export function watchRemovals(
  doc: Y.Doc,
  onRemoved: (gone: Removed[], transaction: Y.Transaction) => void,
): () => void {
  const parts = designDocParts(doc);
  const ids = docIds(doc);
  const lists = [
    { kind: 'entity', map: parts.entities, ids: ids.entities, field: 'name' },
    { kind: 'pattern', map: parts.patterns, ids: ids.patterns, field: 'id' },
  ] as const;
  const follow = (transaction: Y.Transaction) => {
    const gone: Removed[] = [];
    const note = (list: (typeof lists)[number], id: string) => {
      const text = list.map.get(id)?.get(list.field);
      const before = list.ids.get(id);
      if (typeof text === 'string') list.ids.set(id, text);
      else list.ids.delete(id);
      if (before !== undefined && !list.map.has(id))
        gone.push({ kind: list.kind, key: String(parsedText(before)), id });
    };
    for (const [type, keys] of transaction.changed) {
      for (const list of lists) {
        // An id added, replaced or removed; or the name (pattern id) inside one changed.
        if ((type as unknown) === list.map) {
          for (const id of keys) if (id !== null) note(list, id);
        } else if (keys.has(list.field)) {
          const item = type._item;
          if (item?.parent === list.map && typeof item.parentSub === 'string') note(list, item.parentSub);
        }
      }
    }
    if (gone.length > 0) onRemoved(gone, transaction);
  };
  doc.on('afterTransaction', follow);
  return () => doc.off('afterTransaction', follow);
}

/** Who removed the entity or pattern of this id (the name designToDoc noted), if anyone noted it. */
export function removedBy(doc: Y.Doc, id: string): string | undefined {
  return designDocParts(doc).removed.get(id);
}
