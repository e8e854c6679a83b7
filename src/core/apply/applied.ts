// What Apply puts on DynamoDB for a design: the table definition (keys, indexes, billing, stream, TTL) and
// the items as marshalled, and a fingerprint of both, so the designer can tell whether the table it last
// applied still matches the design. Everything else (access patterns, their example arguments and rates,
// descriptions, expected item counts…) changes nothing on the table, so it leaves the fingerprint alone.
import { canonicalJson } from '../evaluate/compare-run.ts';
import { deriveItems } from '../items/derive.ts';
import type { Design } from '../model/schema.ts';
import { declaredTypes } from '../requests/typed-arguments.ts';
import { type AttributeMap, marshallItem } from '../values/marshall.ts';
import { type CreateTableInput, createTableInput } from './create-table.ts';

/** The design's items as Apply writes them, each marshalled with its entity's declared types (sets stay sets). */
export function marshalledItems(design: Design): AttributeMap[] {
  const marshal = itemMarshaller(design);
  return deriveItems(design).map((d) => marshal(d.entity, d.item));
}

function itemMarshaller(design: Design) {
  const typesByEntity = new Map(design.entities.map((e) => [e.name, declaredTypes(design, e)]));
  return (entity: string, item: Parameters<typeof marshallItem>[0]) =>
    marshallItem(item, typesByEntity.get(entity));
}

const byName = <T>(name: (value: T) => string) => {
  return (a: T, b: T) => (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0);
};

/**
 * The table Apply creates, in an order-free form: indexes and attribute definitions sorted by name (their
 * order in the design is only how the sidebar lists them), plus the TTL attribute Apply sets.
 */
export function appliedTable(design: Design): CreateTableInput & { TimeToLiveAttribute?: string } {
  const input = createTableInput(design);
  return {
    ...input,
    AttributeDefinitions: [...input.AttributeDefinitions].sort(byName((d) => d.AttributeName)),
    GlobalSecondaryIndexes: input.GlobalSecondaryIndexes?.slice().sort(byName((i) => i.IndexName)),
    LocalSecondaryIndexes: input.LocalSecondaryIndexes?.slice().sort(byName((i) => i.IndexName)),
    TimeToLiveAttribute: design.table.ttlAttribute,
  };
}

/** cyrb53-style hash of strings fed in order: two 32-bit lanes, 16 hex digits. */
function hashStrings(parts: Iterable<string>): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  const feed = (code: number) => {
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  };
  for (const part of parts) {
    for (let i = 0; i < part.length; i++) feed(part.charCodeAt(i));
    feed(0x1e); // a separator, so ["ab", "c"] and ["a", "bc"] differ
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
  return hex(h2) + hex(h1);
}

/**
 * A fingerprint of what Apply creates for a design: equal for two designs exactly when they define the
 * same table and the same set of items (object keys, index order, entity order and sample order aside).
 * An item that cannot be marshalled (Apply would refuse it) counts by its plain JSON.
 */
export function applyFingerprint(design: Design): string {
  const marshal = itemMarshaller(design);
  const items = deriveItems(design).map((d) => {
    try {
      return canonicalJson(marshal(d.entity, d.item));
    } catch {
      return canonicalJson({ unmarshallable: d.item });
    }
  });
  items.sort();
  return hashStrings([canonicalJson(appliedTable(design)), ...items]);
}
