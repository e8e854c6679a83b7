// TypeScript for values: literals, template literals for key templates, object literals, types of
// attributes, and the module helpers and imports the code uses, collected as it is written.

import type { TemplatePart } from '../../keys/template.ts';
import type { AttributeType, JsonValue } from '../../model/schema.ts';
import { numberKeyText } from '../../values/compare.ts';
import { isExactNumber } from '../../values/exact-json.ts';
import { tsString, tsTemplateText } from '../../values/text/code/typescript.ts';
import { blockCommentText } from '../../values/text/code/unsafe.ts';
import { type Doc, group, layout } from './layout.ts';
import { isTypescriptIdentifier } from './naming.ts';
import { wrap } from './text.ts';
import type { ValueExpr } from './values.ts';

export { tsString, tsTemplateText };

export const TYPESCRIPT_WIDTH = 100;
const OPTIONS = { width: TYPESCRIPT_WIDTH, step: '  ' };

export function tsLayout(doc: Doc, indent: string, column = indent.length, trail = 0): string {
  return layout(doc, OPTIONS, indent, column, trail);
}

/** What a name in a value stands for: `args.orderId`, or a field of a list element. */
export type TypescriptEnv = (name: string) => { code: string; type: AttributeType };

export class TypescriptUses {
  /** Names imported from @aws-sdk/lib-dynamodb. */
  readonly imports = new Set<string>();
  readonly helpers = new Set<string>();

  import(name: string): string {
    this.imports.add(name);
    return name;
  }

  helper(name: string): string {
    this.helpers.add(name);
    return name;
  }
}

/** A property name as an object literal or an interface writes it. */
export function tsKey(name: string): string {
  return isTypescriptIdentifier(name) ? name : tsString(name);
}

/** `args.orderId`, or `args['gift-note']`. */
export function tsAccess(object: string, name: string): string {
  return isTypescriptIdentifier(name) ? `${object}.${name}` : `${object}[${tsString(name)}]`;
}

/**
 * A value as TypeScript writes it. A number a double cannot hold is `NumberValue.from('…')` (the
 * DocumentClient sends its digits as they are), which needs `uses` for the import.
 */
export function tsLiteral(value: JsonValue, uses?: TypescriptUses): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return tsString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isExactNumber(value)) {
    if (!uses) throw new Error(`${value.value} needs NumberValue, and tsLiteral was given no uses`);
    return `${uses.import('NumberValue')}.from(${tsString(numberKeyText(value))})`;
  }
  if (Array.isArray(value)) return `[${value.map((v) => tsLiteral(v, uses)).join(', ')}]`;
  const entries = Object.entries(value).map(([k, v]) => `${tsKey(k)}: ${tsLiteral(v, uses)}`);
  return entries.length ? `{ ${entries.join(', ')} }` : '{}';
}

/**
 * A DynamoDB number in generated TypeScript: a JavaScript number, or a NumberValue for one a double cannot
 * hold (38 digits). Always both: any N attribute may hold such a number, and createClient gives it back so.
 */
export const TS_NUMBER = 'number | NumberValue';

/** The TypeScript type of an attribute: sets are Set (the DocumentClient writes a Set as SS/NS/BS). */
export function tsType(type: AttributeType, enumeration?: (string | number)[]): string {
  if (enumeration?.length && (type === 'S' || type === 'N'))
    return enumeration.map((v) => tsLiteral(v)).join(' | ');
  const types: Record<AttributeType, string> = {
    S: 'string',
    N: TS_NUMBER,
    B: 'Uint8Array',
    BOOL: 'boolean',
    NULL: 'null',
    L: 'unknown[]',
    M: 'Record<string, unknown>',
    SS: 'Set<string>',
    NS: `Set<${TS_NUMBER}>`,
    BS: 'Set<Uint8Array>',
  };
  return types[type];
}

function placeholderCode(
  part: Extract<TemplatePart, { kind: 'placeholder' }>,
  env: TypescriptEnv,
  uses: TypescriptUses,
) {
  const { code, type } = env(part.name);
  if (part.width !== undefined) return `${uses.helper('padNumber')}(${code}, ${part.width})`;
  return type === 'N' ? `${uses.helper('keyText')}(${code})` : code;
}

/**
 * A rendered template: a template literal, as the core renders keys (a number in plain digits, anything
 * else as String() writes it); for an N key, the number of that text with all its digits (exactNumber).
 */
function tsText(parts: TemplatePart[], asNumber: boolean, env: TypescriptEnv, uses: TypescriptUses): string {
  const [only] = parts;
  const number = (text: string) => `exactNumber(${uses.helper('plainNumber')}(${text}))`;
  if (parts.length === 1 && only.kind === 'placeholder' && only.width === undefined) {
    const { code, type } = env(only.name);
    if (asNumber) return number(type === 'S' ? code : `String(${code})`);
    return type === 'S' ? code : type === 'N' ? `${uses.helper('keyText')}(${code})` : `String(${code})`;
  }
  const body = parts
    .map((part) =>
      part.kind === 'literal' ? tsTemplateText(part.text) : `\${${placeholderCode(part, env, uses)}}`,
    )
    .join('');
  return asNumber ? number(`\`${body}\``) : `\`${body}\``;
}

export function tsValue(value: ValueExpr, env: TypescriptEnv, uses: TypescriptUses): string {
  switch (value.kind) {
    case 'literal':
      return tsLiteral(value.value, uses);
    case 'arg': {
      const { code, type } = env(value.name);
      return value.type === 'N' && type !== 'N' ? `Number(${code})` : code;
    }
    case 'text':
      return tsText(value.parts, value.asNumber, env, uses);
  }
}

/** `{ PK: …, SK: … }`, broken one property per line when it does not fit. */
export function tsObject(entries: [string, Doc][]): Doc {
  if (entries.length === 0) return '{}';
  return group(
    '{',
    entries.map(([key, value]) => ({ kind: 'concat', parts: [`${tsKey(key)}: `, value] })),
    '}',
    { flatOpen: '{ ', flatClose: ' }' },
  );
}

/** A comment block (`/** … *\/`) of paragraphs, wrapped at `indent`. */
export function tsDoc(paragraphs: string[], indent = ''): string {
  const width = TYPESCRIPT_WIDTH - indent.length - 3;
  // Wrapped first (a line break in the text is a space, as any whitespace), then each line made safe.
  const wrapped = paragraphs.map((p) => wrap(p, width).map(blockCommentText));
  if (wrapped.length === 1 && wrapped[0].length === 1 && wrapped[0][0].length + 7 <= width + 3)
    return `${indent}/** ${wrapped[0][0]} */`;
  const lines = wrapped.flatMap((p, i) => [...(i > 0 ? [''] : []), ...p]);
  return [
    `${indent}/**`,
    ...lines.map((line) => `${indent} *${line ? ` ${line}` : ''}`),
    `${indent} */`,
  ].join('\n');
}

/** `T[]`, or `(A | B)[]`. */
export function tsArray(type: string): string {
  return type.includes(' ') ? `(${type})[]` : `${type}[]`;
}
