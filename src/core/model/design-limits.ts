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
