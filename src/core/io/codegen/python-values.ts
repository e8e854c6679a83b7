// Python for values: string and number literals, f-strings for key templates, boto3's Key/Attr conditions,
// and the module helpers a value needs (Decimal conversion, zero padding), collected as they are used.

import type { TemplatePart } from '../../keys/template.ts';
import type { AttributeType, ConditionOperator, JsonValue, SortOperator } from '../../model/schema.ts';
import { numberKeyText } from '../../values/compare.ts';
import { isExactNumber, type NumberValue } from '../../values/exact-json.ts';
import { pyFStringText, pyString } from '../../values/text/code/python.ts';
import { type Doc, group } from './layout.ts';
import type { ClausePlan, ValueExpr } from './values.ts';

export { pyString };

/** What a name in a value stands for: a parameter, or a field of a list element. */
export type PythonEnv = (name: string) => { code: string; type: AttributeType };

/** Module helpers and imports the code written so far uses. */
export class PythonUses {
  readonly helpers = new Set<string>();
  readonly imports = new Set<string>();

  helper(name: string): string {
    this.helpers.add(name);
    return name;
  }

  import(name: string): string {
    this.imports.add(name);
    return name;
  }
}

function pyNumber(value: NumberValue): string {
  // boto3 takes Decimal (and int), never float; the text has every digit, as DynamoDB writes it.
  return `Decimal('${numberKeyText(value)}')`;
}

export function pyLiteral(value: JsonValue): string {
  if (value === null) return 'None';
  if (typeof value === 'string') return pyString(value);
  if (typeof value === 'number' || isExactNumber(value)) return pyNumber(value);
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (Array.isArray(value)) return `[${value.map(pyLiteral).join(', ')}]`;
  return `{${Object.entries(value)
    .map(([k, v]) => `${pyString(k)}: ${pyLiteral(v)}`)
    .join(', ')}}`;
}

/** Type hints of parameters by attribute type; numbers are Number (Decimal | int | float). */
export function pyHint(type: AttributeType): string {
  const hints: Record<AttributeType, string> = {
    S: 'str',
    N: 'Number',
    B: 'bytes',
    BOOL: 'bool',
    NULL: 'None',
    L: 'list',
    M: 'dict',
    SS: 'set[str]',
    NS: 'set[Number]',
    BS: 'set[bytes]',
  };
  return hints[type];
}

/** A value as DynamoDB must get it: numbers as Decimal (boto3 rejects float), sets as set (a list is an L). */
export function pyConvert(code: string, type: AttributeType | undefined, uses: PythonUses): string {
  if (type === 'N') return `${uses.helper('_number')}(${code})`;
  if (type === 'NS') return `${uses.helper('_numbers')}(${code})`;
  if (type === 'SS' || type === 'BS') return `${uses.helper('_set')}(${code})`;
  return code;
}

function placeholderCode(
  part: Extract<TemplatePart, { kind: 'placeholder' }>,
  env: PythonEnv,
  uses: PythonUses,
) {
  const { code, type } = env(part.name);
  if (part.width !== undefined) return `${uses.helper('_pad')}(${code}, ${part.width})`;
  return type === 'BOOL' || type === 'N' ? `${uses.helper('_text')}(${code})` : code;
}

/**
 * A rendered template: an f-string, with values as the core renders them (booleans in lower case, numbers in
 * plain digits: _text).
 */
function pyText(parts: TemplatePart[], asNumber: boolean, env: PythonEnv, uses: PythonUses): string {
  const [only] = parts;
  if (parts.length === 1 && only.kind === 'placeholder' && only.width === undefined) {
    const { code, type } = env(only.name);
    if (asNumber) return `${uses.helper('_number')}(${code})`;
    if (type === 'S') return code;
    return type === 'BOOL' || type === 'N' ? `${uses.helper('_text')}(${code})` : `str(${code})`;
  }
  const pieces = parts.map((part) =>
    part.kind === 'literal' ? { text: part.text } : { code: placeholderCode(part, env, uses) },
  );
  // Before Python 3.12 an f-string's expressions cannot hold its own quote (item['sku']).
  const quote = pieces.some((piece) => piece.code?.includes("'")) ? '"' : "'";
  const body = pieces
    .map((piece) => (piece.code !== undefined ? `{${piece.code}}` : pyFStringText(piece.text, quote)))
    .join('');
  const text = `f${quote}${body}${quote}`;
  return asNumber ? `${uses.import('Decimal')}(${text})` : text;
}

export function pyValue(value: ValueExpr, env: PythonEnv, uses: PythonUses): string {
  switch (value.kind) {
    case 'literal':
      return pyLiteral(value.value);
    case 'arg':
      return pyConvert(env(value.name).code, value.type, uses);
    case 'text':
      return pyText(value.parts, value.asNumber, env, uses);
  }
}

/** `{'PK': …, 'SK': …}`. */
export function pyDict(entries: [string, string | Doc][]): Doc {
  return group(
    '{',
    entries.map(([key, value]) => ({ kind: 'concat', parts: [`${pyString(key)}: `, value] })),
    '}',
  );
}

const METHODS: Record<ConditionOperator | SortOperator, string> = {
  '=': 'eq',
  '<>': 'ne',
  '<': 'lt',
  '<=': 'lte',
  '>': 'gt',
  '>=': 'gte',
  between: 'between',
  begins_with: 'begins_with',
  contains: 'contains',
  exists: 'exists',
  not_exists: 'not_exists',
};

/** `Key('PK').eq(…)` or `Attr('status').eq(…)`, as boto3 writes conditions. */
export function pyCondition(
  builder: 'Key' | 'Attr',
  clause: ClausePlan | { attribute: string; op: SortOperator; operands: ValueExpr[] },
  env: PythonEnv,
  uses: PythonUses,
): string {
  const operands = clause.operands.map((operand) => pyValue(operand, env, uses));
  return `${uses.import(builder)}(${pyString(clause.attribute)}).${METHODS[clause.op]}(${operands.join(', ')})`;
}

/** Conditions ANDed with `&`, one per line when they do not fit. */
export function pyAnd(conditions: string[]): Doc {
  return group('(', conditions, ')', {
    flatOpen: '',
    flatClose: '',
    separator: ' & ',
    lead: '& ',
    trailing: '',
  });
}

/**
 * A string literal that, when too long, becomes adjacent pieces in parentheses: cut after `, ` and before
 * a clause keyword, packed into pieces of at most `piece` characters.
 */
export function pyLongString(text: string, piece = 56): Doc {
  const pieces: string[] = [];
  for (const part of text.split(/(?<=, )|(?= (?:SET|REMOVE|ADD|DELETE|AND|OR) )/)) {
    const last = pieces.length - 1;
    if (last >= 0 && pieces[last].length + part.length <= piece) pieces[last] += part;
    else pieces.push(part);
  }
  if (pieces.length === 1) return pyString(text);
  return group('(', pieces.map(pyString), ')', { trailing: '', flatText: pyString(text) });
}
