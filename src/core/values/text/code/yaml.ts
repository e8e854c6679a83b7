// Values as YAML text. The `yaml` package writes a string holding NEL, U+2028, U+2029, DEL, C1 controls or
// bidi marks with those characters as they are, even inside a block scalar; a YAML 1.1 reader (the
// CloudFormation YAML dialect, PyYAML) takes NEL, U+2028 and U+2029 for line breaks, which can end a block
// scalar and start keys of the text's own. Every string holding an unsafe character (./unsafe.ts) is written
// double-quoted, and each such character as its escape there (`\N`, `\L`, `\P`, `\xXX`, `\uXXXX`).
import { Document, type DocumentOptions, type SchemaOptions, type ToStringOptions, visit } from 'yaml';
import { escapeUnsafe, isUnsafeCharacter } from './unsafe.ts';

const NAMED: Record<string, string> = { '\u0085': '\\N', '\u2028': '\\L', '\u2029': '\\P' };

/** The value as a YAML document; no character of a string can end a line or a scalar early. */
export function yamlText(value: unknown, options: DocumentOptions & SchemaOptions & ToStringOptions): string {
  const document = new Document(value, options);
  visit(document, {
    Scalar(_, node) {
      if (typeof node.value === 'string' && escapeUnsafe(node.value) !== node.value)
        node.type = 'QUOTE_DOUBLE';
    },
  });
  // The package escapes C0 controls and lone surrogates itself; what it leaves is inside double quotes now.
  let out = '';
  for (const ch of document.toString(options))
    out += ch !== '\n' && isUnsafeCharacter(ch) ? (NAMED[ch] ?? escapeUnsafe(ch)) : ch;
  return out;
}
