// A table sort key that is a timestamp alone (`{createdAt}`, `EVENT#{createdAt}`) is unique only to its
// precision: two writes under one partition in the same millisecond (or second) have the same key, and the
// second PutItem silently overwrites the first. Index keys need not be unique, so only the table's counts.
import { isIdName } from '../../items/generate/relations.ts';
import { placeholders } from '../../keys/template.ts';
import type { Attribute, Design, Entity, JsonValue } from '../../model/schema.ts';
import { keyPath } from '../lint-context.ts';
import type { LintRule, RuleFinding } from '../lint-types.ts';

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const EPOCH = /^\d{10}(\d{3})?$/;
const TIME_NAME = /(At|_at|Time|_time|Date|_date|timestamp|Timestamp|^ts$)$/;

/** A date first, whatever follows: 2019-09-24T010101 (basic time), a date alone, a US date (7/1/2019). */
const DATE_FIRST = /^(\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}\/\d{4})/;
/** Placeholders that narrow a time without identifying an item: a status, a state, a type. */
const STATE_NAME = /^(status|state|type|kind|category)$/i;

const isTimestampValue = (value: JsonValue | undefined) =>
  (typeof value === 'string' && (ISO_DATE_TIME.test(value) || DATE_FIRST.test(value) || EPOCH.test(value))) ||
  (typeof value === 'number' && EPOCH.test(String(value)));

/** Whether an attribute holds a point in time: by its format, or by every sample value (at least two). */
export function isTimestampAttribute(design: Design, entity: Entity, attribute: Attribute): boolean {
  if (attribute.format === 'date-time' || attribute.format === 'epoch-seconds') return true;
  if (attribute.format !== undefined || (attribute.type !== 'S' && attribute.type !== 'N')) return false;
  const values = (design.items[entity.name] ?? [])
    .map((sample) => sample[attribute.name])
    .filter((v) => v !== undefined);
  // Most samples (an imported model's one entity may mix in other items, such as a room's `meta`).
  const times = values.filter(isTimestampValue);
  // One sample is evidence enough when the name says time too (a booking's startDate).
  if (times.length < (TIME_NAME.test(attribute.name) ? 1 : 2) || times.length * 2 < values.length)
    return false;
  // An epoch number is a timestamp only by its name: 10 digits may be a phone number or an id.
  return times.some((v) => typeof v === 'string' && DATE_FIRST.test(v)) || TIME_NAME.test(attribute.name);
}

/** Whether the partition template alone tells items apart: an id placeholder with a distinct value per sample. */
function partitionIsUnique(design: Design, entity: Entity, template: string): boolean {
  const samples = design.items[entity.name] ?? [];
  return placeholders(template).some((name) => {
    if (!isIdName(name)) return false;
    const values = samples.map((s) => JSON.stringify(s[name]));
    return new Set(values).size === values.length;
  });
}

export const timestampSortKey: LintRule = {
  id: 'timestamp-sort-key',
  family: 'growth',
  severity: 'warning',
  description:
    'A table sort key that is a timestamp alone: two writes in one partition in the same millisecond get the same key, and the second overwrites the first.',
  explanation:
    'A table item is identified by its partition and sort key. When the sort key is only a time (createdAt, or a constant prefix and a time), two items written to the same partition at the same instant — to the precision the time is stored with — have the same primary key, and the later PutItem replaces the earlier without error. At volume (bursts, retries, batch imports, clock resolution) this loses data silently. Append a unique id to the time, {createdAt}#{id}: items still sort by time, ties are kept. Index keys are not affected: several items may share a GSI or LSI key.',
  check(design, context) {
    const sortKey = design.table.sortKey;
    if (!sortKey) return [];
    const findings: RuleFinding[] = [];
    for (const ref of context.entities()) {
      const { entity } = ref;
      const template = entity.keys[sortKey.name];
      const partition = entity.keys[design.table.partitionKey.name];
      if (template === undefined || partition === undefined) continue;
      // The time is the only identifying part: alone, or after a status or type ({status}#{date}).
      const attributes = placeholders(template).map((name) => entity.attributes.find((a) => a.name === name));
      const times = attributes.filter((a) => a !== undefined && isTimestampAttribute(design, entity, a));
      const attribute = times.length === 1 ? times[0] : undefined;
      if (!attribute) continue;
      const narrowing = (a: Attribute | undefined) =>
        a !== undefined && (a.enum !== undefined || a.type === 'BOOL' || STATE_NAME.test(a.name));
      if (!attributes.every((a) => a === attribute || narrowing(a))) continue;
      if (partitionIsUnique(design, entity, partition)) continue;
      const id =
        entity.attributes.find((a) => isIdName(a.name) && !placeholders(partition).includes(a.name))?.name ??
        `${entity.name.charAt(0).toLowerCase()}${entity.name.slice(1)}Id`;
      findings.push({
        target: keyPath(ref, sortKey.name),
        message: `${entity.name}'s ${sortKey.name} ${template} ${attributes.length === 1 ? 'is a timestamp alone' : `tells items apart by ${attribute.name} alone`}: two ${entity.name} writes in one partition at the same instant overwrite each other.`,
        fix: `Make ${sortKey.name} ${template}#{${id}}: it still sorts by ${attribute.name}, and ties keep both items.`,
      });
    }
    return findings;
  },
};
