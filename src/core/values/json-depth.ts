// How deep a JSON text or value nests, found without recursion, so that a file of a million `[` is refused
// with a message naming the limit (MAX_JSON_DEPTH below) before a recursive parser, schema check
// or importer runs out of stack on it. parseExactJson checks every text it reads with it; the server checks
// request bodies with it before Fastify parses them.

/**
 * Levels of lists and objects a JSON or YAML text may nest, whatever file it is (a design, a lesson, a
 * NoSQL Workbench model, a share link's data): refused before it is parsed, since parsers and checks that
 * recurse run out of stack far sooner than they run out of text. DynamoDB nests an attribute value at most
 * 32 levels; a Workbench model spells each level as two (`{"M": {…}}`) under about six of its own, so 100
 * holds every file Keyplan writes, and is the server's limit on a request body too.
 */
export const MAX_JSON_DEPTH = 100;

/** The refusal of a text nested deeper than MAX_JSON_DEPTH; `what` names it (`the JSON`, `the YAML`). */
export function nestingLimitMessage(what: string): string {
  return `${what} nests lists and objects deeper than ${MAX_JSON_DEPTH} levels, the most Keyplan reads (DynamoDB nests an attribute value at most 32 levels)`;
}

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
