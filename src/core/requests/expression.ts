// Condition, key-condition, projection and update expressions with their ExpressionAttributeNames and
// ExpressionAttributeValues. Placeholders are readable and stable (`#status`, `:status`, `:status2`) so that
// a generated request reads like one written by hand, and the same pattern always gives the same text.
import type { ConditionOperator } from '../model/schema.ts';
import { type AttributeMap, type AttributeValue, marshallValue } from '../values/marshall.ts';
import { RequestError } from '../values/request-error.ts';
import type { ResolvedClause } from './read-spec.ts';
import { isReservedWord } from './reserved-words.ts';

const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]*$/;

/** True when an attribute name may appear bare in an expression: an identifier and not a reserved word. */
export function isPlainName(name: string): boolean {
  return IDENTIFIER.test(name) && !isReservedWord(name);
}

/** The part of a placeholder after `#` or `:`; DynamoDB allows letters, digits and `_` there. */
function placeholderBody(hint: string): string {
  return hint.replace(/[^A-Za-z0-9_]/g, '_');
}

function unique(base: string, taken: (token: string) => boolean): string {
  if (!taken(base)) return base;
  let n = 2;
  while (taken(`${base}${n}`)) n++;
  return `${base}${n}`;
}

export interface ExpressionAttributes {
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: AttributeMap;
}

/** Collects the names and values of the expressions of one request (or one transaction action). */
export class ExpressionBuilder {
  readonly #tokens = new Map<string, string>();
  readonly #aliases: Record<string, string> = {};
  readonly #values: AttributeMap = {};

  /** The name as an expression uses it: bare when allowed, else an alias named after `hint`. */
  name(attribute: string, hint = attribute): string {
    const known = this.#tokens.get(attribute);
    if (known) return known;
    const token = isPlainName(attribute)
      ? attribute
      : unique(`#${placeholderBody(hint)}`, (t) => t in this.#aliases);
    if (token !== attribute) this.#aliases[token] = attribute;
    this.#tokens.set(attribute, token);
    return token;
  }

  /** A new value placeholder named after `hint`; never shared, so each use keeps its own value. */
  value(hint: string, value: AttributeValue): string {
    const token = unique(`:${placeholderBody(hint)}`, (t) => t in this.#values);
    this.#values[token] = value;
    return token;
  }

  /** `attribute op operand(s)` in DynamoDB's syntax; `hint` names the placeholders (`pk` → `#pk`, `:pk`). */
  compare(attribute: string, op: ConditionOperator, operands: AttributeValue[], hint = attribute): string {
    const needed = op === 'between' ? 2 : op === 'exists' || op === 'not_exists' ? 0 : 1;
    if (operands.length < needed) {
      throw new RequestError(`${op} on ${attribute} needs ${needed === 2 ? 'two values' : 'a value'}`);
    }
    const name = this.name(attribute, hint);
    const [first, second] = operands.slice(0, needed).map((operand) => this.value(hint, operand));
    switch (op) {
      case 'exists':
        return `attribute_exists(${name})`;
      case 'not_exists':
        return `attribute_not_exists(${name})`;
      case 'begins_with':
      case 'contains':
        return `${op}(${name}, ${first})`;
      case 'between':
        return `${name} BETWEEN ${first} AND ${second}`;
      default:
        return `${name} ${op} ${first}`;
    }
  }

  /**
   * Clauses ANDed; their values are marshalled from their JSON types, or as `clause.type` where resolve.ts
   * gave one (binary, sets).
   */
  condition(clauses: readonly ResolvedClause[]): string {
    return clauses
      .map((clause) => {
        const operands = [clause.value, clause.to]
          .filter((v) => v !== undefined)
          .map((v) => marshallValue(v, clause.type));
        return this.compare(clause.attribute, clause.op, operands);
      })
      .join(' AND ');
  }

  projection(attributes: readonly string[]): string {
    return attributes.map((attribute) => this.name(attribute)).join(', ');
  }

  /** Only the maps that have entries: DynamoDB rejects empty ones. */
  attributes(): ExpressionAttributes {
    const out: ExpressionAttributes = {};
    if (Object.keys(this.#aliases).length > 0) out.ExpressionAttributeNames = { ...this.#aliases };
    if (Object.keys(this.#values).length > 0) out.ExpressionAttributeValues = { ...this.#values };
    return out;
  }
}
