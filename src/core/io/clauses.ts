// Filter and condition clauses read back from a DynamoDB-style expression, for the formats that save a
// pattern's clauses as text: the AWS MCP data model (DynamoDB's own `#name` and `:value` placeholders) and
// OneTable's `where` (`${name}`, `{value}` and `@{argument}`). Each gives its name and value tokens; the
// grammar is the one Keyplan writes: `attribute_exists(a)`, `attribute_not_exists(a)`, `begins_with(a, v)`,
// `contains(a, v)`, `a BETWEEN v AND w`, `a <op> v`, joined by AND (any case), with any parentheses around
// a clause or a run of ANDed clauses (`(a AND b) AND c` is `a AND b AND c`). Anything else (OR, NOT, other
// functions, an unbalanced parenthesis) is a reason naming the expression and where in it.
import type { ConditionClause, JsonValue } from '../model/schema.ts';

export type Result<T> = { ok: true; value: T } | { ok: false; why: string };
export const fail = (why: string): { ok: false; why: string } => ({ ok: false, why });

export interface ClauseTokens {
  /** A regular expression (source) for an attribute name token, with one capture group: the token. */
  name: string;
  /** A regular expression (source) for a value token, with one capture group: the token. */
  value: string;
  /** The attribute a name token stands for. */
  attribute: (token: string) => string;
  /** The value a value token stands for, or why it has none. */
  resolve: (token: string) => Result<JsonValue>;
}

type Form = { pattern: RegExp; clause: (m: RegExpExecArray) => Result<ConditionClause> };

function forms(tokens: ClauseTokens): Form[] {
  const { name: NAME, value: VALUE } = tokens;
  const at = (source: string) => new RegExp(`^${source}`, 'i');
  return [
    {
      pattern: at(String.raw`attribute_(exists|not_exists)\(\s*${NAME}\s*\)`),
      clause: (m) => ({
        ok: true,
        value: { attribute: tokens.attribute(m[2]), op: m[1].toLowerCase() as 'exists' | 'not_exists' },
      }),
    },
    {
      pattern: at(String.raw`(begins_with|contains)\(\s*${NAME}\s*,\s*${VALUE}\s*\)`),
      clause: (m) => clause(tokens, m[2], m[1].toLowerCase() as 'begins_with' | 'contains', m[3]),
    },
    {
      pattern: at(String.raw`${NAME}\s+BETWEEN\s+${VALUE}\s+AND\s+${VALUE}`),
      clause: (m) => clause(tokens, m[1], 'between', m[2], m[3]),
    },
    {
      pattern: at(String.raw`${NAME}\s*(=|<>|<=|<|>=|>)\s*${VALUE}`),
      clause: (m) => clause(tokens, m[1], m[2] as '=', m[3]),
    },
  ];
}

const scalar = (v: JsonValue) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

function clause(
  tokens: ClauseTokens,
  name: string,
  op: ConditionClause['op'],
  valueToken: string,
  toToken?: string,
): Result<ConditionClause> {
  const attribute = tokens.attribute(name);
  const value = tokens.resolve(valueToken);
  if (!value.ok) return value;
  if (toToken === undefined) {
    if (!scalar(value.value)) return fail(`the value of ${attribute} is not a string, number or boolean`);
    return { ok: true, value: { attribute, op, value: value.value as string | number | boolean } };
  }
  // DynamoDB's BETWEEN compares numbers, strings or binary: a boolean bound, either one, is refused.
  const bound = (v: JsonValue) => typeof v === 'string' || typeof v === 'number';
  if (!bound(value.value)) return fail(`the lower bound of ${attribute} is not a string or number`);
  const to = tokens.resolve(toToken);
  if (!to.ok) return to;
  if (!bound(to.value)) return fail(`the upper bound of ${attribute} is not a string or number`);
  return {
    ok: true,
    value: { attribute, op, value: value.value as string | number, to: to.value as string | number },
  };
}

/**
 * The clauses of `text`, an expression `label` names (`FilterExpression`, `where`), or why it is not one
 * Keyplan reads: the reason quotes the expression and the part where reading stopped.
 */
export function parseClauses(text: string, label: string, tokens: ClauseTokens): Result<ConditionClause[]> {
  const where = `${label} "${text.trim()}"`;
  const known = forms(tokens);
  const clauses: ConditionClause[] = [];
  let rest = text.trim();
  // How many "(" are open: only AND joins clauses, so any grouping is the clauses in order.
  let depth = 0;
  while (rest) {
    const opens = /^(?:\(\s*)*/.exec(rest)![0];
    depth += opens.split('(').length - 1;
    const inner = rest.slice(opens.length);
    const found = known.map((form) => ({ form, m: form.pattern.exec(inner) })).find((x) => x.m);
    if (!found?.m) {
      const keyword = /^(OR|NOT)\b/i.exec(inner)?.[1];
      return fail(
        keyword
          ? `${where}: ${keyword.toUpperCase()} is not read; Keyplan's clauses are joined by AND`
          : `${where}: "${inner}" does not start with a clause Keyplan reads`,
      );
    }
    const read = found.form.clause(found.m);
    if (!read.ok) return fail(`${where}: ${read.why}`);
    clauses.push(read.value);
    rest = inner.slice(found.m[0].length).trim();
    for (; rest.startsWith(')'); rest = rest.slice(1).trim()) {
      if (depth === 0) return fail(`${where}: a ")" closes no "(", at "${rest}"`);
      depth -= 1;
    }
    if (!rest) break;
    const and = /^AND\b\s*/i.exec(rest);
    if (!and)
      return fail(
        /^OR\b/i.test(rest)
          ? `${where}: OR is not read; Keyplan's clauses are joined by AND`
          : `${where}: only AND joins clauses, at "${rest}"`,
      );
    rest = rest.slice(and[0].length);
    if (!rest) return fail(`${where}: no clause follows the last AND`);
  }
  if (depth > 0) return fail(`${where}: ${depth === 1 ? 'a "(" is' : `${depth} "(" are`} not closed`);
  return { ok: true, value: clauses };
}
