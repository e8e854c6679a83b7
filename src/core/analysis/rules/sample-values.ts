// What the values-and-TTL rules read from sample values: an attribute's samples, numeric text, and
// timestamps by their shape. An imported model has types and samples before it has access patterns.
import type { Attribute, Design, Entity, JsonValue } from '../../model/schema.ts';

/** The values of one attribute across an entity's samples, without absent and null ones. */
export function samplesOf(design: Design, entity: Entity, attribute: string): JsonValue[] {
  return (design.items[entity.name] ?? []).flatMap((sample) => {
    const value = sample[attribute];
    return value === undefined || value === null ? [] : [value];
  });
}

/** Text that is a plain decimal number: `500`, `-3`, `12.99` (not `1e5`, not `0x1F`). */
export const NUMERIC_TEXT = /^-?\d+(\.\d+)?$/;

/** Each attribute of each entity, with its target path `entities[i].attributes[j]`. */
export function attributeRefs(
  design: Design,
): { entity: Entity; index: number; attribute: Attribute; path: string }[] {
  return design.entities.flatMap((entity, index) =>
    entity.attributes.map((attribute, j) => ({
      entity,
      index,
      attribute,
      path: `entities[${index}].attributes[${j}]`,
    })),
  );
}

/** The shape of a timestamp sample, or undefined for text that is not one. */
export type TimestampShape = 'date' | 'date-time' | 'date-time-zoned' | 'other-date';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
// ISO's basic time (T010101) with an extended date, as some models write it, is a local time too.
const LOCAL = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?|T\d{6})$/;
const ZONED = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
/** Looks like a date but is none of the ISO shapes: `2023-05-05 23:59:59:00`, `2021-09-15T02:00"00`, `7/1/2019`. */
const DATE_LIKE = /^(\d{4}-\d{2}-\d{2}[T ]|\d{1,2}\/\d{1,2}\/\d{2,4}$)/;

export function timestampShape(text: string): TimestampShape | undefined {
  if (DATE.test(text)) return 'date';
  if (ZONED.test(text)) return 'date-time-zoned';
  if (LOCAL.test(text)) return text.includes('T') ? 'date-time' : 'other-date';
  return DATE_LIKE.test(text) ? 'other-date' : undefined;
}
