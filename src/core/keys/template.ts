// Key templates: literal text with {attribute} placeholders; {attribute:6} zero-pads a number to 6 digits
// so that numbers sort correctly inside a string key.

import { numberFromKeyText, numberKeyText } from '../values/compare.ts';
import { isExactNumber } from '../values/exact-json.ts';
import type { KeyValue } from '../values/item.ts';
import type { JsonValue } from '../values/json-value.ts';

export type TemplatePart =
  | { kind: 'literal'; text: string }
  | { kind: 'placeholder'; name: string; width?: number };

export class TemplateSyntaxError extends Error {}

/**
 * No key DynamoDB accepts is longer than this many UTF-16 code units: a partition key holds at most 2,048
 * UTF-8 bytes, and every code unit takes at least one byte. Rendering a key stops past it, so a template
 * that repeats a padded placeholder thousands of times never builds a megabyte string per item.
 */
export const MAX_KEY_LENGTH = 2048;

/** A template rendered longer than its limit; a TemplateSyntaxError, so that callers treat it as a template that cannot give a key. */
export class RenderTooLongError extends TemplateSyntaxError {}

const PLACEHOLDER = /^([A-Za-z0-9_.-]+)(?::(\d{1,2}))?$/;
const cache = new Map<string, TemplatePart[]>();
// The caches below hold templates as their text: past this many characters in all, they start over.
const CACHED_CHARS = 1_000_000;
let cachedChars = 0;

/** Caches a parse of `template`, emptying the caches first when they hold too many or too long templates. */
function remember<T>(map: Map<string, T>, template: string, value: T): void {
  if (map.size >= 5000 || cachedChars + template.length > CACHED_CHARS) {
    cache.clear();
    parsers.clear();
    cachedChars = 0;
  }
  cachedChars += template.length;
  map.set(template, value);
}

/** Splits a template into literal and placeholder parts; throws TemplateSyntaxError with the column. */
export function parseTemplate(template: string): TemplatePart[] {
  const cached = cache.get(template);
  if (cached) return cached;
  const parts: TemplatePart[] = [];
  let literal = '';
  let i = 0;
  while (i < template.length) {
    const ch = template[i];
    if (ch !== '{') {
      literal += ch;
      i++;
      continue;
    }
    const close = template.indexOf('}', i);
    if (close < 0) throw new TemplateSyntaxError(`unclosed "{" at column ${i + 1}`);
    const inner = template.slice(i + 1, close);
    const match = PLACEHOLDER.exec(inner);
    if (!match) throw new TemplateSyntaxError(`invalid placeholder {${inner}} at column ${i + 1}`);
    if (literal) parts.push({ kind: 'literal', text: literal });
    literal = '';
    // Two placeholders may touch (`account#{name}{id}`, as OneTable writes them): the key renders, and
    // only reading its values back needs to know where one ends (see adjacentPlaceholders).
    parts.push(
      match[2]
        ? { kind: 'placeholder', name: match[1], width: Number(match[2]) }
        : { kind: 'placeholder', name: match[1] },
    );
    i = close + 1;
  }
  if (literal) parts.push({ kind: 'literal', text: literal });
  remember(cache, template, parts);
  return parts;
}

/** The placeholder names of a template, in order, without repeats. */
export function placeholders(template: string): string[] {
  const names: string[] = [];
  for (const part of parseTemplate(template)) {
    if (part.kind === 'placeholder' && !names.includes(part.name)) names.push(part.name);
  }
  return names;
}

/** The literal text before the first placeholder: what a begins_with on this template can rely on. */
export function literalPrefix(template: string): string {
  const first = parseTemplate(template)[0];
  return first?.kind === 'literal' ? first.text : '';
}

/** True when the template is literal text only (a constant key, e.g. `PROFILE`). */
export function isConstant(template: string): boolean {
  return parseTemplate(template).every((part) => part.kind === 'literal');
}

/** True when the template is exactly one placeholder, so the key takes the attribute's own value and type. */
export function singlePlaceholder(template: string): string | undefined {
  const parts = parseTemplate(template);
  return parts.length === 1 && parts[0].kind === 'placeholder' ? parts[0].name : undefined;
}

/**
 * The fewest code units the template renders, whatever the values: its literal text, and per placeholder
 * its padding width (a value is never empty: an empty value leaves the key out). Throws TemplateSyntaxError.
 */
export function minRenderedLength(template: string): number {
  let length = 0;
  for (const part of parseTemplate(template))
    length += part.kind === 'literal' ? part.text.length : Math.max(part.width ?? 1, 1);
  return length;
}

/**
 * A value as a placeholder writes it; undefined when there is none (an empty value leaves the key out).
 *
 * Padding (`{n:width}`), the one definition every generated program copies (the TypeScript and Python
 * helpers of codegen/, the backfill programs of diff/) and docs/design-format.md states: of the value's
 * text (a number's as numberKeyText writes it, anything else's as String() does), strip exactly one leading
 * `-`, pad the part before the FIRST `.` with `0` to `width` UTF-16 code units, keep the rest verbatim
 * (from that `.` on), and put the `-` back: -7 → `-000007`, `a.b.c` → `00000a.b.c`, `--5` → `-0000-5`,
 * `+5` → `0000+5` (a `+` is text like any other), an emoji counts 2.
 */
export function formatPlaceholderValue(value: JsonValue | undefined, width?: number): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'object' && !isExactNumber(value)) return undefined;
  // A number renders as DynamoDB writes it: all its digits, no exponent (`1e21` → `1000000000000000000000`).
  const text = typeof value === 'number' || isExactNumber(value) ? numberKeyText(value) : String(value);
  if (width === undefined) return text;
  const negative = text.startsWith('-');
  const unsigned = negative ? text.slice(1) : text;
  const dot = unsigned.indexOf('.');
  const integer = dot < 0 ? unsigned : unsigned.slice(0, dot);
  const padded = integer.padStart(width, '0') + (dot < 0 ? '' : unsigned.slice(dot));
  return negative ? `-${padded}` : padded;
}

/**
 * Renders a template with the given values. Undefined when a placeholder has no value: the item then has
 * no such key attribute, which is how sparse indexes work. Throws RenderTooLongError, before building it,
 * when the text would be longer than `maxLength` code units (by default MAX_KEY_LENGTH: no key is longer).
 */
export function renderTemplate(
  template: string,
  values: Record<string, JsonValue | undefined>,
  maxLength = MAX_KEY_LENGTH,
): string | undefined {
  let out = '';
  for (const part of parseTemplate(template)) {
    const text = part.kind === 'literal' ? part.text : formatPlaceholderValue(values[part.name], part.width);
    if (text === undefined) return undefined;
    if (out.length + text.length > maxLength)
      throw new RenderTooLongError(`renders longer than ${maxLength.toLocaleString('en-US')} characters`);
    out += text;
  }
  return out;
}

/**
 * Like renderTemplate, but keeps an attribute's own value (number, binary) when the template is only it.
 * An N key is the exact number rendered: a JS number, or an ExactNumber past a double's digits.
 */
export function renderKeyValue(
  template: string,
  values: Record<string, JsonValue | undefined>,
  keyType: 'S' | 'N' | 'B',
): KeyValue | undefined {
  const rendered = renderTemplate(template, values);
  if (rendered === undefined) return undefined;
  if (keyType === 'N') return numberFromKeyText(rendered);
  return rendered;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Widths, in UTF-16 code units, of the attribute formats whose every value has the same length. */
const FORMAT_WIDTHS: Readonly<Record<string, number>> = { uuid: 36, ulid: 26, date: 10 };

/**
 * The placeholders whose values have a fixed width, by name: those of attributes whose format gives every
 * value the same length (uuid, ulid, date). A key reader uses them to split two placeholders that touch.
 */
export function fixedWidths(
  attributes: readonly { name: string; format?: string }[],
): Readonly<Record<string, number>> {
  const widths: Record<string, number> = {};
  for (const { name, format } of attributes) {
    const width = format === undefined ? undefined : FORMAT_WIDTHS[format];
    if (width !== undefined) widths[name] = width;
  }
  return widths;
}

/** Two placeholders that touch in a template, the first of no fixed width: their values cannot be told apart. */
export interface AdjacentPlaceholders {
  first: string;
  second: string;
}

/**
 * The first pair of placeholders that touch (`{name}{id}`) where the first has no fixed width, neither by
 * the attribute's format (`widths`, see fixedWidths) nor by padding: a stored key such as `account#bob7`
 * could be name `bob` and id `7` or name `bo` and id `b7`. Undefined when every value can be read back.
 * A padded placeholder ({n:6}) counts as fixed width: it reads back exactly when its values fit the padding.
 */
export function adjacentPlaceholders(
  template: string,
  widths: Readonly<Record<string, number>> = {},
): AdjacentPlaceholders | undefined {
  const parts = parseTemplate(template);
  for (let i = 0; i + 1 < parts.length; i++) {
    const [part, next] = [parts[i], parts[i + 1]];
    if (part.kind !== 'placeholder' || next.kind !== 'placeholder') continue;
    if (part.width === undefined && widths[part.name] === undefined)
      return { first: part.name, second: next.name };
  }
  return undefined;
}

/** A key read back through a template whose touching placeholders cannot be split (see adjacentPlaceholders). */
export class AmbiguousKeyError extends Error {
  constructor(
    readonly template: string,
    readonly pair: AdjacentPlaceholders,
  ) {
    super(
      `key template ${template} cannot be read back: {${pair.first}} and {${pair.second}} touch, so a stored key does not say where ${pair.first} ends and ${pair.second} begins (put a delimiter between them, pad {${pair.first}}, or give it a fixed-width format such as ulid)`,
    );
  }
}

const parsers = new Map<string, { regex: RegExp; names: string[] }>();

/**
 * The regular expression reading a template's keys. A value runs up to the first character of the literal
 * that follows it (so values may not contain it); a value followed by another placeholder takes its fixed
 * width; with `lenient`, one of no fixed width takes as little as it can, which tells whether a key fits
 * but not how it splits.
 */
function parserFor(template: string, widths: Readonly<Record<string, number>>, lenient: boolean) {
  const cacheKey = `${lenient ? 'L' : 'S'}${JSON.stringify(widths)}\u0000${template}`;
  let parser = parsers.get(cacheKey);
  if (parser) return parser;
  const parts = parseTemplate(template);
  const names: string[] = [];
  let source = '^';
  parts.forEach((part, i) => {
    if (part.kind === 'literal') {
      source += escapeRegExp(part.text);
      return;
    }
    names.push(part.name);
    const next = parts[i + 1];
    if (next?.kind === 'literal') source += `([^${escapeRegExp(next.text[0])}]*)`;
    else if (next === undefined) source += '(.*)';
    else {
      const width = part.width ?? widths[part.name];
      // A padded negative number carries its `-` in front of the padding.
      if (width !== undefined) source += part.width !== undefined ? `(-?.{${width}})` : `(.{${width}})`;
      else if (lenient) source += '(.+?)';
      else throw new AmbiguousKeyError(template, { first: part.name, second: next.name });
    }
  });
  parser = { regex: new RegExp(`${source}$`, 's'), names };
  remember(parsers, cacheKey, parser);
  return parser;
}

function readWith(
  parser: { regex: RegExp; names: string[] },
  key: string,
): Record<string, string> | undefined {
  const match = parser.regex.exec(key);
  if (!match) return undefined;
  const values: Record<string, string> = {};
  for (let i = 0; i < parser.names.length; i++) {
    const [name, value] = [parser.names[i], match[i + 1]];
    if (name in values && values[name] !== value) return undefined;
    values[name] = value;
  }
  return values;
}

/**
 * Reads a key back into the values of its placeholders; undefined when the key does not fit the template.
 * `widths` gives the fixed widths of attributes' values (fixedWidths). Throws AmbiguousKeyError when two
 * placeholders touch and the first has no fixed width: no value is read rather than a wrong one.
 */
export function parseKey(
  template: string,
  key: string,
  widths: Readonly<Record<string, number>> = {},
): Record<string, string> | undefined {
  return readWith(parserFor(template, widths, false), key);
}

/**
 * True when the key could have been rendered by the template: parseKey's question without its values, so
 * that it has an answer for touching placeholders too (`account#{name}{id}` fits `account#bob7`).
 */
export function fitsKey(template: string, key: string): boolean {
  return readWith(parserFor(template, {}, true), key) !== undefined;
}
