// An expression as a person reads it: `#status = :status` with its names and values put back in, so the
// preview says `status = "PLACED"`. For display only; the request keeps its placeholders.

import type { JsonValue } from '../../../core/model/schema.ts';
import { stringifyExactJson } from '../../../core/values/exact-json.ts';

export function inlineExpression(
  expression: string,
  names: Record<string, string> = {},
  values: Record<string, JsonValue> = {},
): string {
  return expression.replace(/[#:][A-Za-z0-9_]+/g, (token) => {
    if (token.startsWith('#')) return names[token] ?? token;
    return Object.hasOwn(values, token) ? stringifyExactJson(values[token]) : token;
  });
}

/** The key condition as the pattern writes it, before arguments: `PK = CUSTOMER#{customerId} AND begins_with(SK, ORDER#)`. */
export function keyConditionTemplate(
  keyCondition: {
    partition?: string;
    sort?: { op: string; value: string; to?: string };
    partitionKeys?: Record<string, string>;
    sortKeys?: { attribute: string; op: string; value: string; to?: string }[];
  },
  partitionName: string,
  sortName: string | undefined,
): string {
  const parts: string[] = [];
  if (keyCondition.partition !== undefined) parts.push(`${partitionName} = ${keyCondition.partition}`);
  // A multi-attribute key: each partition attribute, then the sort attributes given, in order.
  for (const [name, template] of Object.entries(keyCondition.partitionKeys ?? {}))
    parts.push(`${name} = ${template}`);
  const sorts = [
    ...(keyCondition.sort && sortName ? [{ ...keyCondition.sort, attribute: sortName }] : []),
    ...(keyCondition.sortKeys ?? []),
  ];
  for (const sort of sorts) {
    const name = sort.attribute;
    if (sort.op === 'begins_with') parts.push(`begins_with(${name}, ${sort.value})`);
    else if (sort.op === 'between') parts.push(`${name} BETWEEN ${sort.value} AND ${sort.to ?? ''}`);
    else parts.push(`${name} ${sort.op} ${sort.value}`);
  }
  return parts.join(' AND ');
}
