// What an export produces (a named file, its language, what to run next, what it could not carry) and the
// file name stem, in a module of their own: the export dispatch (./index.ts) and the library formats
// (../formats/) both use them, and the formats registry is itself one of the dispatch's sources.
import type { Design } from '../model/schema.ts';

/** Monaco language ids of the exported files. */
export const EXPORT_LANGUAGES = ['typescript', 'json', 'yaml', 'hcl', 'python'] as const;
export type ExportLanguage = (typeof EXPORT_LANGUAGES)[number];

export interface ExportFile {
  /** The name to save it under (the download name in the app). */
  filename: string;
  language: ExportLanguage;
  content: string;
  /** What to run next with the saved file, for the reader (commands name `filename`). */
  nextSteps: string;
}

/**
 * What `exportDesign` gives for any target: the file, and what the target could not carry, each warning
 * naming where (a design format's; a table definition or code file carries everything, so none).
 */
export interface ExportResult extends ExportFile {
  warnings: string[];
}

/** A file name stem from the table name: `AppTable` → `app-table`. */
export function fileStem(design: Design): string {
  return design.table.name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
}
