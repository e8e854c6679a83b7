// Values in generated code, described before they are written in a language: a literal from the design,
// an argument, or a key template rendered from arguments. The rules are those of core/requests (resolve.ts
// renders keys and clause values, build-write.ts marshals updates), so generated code sends what
// `keyplan run` sends.

import { isConstant, parseTemplate, singlePlaceholder, type TemplatePart } from '../../keys/template.ts';
import type {
  Attribute,
  AttributeType,
  ConditionClause,
  ConditionOperator,
  JsonValue,
  KeyType,
} from '../../model/schema.ts';
import { ExpressionBuilder } from '../../requests/expression.ts';
import { numberFromKeyText } from '../../values/compare.ts';

export type ValueExpr =
  | { kind: 'literal'; value: JsonValue }
  /** An argument as the caller gives it; `type` says how DynamoDB must receive it (N: a number…). */
  | { kind: 'arg'; name: string; type?: AttributeType }
  /** A template rendered as text (`{n:6}` zero-padded); `asNumber` for an N key. */
  | { kind: 'text'; parts: TemplatePart[]; asNumber: boolean };

/** A design the generator cannot turn into code (the message names what and why). */
export class CodegenError extends Error {
  override name = 'CodegenError';
}

export const literal = (value: JsonValue): ValueExpr => ({ kind: 'literal', value });

/** An enum as literal types; none when a value is past a double (a plain number type then). */
export function plainEnum(values: Attribute['enum']): (string | number)[] | undefined {
  return values?.every((v) => typeof v === 'string' || typeof v === 'number') ? values : undefined;
}

function constantText(template: string): string {
  return parseTemplate(template)
    .map((part) => (part.kind === 'literal' ? part.text : ''))
    .join('');
}

/**
 * A key attribute's value from its template, as renderKeyValue gives it: constant text, the argument itself
 * when the template is exactly one unpadded placeholder of the key's type, else the rendered text.
 */
export function keyValue(
  template: string,
  keyType: KeyType,
  keyName: string,
  typeOf: (name: string) => AttributeType,
): ValueExpr {
  const parts = parseTemplate(template);
  const [only] = parts;
  const bare = parts.length === 1 && only.kind === 'placeholder' && only.width === undefined;
  if (keyType === 'B') {
    // Binary keys are bytes in code; text around them would have to be base64 of bytes, which no one writes.
    if (bare) return { kind: 'arg', name: only.name, type: 'B' };
    throw new CodegenError(`${keyName}: a binary key can only be a single {placeholder} in generated code`);
  }
  if (isConstant(template)) {
    const text = constantText(template);
    return literal(keyType === 'N' ? (numberFromKeyText(text) ?? Number(text)) : text);
  }
  if (bare && typeOf(only.name) === keyType) return { kind: 'arg', name: only.name, type: keyType };
  return { kind: 'text', parts, asNumber: keyType === 'N' };
}

/**
 * A filter or condition operand, as resolveClauses makes it: a design literal, the argument itself when the
 * template is one placeholder (even padded), else rendered text; numbers for numeric attributes.
 */
export function clauseValue(template: ConditionClause['value'] & {}, numeric: boolean): ValueExpr {
  if (typeof template !== 'string') return literal(template);
  const only = singlePlaceholder(template);
  if (only !== undefined) return { kind: 'arg', name: only, type: numeric ? 'N' : undefined };
  if (isConstant(template))
    return literal(numeric ? (numberFromKeyText(template) ?? Number(template)) : template);
  return { kind: 'text', parts: parseTemplate(template), asNumber: numeric };
}

/** The names an expression uses, with the value each of its `:tokens` stands for. */
export interface Expressions {
  names?: Record<string, string>;
  values: [token: string, value: ValueExpr][];
}

/** One clause with its operands (as many as the operator takes). */
export interface ClausePlan {
  attribute: string;
  op: ConditionOperator;
  operands: ValueExpr[];
}

/** How many operands an operator takes (ExpressionBuilder.compare ignores the rest). */
export function operandCount(op: ConditionOperator): number {
  return op === 'between' ? 2 : op === 'exists' || op === 'not_exists' ? 0 : 1;
}

/** A filter or condition clause with its operands; `numeric`: the attributes whose values are numbers. */
export function clausePlan(clause: ConditionClause, numeric: ReadonlySet<string>): ClausePlan {
  const operands = [clause.value, clause.to]
    .filter((v) => v !== undefined)
    .slice(0, operandCount(clause.op))
    .map((v) => clauseValue(v!, numeric.has(clause.attribute)));
  return { attribute: clause.attribute, op: clause.op, operands };
}

// The core's builder wants attribute values; it only names and counts them, so any value does.
const PLACEHOLDER_VALUE = { NULL: true } as const;

/**
 * The core's ExpressionBuilder, with each value it names remembered as a ValueExpr: the expression text,
 * the `#names` and the `:tokens` come out exactly as in the requests `keyplan run` sends.
 */
export class SymbolicExpressions {
  readonly #builder = new ExpressionBuilder();
  readonly #values: [string, ValueExpr][] = [];

  #tokens(): string[] {
    return Object.keys(this.#builder.attributes().ExpressionAttributeValues ?? {});
  }

  #capture(operands: ValueExpr[], build: () => string): string {
    const before = new Set(this.#tokens());
    const text = build();
    const added = this.#tokens().filter((token) => !before.has(token));
    added.forEach((token, i) => {
      this.#values.push([token, operands[i]]);
    });
    return text;
  }

  name(attribute: string): string {
    return this.#builder.name(attribute);
  }

  value(hint: string, value: ValueExpr): string {
    return this.#capture([value], () => this.#builder.value(hint, PLACEHOLDER_VALUE));
  }

  compare(attribute: string, op: ConditionOperator, operands: ValueExpr[], hint?: string): string {
    const placeholders = operands.map(() => PLACEHOLDER_VALUE);
    return this.#capture(operands, () => this.#builder.compare(attribute, op, placeholders, hint));
  }

  /** Clauses ANDed, as ExpressionBuilder.condition writes them. */
  condition(clauses: ClausePlan[]): string {
    return clauses.map((clause) => this.compare(clause.attribute, clause.op, clause.operands)).join(' AND ');
  }

  projection(attributes: readonly string[]): string {
    return this.#builder.projection(attributes);
  }

  result(): Expressions {
    const { ExpressionAttributeNames } = this.#builder.attributes();
    return ExpressionAttributeNames
      ? { names: ExpressionAttributeNames, values: [...this.#values] }
      : { values: [...this.#values] };
  }
}
