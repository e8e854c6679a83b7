// Keys differ at their end (`ORDER#2024-05-01#o-8812` vs `…#o-8813`), so a long key is cut in the middle:
// the head says what it is, the tail which one.

const ELLIPSIS = '…';
const SEPARATORS = new Set(['#', '|', ':', '/']);

/** `text` in at most `maxChars` characters (code points), cut in the middle with "…" when too long. */
export function middleTruncate(text: string, maxChars: number): string {
  const chars = Array.from(text);
  if (chars.length <= maxChars) return text;
  if (maxChars <= 1) return maxChars === 1 ? ELLIPSIS : '';
  const room = maxChars - 1;
  // The last segment after a separator is what tells keys apart; keep it whole when it is short enough.
  let tail = Math.max(1, Math.floor(room * 0.4));
  for (let i = chars.length - 1; i > 0; i--) {
    if (!SEPARATORS.has(chars[i])) continue;
    const segment = chars.length - i;
    if (segment <= Math.floor(room * 0.6)) tail = segment;
    break;
  }
  const head = room - tail;
  return chars.slice(0, head).join('') + ELLIPSIS + chars.slice(chars.length - tail).join('');
}
