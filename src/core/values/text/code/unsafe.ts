// The characters generated code must never hold as they are, whatever the language: each ends a line (and so a
// comment) in some language Keyplan writes or some tool that reads it, is a control character, is a lone
// surrogate (a UTF-8 file cannot hold one: it would come back as U+FFFD), or reorders or hides text in an
// editor (Trojan Source). Every comment, string and template literal of every generated file goes through
// the escaper of its language (./typescript.ts, ./python.ts, ./hcl.ts), and each of those through this list.

/**
 * C0 and C1 controls and DEL (CR, LF, VT, FF, FS, GS, RS and NEL end a line somewhere: JavaScript, Python's
 * str.splitlines, YAML 1.1), the line and paragraph separators U+2028/U+2029 (JavaScript line terminators),
 * the invisible marks that reorder or hide text (bidi controls and isolates, zero-width space, word joiner,
 * BOM, interlinear annotation), and lone surrogates.
 */
const UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is its job
  /[\u0000-\u001f\u007f-\u009f\u061c\u180e\u200b\u200e\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSAFE_ALL = new RegExp(UNSAFE.source, 'g');

/** Whether one character (a code point, or a lone surrogate as `for…of` gives it) must be escaped. */
export function isUnsafeCharacter(ch: string): boolean {
  return UNSAFE.test(ch);
}

/** The character's `\uXXXX` escape (every unsafe character is one UTF-16 unit). */
export function unicodeEscape(ch: string): string {
  return `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * Text with every unsafe character written as its `\uXXXX` escape: what a line comment may hold in any
 * language (it cannot end early), and what JSON text may hold (the escape is JSON's own, so the value is kept).
 */
export function escapeUnsafe(text: string): string {
  return text.replace(UNSAFE_ALL, unicodeEscape);
}

/** Text for a comment of any language: nothing in it can end the comment or the line. */
export function commentText(text: string): string {
  return escapeUnsafe(text);
}

/**
 * Text quoted for a comment as JSON writes it (`"Orders \"v2\""`), every unsafe character escaped: the quotes
 * show where a design's name begins and ends, and nothing in it can end the comment.
 */
export function quotedCommentText(text: string): string {
  return jsonText(JSON.stringify(text));
}

/** Text for a `/* … *\/` block comment (a JSDoc paragraph): a line comment's, and no `*\/` to close it. */
export function blockCommentText(text: string): string {
  return commentText(text).replace(/\*\//g, '*\\/');
}

// What JSON.stringify leaves as it is inside strings: every unsafe character but the C0 controls and lone
// surrogates, which it escapes itself (and a line feed between values is layout, not text).
const UNSAFE_IN_JSON =
  /[\u007f-\u009f\u061c\u180e\u200b\u200e\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/g;

/**
 * JSON.stringify's text with every unsafe character it leaves in strings written as JSON's own `\uXXXX` escape:
 * the same values, and a file that is also a valid JavaScript literal whatever reads it.
 */
export function jsonText(json: string): string {
  return json.replace(UNSAFE_IN_JSON, unicodeEscape);
}
