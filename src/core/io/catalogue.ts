// Which design formats exist and how menus name them, without their importers and exporters: the app's
// File menu lists these on the first screen and loads a format's code (./index.ts) only when it is chosen.
export const FORMAT_IDS = ['nosql-workbench', 'onetable', 'electrodb', 'dynamodb-toolbox', 'mcp'] as const;
export type FormatId = (typeof FORMAT_IDS)[number];

export interface FormatInfo {
  /** `--from` / `--to` value and test id. */
  id: FormatId;
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

/** In menu order. */
export const FORMAT_INFO: Record<FormatId, FormatInfo> = {
  'nosql-workbench': {
    id: 'nosql-workbench',
    label: 'NoSQL Workbench',
    detail: 'data model',
    extensions: ['.json'],
    reads: 'text',
  },
  onetable: {
    id: 'onetable',
    label: 'OneTable',
    detail: 'schema JSON',
    extensions: ['.json'],
    reads: 'text or module',
  },
  electrodb: {
    id: 'electrodb',
    label: 'ElectroDB',
    detail: 'entities module',
    extensions: ['.ts', '.js', '.mjs'],
    reads: 'module',
  },
  'dynamodb-toolbox': {
    id: 'dynamodb-toolbox',
    label: 'DynamoDB-Toolbox',
    detail: 'v2 module',
    extensions: ['.ts', '.js', '.mjs'],
    reads: 'module',
  },
  mcp: {
    id: 'mcp',
    label: 'AWS DynamoDB MCP',
    detail: 'dynamodb_data_model.json',
    extensions: ['.json'],
    reads: 'text',
  },
};

export function isFormatId(value: string): value is FormatId {
  return (FORMAT_IDS as readonly string[]).includes(value);
}
