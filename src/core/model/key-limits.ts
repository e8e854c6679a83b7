// DynamoDB's limits on a key value, checked on templates and sample values without rendering anything:
// a partition key holds at most 2,048 UTF-8 bytes, a sort key 1,024, for the table and every index alike
// (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ServiceQuotas.html). A template that
// repeats `{n:99}` thousands of times is refused from its text, before a single item is derived.

import {
  formatPlaceholderValue,
  MAX_KEY_LENGTH,
  parseTemplate,
  renderKeyValue,
  TemplateSyntaxError,
} from '../keys/template.ts';
import { isNaturalKey, keyAttributeTypes, keySchemas } from './indexes.ts';
import { attributeTypesByEntity, utf8Length, valueSize } from './item-size.ts';
import type { Design, JsonValue } from './schema.ts';

export type KeyRole = 'partition' | 'sort';

/** The most UTF-8 bytes DynamoDB takes in one key value, by the key's role (rendering stops at the larger). */
export const KEY_LIMIT_BYTES: Readonly<Record<KeyRole, number>> = { partition: MAX_KEY_LENGTH, sort: 1024 };

/**
 * The role that limits each key attribute: `sort` when it is the sort key of the table or of any index
 * (the stricter limit), else `partition`.
 */
export function keyRoles(design: Design): Map<string, KeyRole> {
  const roles = new Map<string, KeyRole>();
  for (const schema of keySchemas(design)) {
    for (const key of schema.partitionKeys) if (!roles.has(key.name)) roles.set(key.name, 'partition');
    for (const key of schema.sortKeys) roles.set(key.name, 'sort');
  }
  return roles;
}

/** What a template renders at the least, in UTF-8 bytes: its literal text and its placeholders' padding. */
export interface MinimumKeyBytes {
  total: number;
  literal: number;
  /** Bytes that padded placeholders ({n:99}) add at the least. */
  padding: number;
}

/** Throws TemplateSyntaxError for a template that does not parse. */
export function minimumKeyBytes(template: string): MinimumKeyBytes {
  let literal = 0;
  let padding = 0;
  for (const part of parseTemplate(template)) {
    if (part.kind === 'literal') literal += utf8Length(part.text);
    else padding += Math.max(part.width ?? 1, 1);
  }
  return { total: literal + padding, literal, padding };
}

// Per parsed template (parseTemplate caches them): its literal text's bytes and its placeholders, so that
// sizing a key for each of 50,000 samples does not count the same literal text 50,000 times.
const shapes = new WeakMap<object, { literal: number; placeholders: { name: string; width?: number }[] }>();

function shapeOf(template: string) {
  const parts = parseTemplate(template);
  let shape = shapes.get(parts);
  if (!shape) {
    shape = { literal: 0, placeholders: [] };
    for (const part of parts) {
      if (part.kind === 'literal') shape.literal += utf8Length(part.text);
      else shape.placeholders.push(part);
    }
    shapes.set(parts, shape);
  }
  return shape;
}

/**
 * The UTF-8 bytes of the key a template renders for these values, counted without building it; undefined
 * when a placeholder has no value (the item has no such key). Throws TemplateSyntaxError.
 */
export function renderedKeyBytes(
  template: string,
  values: Record<string, JsonValue | undefined>,
): number | undefined {
  const { literal, placeholders } = shapeOf(template);
  let bytes = literal;
  for (const { name, width } of placeholders) {
    const text = formatPlaceholderValue(values[name], width);
    if (text === undefined) return undefined;
    bytes += utf8Length(text);
  }
  return bytes;
}

export const formatBytes = (bytes: number) => bytes.toLocaleString('en-US');

/** `DynamoDB's 2,048-byte partition key`: the limit, for messages. */
export function keyLimitText(role: KeyRole): string {
  return `DynamoDB's ${formatBytes(KEY_LIMIT_BYTES[role])}-byte ${role} key`;
}

/**
 * The bytes of every item the design's samples become (DynamoDB's item sizes: values, rendered keys, type
 * attribute), counted without rendering a string key: what deriving them all would build, known before.
 * A key that cannot render (a syntax error, too long) counts its sample's values only. Counting stops
 * once the total passes `stopAbove`.
 */
export function designItemBytes(design: Design, stopAbove = Number.POSITIVE_INFINITY): number {
  const keyTypes = keyAttributeTypes(design);
  const typesByEntity = attributeTypesByEntity(design);
  const typeAttribute = design.table.typeAttribute;
  let total = 0;
  for (const entity of design.entities) {
    const samples = design.items[entity.name] ?? [];
    const types = typesByEntity.get(entity.name);
    // A natural key (`{user_id}` on the key user_id) is the attribute itself, counted with the values.
    const keys = Object.entries(entity.keys)
      .filter(([name]) => !isNaturalKey(entity, name))
      .map(([name, template]) => ({
        name,
        template,
        type: keyTypes.get(name) ?? 'S',
        nameBytes: utf8Length(name),
      }));
    const fixed =
      design.table.writeTypeAttribute === false ? 0 : utf8Length(typeAttribute) + utf8Length(entity.name);
    const keyOnly = new Set(entity.attributes.filter((a) => a.keyOnly).map((a) => a.name));
    for (const sample of samples) {
      if (total > stopAbove) return total;
      total += fixed;
      for (const name in sample) {
        const value = sample[name];
        if (keyOnly.has(name) || (value === null && types?.get(name) !== 'NULL')) continue; // derivation drops it
        total += utf8Length(name) + valueSize(value, types?.get(name));
      }
      for (const key of keys) {
        try {
          // N and B keys are one placeholder (or a literal number): rendering them builds nothing new.
          const bytes =
            key.type === 'S'
              ? renderedKeyBytes(key.template, sample)
              : (() => {
                  const value = renderKeyValue(key.template, sample, key.type);
                  return value === undefined ? undefined : valueSize(value, key.type);
                })();
          if (bytes !== undefined) total += key.nameBytes + bytes;
        } catch (error) {
          if (!(error instanceof TemplateSyntaxError)) throw error;
        }
      }
    }
  }
  return total;
}
