// Text as Python source writes it: string literals, the text of f-strings and docstrings. The one escaper
// of every generated .py file (codegen and the Python backfill). Python's tokenizer ends a line at CR and LF
// only, but str.splitlines and many tools also break at VT, FF, FS, GS, RS, NEL, U+2028 and U+2029, and a NUL
// byte is a syntax error: all of them are written as escapes (./unsafe.ts).
import { isUnsafeCharacter } from './unsafe.ts';

const SHORT: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `\x00`…`\xff` below 256, `\uXXXX` above (a lone surrogate too: a Python str may hold one). */
function pythonEscape(ch: string): string {
  const code = ch.charCodeAt(0);
  return code < 0x100
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** The inside of a string literal quoted with `quote`. */
export function pyEscape(text: string, quote: "'" | '"'): string {
  let out = '';
  for (const ch of text) {
    if (ch === '\\' || ch === quote) out += `\\${ch}`;
    else if (SHORT[ch]) out += SHORT[ch];
    else if (isUnsafeCharacter(ch)) out += pythonEscape(ch);
    else out += ch;
  }
  return out;
}

/** A string literal quoted with `quote`: `"Orders"`. */
export function pyQuotedString(text: string, quote: "'" | '"'): string {
  return `${quote}${pyEscape(text, quote)}${quote}`;
}

/** A single-quoted string literal: `'Orders'`. */
export function pyString(text: string): string {
  return pyQuotedString(text, "'");
}

/** Literal text inside an f-string quoted with `quote`: escaped, braces doubled. */
export function pyFStringText(text: string, quote: "'" | '"'): string {
  return pyEscape(text, quote).replace(/\{/g, '{{').replace(/\}/g, '}}');
}

/**
 * A line of a `"""` docstring: backslashes and every unsafe character escaped, and no `"""` inside. Quotes
 * elsewhere stay as they are, for the reader (pyDocstringEnd keeps a last one from closing the docstring).
 */
export function pyDocstringText(text: string): string {
  let out = '';
  for (const ch of text) out += ch === '\\' ? '\\\\' : isUnsafeCharacter(ch) ? pythonEscape(ch) : ch;
  return out.replace(/"""/g, '\\"\\"\\"');
}

/** The last line of a docstring closed on the same line: a `"` at its end escaped, not run into the `"""`. */
export function pyDocstringEnd(line: string): string {
  // A quote after an even number of backslashes is a quote of its own (after an odd one it is escaped).
  return /(?:^|[^\\])(?:\\\\)*"$/.test(line) ? `${line.slice(0, -1)}\\"` : line;
}
