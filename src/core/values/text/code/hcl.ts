// Text as HCL (Terraform) writes it: quoted strings and comments. A quoted string is a template, so `${` and
// `%{` are doubled; HCL holds Unicode text, never a lone surrogate, which is written as U+FFFD (what a UTF-8
// file would hold in its place).
import { isUnsafeCharacter, unicodeEscape } from './unsafe.ts';

const SHORT: Record<string, string> = { '\\': '\\\\', '"': '\\"', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** An HCL quoted string: `"Orders"`, every unsafe character as `\uXXXX`, no template sequence. */
export function hclString(text: string): string {
  let escaped = '';
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    const lone = ch.length === 1 && code >= 0xd800 && code <= 0xdfff;
    escaped += SHORT[ch] ?? (lone ? '\\ufffd' : isUnsafeCharacter(ch) ? unicodeEscape(ch) : ch);
  }
  return `"${escaped.replace(/([$%])\{/g, '$1$1{')}"`;
}
