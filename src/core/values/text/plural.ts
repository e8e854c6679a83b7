// A count and the noun that agrees with it, for every message the app, the CLI and the core write.

/** `count` for plural(): the number with the reader's thousands separators (`1,234` in English). */
export const localeCount = (n: number) => n.toLocaleString();

/**
 * `1 item`, `3 items`, `2 indexes`: the count, then `word` when it is 1 and `words` (default `word` + s)
 * otherwise. `count` writes the number: its digits by default, or e.g. localeCount.
 */
export function plural(
  n: number,
  word: string,
  words = `${word}s`,
  count: (n: number) => string = String,
): string {
  return `${count(n)} ${n === 1 ? word : words}`;
}
