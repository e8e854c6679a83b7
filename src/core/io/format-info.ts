// What a design format says about itself before any of its code loads: its id, how menus name it, and what
// its importer reads. Each format's folder (./<id>/index.ts) fills one in; the catalogue the menus import
// (./catalogue.ts) is written from them by `npm run docs`, so this type is hand-written apart from it.

export interface FormatInfo<Id extends string = string> {
  /** `--from` / `--to` value and test id. */
  id: Id;
  label: string;
  /** A second, quieter part of the label (`data model`, `schema JSON`). */
  detail: string;
  /** File name endings the importer reads, with the dot, for the file picker. */
  extensions: readonly string[];
  /**
   * Text formats (JSON) open in the browser and the CLI alike, and are always read as text; module formats
   * are the exports of a JavaScript/TypeScript module, which only the CLI loads (running it, so only when
   * the user trusts it: `--trust-code`, in a sandbox); `text or module` reads JSON text, or a module file.
   */
  reads: 'text' | 'module' | 'text or module';
}
