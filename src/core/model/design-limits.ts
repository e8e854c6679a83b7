// Keyplan's own limit on a design, defined once: the app (Open, Generate, every edit), the server (apply,
// load, run) and the CLI (every command that reads a design) refuse a design above it with the same
// message. 100,000 sample items is a month of orders or a real data sample: what a design tool holds live,
// saves, opens and applies (bench/ measures each at this size).

/** The most sample items one design holds, all entities together. */
export const MAX_DESIGN_ITEMS = 100_000;

const count = (n: number) => n.toLocaleString('en-US');

/** Sample items of a design, or of a value still to be validated (`items` an object of arrays); 0 otherwise. */
export function designItemCount(design: unknown): number {
  const items = (design as { items?: unknown } | null)?.items;
  if (typeof items !== 'object' || items === null) return 0;
  let total = 0;
  for (const samples of Object.values(items)) if (Array.isArray(samples)) total += samples.length;
  return total;
}

/** Part of every refusal's text: what callers (the app's Open) look for to tell this refusal from others. */
export const ITEM_LIMIT_TEXT = `more than the ${count(MAX_DESIGN_ITEMS)} a design may hold`;

/**
 * The refusal of a design with `items` sample items, naming the limit; undefined within it. `subject` says
 * whose items they are (an edit refused: `this would give the design`).
 */
export function itemLimitMessage(items: number, subject = 'the design has'): string | undefined {
  if (items <= MAX_DESIGN_ITEMS) return undefined;
  return `${subject} ${count(items)} sample items, ${ITEM_LIMIT_TEXT}; remove some, or split the design`;
}

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

/**
 * Bytes of one lesson file (YAML or JSON), read from disk (`keyplan lesson check`, `serve --lessons`), opened
 * in the app or pushed to a workshop: the built-in lessons are under 40 KB, so 2 MiB is room for fifty times
 * more steps while a parse of it stays well under a second.
 */
export const MAX_LESSON_BYTES = 2 * 1024 * 1024;

/**
 * Copies a YAML lesson's aliases (`*name`) may expand to (the yaml package's maxAliasCount): reuse of a
 * design between steps takes a few; ten levels of nine aliases each (a "billion laughs") would take 9^10.
 */
export const MAX_YAML_ALIASES = 100;

/**
 * Bytes a share link's data may inflate to: the server's limit on a request body (LIMITS.bodyBytes), which a
 * design at MAX_DESIGN_ITEMS fits. Deflate expands up to about 1,000 times, so a link within the
 * 1 MiB a browser opens could otherwise ask for a gigabyte; inflating stops at this many.
 */
export const MAX_SHARED_DESIGN_BYTES = 32 * 1024 * 1024;
