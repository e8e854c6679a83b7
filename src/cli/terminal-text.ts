// Text a command prints can hold anything a design, lesson or model file holds, and a terminal obeys some of
// it: ESC starts a sequence that retitles the window, clears the screen or (OSC 52) writes the clipboard, C1's
// CSI (U+009B) does the same in one character, CR and BS overwrite what was printed, and bidirectional
// overrides make a line read other than it is. Every command writes through `terminalSafeIo` (main.ts), so
// such characters reach the terminal as visible escapes (`\x1b`, `\u202e`) whatever the command. Newline and
// tab are kept: they are the output's own layout.

import type { CliIo } from './io.ts';

/**
 * C0 controls but tab and newline, DEL, C1 controls, the line and paragraph separators, and the bidi
 * embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069; Trojan Source).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it escapes.
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * `text` with every unsafe character as an escape: `\x1b` in text; `\u001b` in JSON, where it is the JSON
 * escape of the same character, so the output still parses to the same value (JSON.stringify leaves DEL,
 * C1, U+2028 and the bidi controls as they are; the rest it escapes already).
 */
export function escapeControls(text: string, style: 'text' | 'json' = 'text'): string {
  return text.replace(UNSAFE, (c) => {
    const code = c.charCodeAt(0);
    const hex = code.toString(16).padStart(style === 'json' || code > 0xff ? 4 : 2, '0');
    return style === 'json' || code > 0xff ? `\\u${hex}` : `\\x${hex}`;
  });
}

/** `io` whose stdout and stderr escape control characters; stdout as JSON does when it carries --json output. */
export function terminalSafeIo(io: CliIo, stdout: 'text' | 'json' = 'text'): CliIo {
  return {
    ...io,
    stdout: (text) => io.stdout(escapeControls(text, stdout)),
    stderr: (text) => io.stderr(escapeControls(text)),
  };
}
