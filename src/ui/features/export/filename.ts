// The Export panel's file name: the user edits the stem, the extension stays what the target writes.

/**
 * Splits an export's file name at its first dot: `app-table.template.yaml` → `app-table` + `.template.yaml`,
 * `app-table-stack.ts` → `app-table-stack` + `.ts`. A name without a dot has no fixed extension.
 */
export function splitFilename(filename: string): { stem: string; extension: string } {
  const dot = filename.indexOf('.', 1);
  if (dot < 0) return { stem: filename, extension: '' };
  return { stem: filename.slice(0, dot), extension: filename.slice(dot) };
}

/**
 * The stem typed by the user, made safe for a file name: path separators, control and shell-hostile
 * characters become `-`; an empty stem falls back to the target's own.
 */
export function cleanStem(typed: string, fallback: string): string {
  const stem = typed
    .trim()
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
    .replace(/[\u0000-\u001f/\\:*?"<>|]+/g, '-')
    .replace(/^\.+/, '');
  return stem || fallback;
}

/** The steps text with the default file name replaced by the one the user chose. */
export function withFilename(text: string, defaultName: string, chosenName: string): string {
  return defaultName === chosenName ? text : text.split(defaultName).join(chosenName);
}
