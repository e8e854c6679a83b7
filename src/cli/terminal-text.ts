// Text a command prints can hold anything a design, lesson or model file holds, and a terminal obeys some of
// it: ESC starts a sequence that retitles the window, clears the screen or (OSC 52) writes the clipboard, C1's
// CSI (U+009B) does the same in one character, CR and BS overwrite what was printed, and bidirectional
// overrides make a line read other than it is. Every command writes through `terminalSafeIo` (main.ts), so
// such characters reach the terminal as visible escapes (`\u001b`, `\u202e`) whatever the command. Newline and
// tab are kept: they are the output's own layout.

import type { CliIo } from './io.ts';

/**
 * C0 controls but tab and newline, DEL, C1 controls, the line and paragraph separators, and the bidi
 * embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069; Trojan Source).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it escapes.
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * `text` with every unsafe character as its `\u001b` escape: visible in text, and the escape of that very
 * character in JSON (and SARIF) strings, so --json output still parses to the same value (JSON.stringify leaves
 * DEL, C1, U+2028 and the bidi controls as they are), as in TypeScript, Python, double-quoted YAML and HCL.
 */
export function escapeControls(text: string): string {
  return text.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `io` whose stdout and stderr escape control characters. */
export function terminalSafeIo(io: CliIo): CliIo {
  return {
    ...io,
    stdout: (text) => io.stdout(escapeControls(text)),
    stderr: (text) => io.stderr(escapeControls(text)),
  };
}
