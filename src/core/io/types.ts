// The contract every design format (NoSQL Workbench, OneTable, ElectroDB, DynamoDB-Toolbox, the AWS MCP data
// model) fulfils to plug into the one import/export dispatch (./index.ts). A type module of its own, so a
// format's folder imports this and never the registry that imports it.

import type { Design } from '../model/schema.ts';
import type { FormatInfo } from './catalogue.ts';
import type { ExportResult } from './file.ts';

/**
 * What an importer reads: a file's text (JSON), or the exports of a JavaScript/TypeScript module that the
 * CLI has loaded in Node (a library's entities are read from their schema, not from their source text).
 */
export type FormatInput =
  | { kind: 'text'; text: string }
  | { kind: 'module'; exports: Readonly<Record<string, unknown>> };

export interface FormatImportOptions {
  /** The table to import, by name, for a format that can hold several (default: the first). */
  table?: string;
}

/**
 * A valid design and what did not map (each warning names where: a model, a field, a pattern), or why
 * nothing could be read. An importer returns a message for bad input; it does not throw.
 */
export type FormatImport = { ok: true; design: Design; warnings: string[] } | { ok: false; message: string };

/** A format's own info (./format-info.ts, with its id one of the catalogue's) with its importer and exporter. */
export interface DesignFormat extends FormatInfo {
  import: (input: FormatInput, options?: FormatImportOptions) => FormatImport;
  /** The design as one file of the format, and what the format could not carry (each naming where). */
  export: (design: Design) => ExportResult;
}
