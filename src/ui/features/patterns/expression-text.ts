// An expression as a person reads it: `#status = :status` with its names and values put back in, so the
// preview says `status = "PLACED"`. For display only; the request keeps its placeholders.
import { stringifyExactJson } from '../../../core/model/exact-json.ts';
import type { JsonValue } from '../../../core/model/schema.ts';

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
  keyCondition: { partition: string; sort?: { op: string; value: string; to?: string } },
  partitionName: string,
  sortName: string | undefined,
): string {
  const parts = [`${partitionName} = ${keyCondition.partition}`];
  const sort = keyCondition.sort;
  if (sort && sortName) {
    if (sort.op === 'begins_with') parts.push(`begins_with(${sortName}, ${sort.value})`);
    else if (sort.op === 'between') parts.push(`${sortName} BETWEEN ${sort.value} AND ${sort.to ?? ''}`);
    else parts.push(`${sortName} ${sort.op} ${sort.value}`);
  }
  return parts.join(' AND ');
}
