// How deep a JSON text or value nests, found without recursion, so that a file of a million `[` is refused
// with a message naming the limit (design-limits.ts's MAX_JSON_DEPTH) before a recursive parser, schema check
// or importer runs out of stack on it. parseExactJson checks every text it reads with it; the server checks
// request bodies with it before Fastify parses them.
import { MAX_JSON_DEPTH, nestingLimitMessage } from './design-limits.ts';

/** A text or value nested deeper than MAX_JSON_DEPTH. A SyntaxError, so callers that catch a parse failure catch it. */
export class NestingTooDeepError extends SyntaxError {
  override name = 'NestingTooDeepError';
  constructor(what = 'the JSON') {
    super(nestingLimitMessage(what));
  }
}

/** Whether a JSON text nests deeper than `limit` (a linear scan that skips strings; no parse). */
export function jsonNestsDeeperThan(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * Whether a parsed value (a module's export, say) nests arrays and objects deeper than `limit`. A value met
 * again deeper (shared, or in a cycle) is walked again, so a cycle counts as too deep; at most `limit`
 * times each, so a value shared a million ways costs no more than that.
 */
export function valueNestsDeeperThan(value: unknown, limit = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  const deepest = new Map<object, number>();
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (typeof node !== 'object' || node === null || (deepest.get(node) ?? 0) >= depth) continue;
    if (depth > limit) return true;
    deepest.set(node, depth);
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}
