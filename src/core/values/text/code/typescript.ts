// Text as TypeScript (and JavaScript) source writes it: string literals, the text of template literals,
// property names and comments. The one escaper of every generated .ts file: codegen, the CDK app, the
// ElectroDB and DynamoDB-Toolbox modules and the TypeScript backfill.
import { isUnsafeCharacter, unicodeEscape } from './unsafe.ts';

const SHORT: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escapeText(text: string, quote: string): string {
  let out = '';
  for (const ch of text) {
    if (ch === '\\' || ch === quote) out += `\\${ch}`;
    else if (SHORT[ch]) out += SHORT[ch];
    else if (isUnsafeCharacter(ch)) out += unicodeEscape(ch);
    else out += ch;
  }
  return out;
}

/** A single-quoted string literal: `'Orders'`, `'it\'s'`. */
export function tsString(text: string): string {
  return `'${escapeText(text, "'")}'`;
}

/** Text as the inside of a template literal: escaped, and no `${` that would open a substitution. */
export function tsTemplateText(text: string): string {
  return escapeText(text, '`').replace(/\$\{/g, '\\${');
}
