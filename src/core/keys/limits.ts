// DynamoDB's limits on a key value, checked on templates and sample values without rendering anything:
// a partition key holds at most 2,048 UTF-8 bytes, a sort key 1,024, for the table and every index alike
// (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ServiceQuotas.html). A template that
// repeats `{n:99}` thousands of times is refused from its text, before a single item is derived.
import { utf8Length } from '../analysis/item-size.ts';
import { keySchemas } from '../model/indexes.ts';
import type { Design, JsonValue } from '../model/schema.ts';
import { formatPlaceholderValue, parseTemplate } from './template.ts';

export type KeyRole = 'partition' | 'sort';

/** The most UTF-8 bytes DynamoDB takes in one key value, by the key's role. */
export const KEY_LIMIT_BYTES: Readonly<Record<KeyRole, number>> = { partition: 2048, sort: 1024 };

/**
 * The role that limits each key attribute: `sort` when it is the sort key of the table or of any index
 * (the stricter limit), else `partition`.
 */
export function keyRoles(design: Design): Map<string, KeyRole> {
  const roles = new Map<string, KeyRole>();
  for (const schema of keySchemas(design)) {
    if (!roles.has(schema.partitionKey.name)) roles.set(schema.partitionKey.name, 'partition');
    if (schema.sortKey) roles.set(schema.sortKey.name, 'sort');
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

/**
 * The UTF-8 bytes of the key a template renders for these values, counted without building it; undefined
 * when a placeholder has no value (the item has no such key). Throws TemplateSyntaxError.
 */
export function renderedKeyBytes(
  template: string,
  values: Record<string, JsonValue | undefined>,
): number | undefined {
  let bytes = 0;
  for (const part of parseTemplate(template)) {
    if (part.kind === 'literal') {
      bytes += utf8Length(part.text);
      continue;
    }
    const text = formatPlaceholderValue(values[part.name], part.width);
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
