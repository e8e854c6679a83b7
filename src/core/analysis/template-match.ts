// Can two key templates produce the same key? The linter asks this of an access pattern's key condition
// and an entity's key templates (is the pattern served? does a prefix catch another entity?) and of two
// entities' primary keys (can they collide?). A template is read as a set of strings: its literal text,
// with each {placeholder} standing for one or more characters other than the template's delimiters (the
// non-alphanumeric characters of its literal text: `#` in `ORDER#{orderId}`), the convention parseKey
// relies on to read keys back. A placeholder of an enum attribute stands for its values only.

import { parseTemplate, TemplateSyntaxError } from '../keys/template.ts';
import type { Attribute } from '../model/schema.ts';
import { compareKeyValues } from '../values/compare.ts';

type Token = { char: string } | { forbidden: ReadonlySet<string> };

/** One alternative of a template: tokens, and whether any suffix may follow (a begins_with). */
export interface KeyShape {
  tokens: Token[];
  openEnded: boolean;
  /** The literal text before the first placeholder, and whether the template is that text alone. */
  prefix: string;
  constant: boolean;
}

/** Enum placeholders expand into their values while the alternatives stay this few. */
const MAX_ALTERNATIVES = 64;

function delimiters(template: string): Set<string> {
  const out = new Set<string>();
  for (const part of parseTemplate(template)) {
    if (part.kind === 'literal') for (const ch of part.text) if (!/[\p{L}\p{N}]/u.test(ch)) out.add(ch);
  }
  return out;
}

/**
 * The shapes a template can take; `attributes` (an entity's) lets enum placeholders expand into their
 * values. Undefined for a template that does not parse.
 */
export function templateShapes(
  template: string,
  attributes: ReadonlyMap<string, Attribute> = new Map(),
  openEnded = false,
): KeyShape[] | undefined {
  let parts: ReturnType<typeof parseTemplate>;
  try {
    parts = parseTemplate(template);
  } catch (error) {
    if (error instanceof TemplateSyntaxError) return undefined;
    throw error;
  }
  const forbidden = delimiters(template);
  let texts: { tokens: Token[]; prefix: string; constant: boolean }[] = [
    { tokens: [], prefix: '', constant: true },
  ];
  for (const part of parts) {
    const values = part.kind === 'placeholder' ? attributes.get(part.name)?.enum : undefined;
    const expand = values && texts.length * values.length <= MAX_ALTERNATIVES;
    if (part.kind === 'literal' || expand) {
      const options = part.kind === 'literal' ? [part.text] : (values ?? []).map(String);
      texts = texts.flatMap((t) =>
        options.map((text) => ({
          tokens: [...t.tokens, ...[...text].map((char) => ({ char }))],
          prefix: t.constant ? t.prefix + text : t.prefix,
          constant: t.constant,
        })),
      );
    } else {
      for (const t of texts) {
        t.tokens.push({ forbidden });
        t.constant = false;
      }
    }
  }
  return texts.map((t) => ({ ...t, openEnded }));
}

// NFA states of one shape: position in its tokens, and whether a placeholder run has begun there.
type State = number;
const encode = (pos: number, inRun: boolean): State => pos * 2 + (inRun ? 1 : 0);

function closure(states: Iterable<State>): Set<State> {
  const out = new Set<State>();
  const stack = [...states];
  while (stack.length > 0) {
    const state = stack.pop()!;
    if (out.has(state)) continue;
    out.add(state);
    // A run that has taken one character may end here.
    if (state % 2 === 1) stack.push(encode((state - 1) / 2 + 1, false));
  }
  return out;
}

function step(shape: KeyShape, state: State, ch: string): State | undefined {
  const pos = Math.floor(state / 2);
  const token = shape.tokens[pos];
  if (!token) return shape.openEnded ? state : undefined;
  if ('char' in token) return state % 2 === 0 && token.char === ch ? encode(pos + 1, false) : undefined;
  return token.forbidden.has(ch) ? undefined : encode(pos, true);
}

function accepts(shape: KeyShape, states: Set<State>): boolean {
  return states.has(encode(shape.tokens.length, false));
}

// A character no template names: what a placeholder may hold when it is not a literal character.
const OTHER = '\uE000';

function alphabet(...shapes: KeyShape[]): string[] {
  const chars = new Set<string>([OTHER]);
  for (const shape of shapes)
    for (const token of shape.tokens) {
      if ('char' in token) chars.add(token.char);
      else for (const ch of token.forbidden) chars.add(ch);
    }
  return [...chars];
}

/** True when some string belongs to both shapes. */
export function shapesIntersect(a: KeyShape, b: KeyShape): boolean {
  const chars = alphabet(a, b);
  const start: [Set<State>, Set<State>] = [closure([0]), closure([0])];
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const [sa, sb] = queue.shift()!;
    const id = `${[...sa].sort()}|${[...sb].sort()}`;
    if (seen.has(id)) continue;
    seen.add(id);
    if (accepts(a, sa) && accepts(b, sb)) return true;
    for (const ch of chars) {
      const na = closure([...sa].flatMap((s) => step(a, s, ch) ?? []));
      const nb = closure([...sb].flatMap((s) => step(b, s, ch) ?? []));
      if (na.size > 0 && nb.size > 0) queue.push([na, nb]);
    }
  }
  return false;
}

/** True when some alternative of `a` and some alternative of `b` share a string. */
export function anyIntersect(a: readonly KeyShape[], b: readonly KeyShape[]): boolean {
  return a.some((x) => b.some((y) => shapesIntersect(x, y)));
}

type Order = 'before' | 'after' | 'equal' | 'unknown';

/**
 * Where every string of `shape` sorts against every string of `bound`, as far as their literal prefixes
 * tell (DynamoDB compares strings by UTF-8 bytes); `equal` only for two identical constants.
 */
function order(shape: KeyShape, bound: KeyShape): Order {
  const a = [...shape.prefix];
  const b = [...bound.prefix];
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const c = compareKeyValues(a[i], b[i], 'S');
    if (c !== 0) return c < 0 ? 'before' : 'after';
  }
  if (a.length === b.length && shape.constant && bound.constant) return 'equal';
  // A constant that is a proper prefix of the other's prefix sorts before all of it.
  if (shape.constant && a.length < b.length) return 'before';
  if (bound.constant && b.length < a.length) return 'after';
  return 'unknown';
}

/** Whether some string of `shape` can satisfy `<`, `<=`, `>`, `>=` or `between lo and to`. */
export function rangeSatisfiable(
  shape: KeyShape,
  op: '<' | '<=' | '>' | '>=' | 'between',
  bound: KeyShape,
  to?: KeyShape,
): boolean {
  const o = order(shape, bound);
  switch (op) {
    case '<':
      return o === 'before' || o === 'unknown';
    case '<=':
      return o !== 'after';
    case '>':
      return o === 'after' || o === 'unknown';
    case '>=':
      return o !== 'before';
    case 'between':
      return o !== 'before' && (to === undefined || order(shape, to) !== 'after');
  }
}
