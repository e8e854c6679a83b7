// Every design format Keyplan reads and writes, behind one dispatch: `importDesign(id, input)` and
// `exportFormat(design, id)`. A format is a folder of its own (./<id>/) exporting a DesignFormat
// (./types.ts) that names itself (id, label, what it reads); one line in FORMATS offers it to
// `keyplan import --from`, `keyplan export --to`, and the app's Import menu and Export panel, with the same
// warnings and Undo for all. The menus read the formats from ./catalogue.ts, which `npm run docs` writes
// from FORMATS (so the first screen loads no format code); scripts/docs fails while it is stale.

import type { Design } from '../model/schema.ts';
import { FORMAT_IDS, type FormatId, isFormatId } from './catalogue.ts';
import { dynamoDbToolboxFormat } from './dynamodb-toolbox/index.ts';
import { electroDbFormat } from './electrodb/index.ts';
import type { ExportResult } from './file.ts';
import { dynamoDbMcpFormat } from './mcp/index.ts';
import { noSqlWorkbenchFormat } from './nosql-workbench/index.ts';
import { oneTableFormat } from './onetable/index.ts';
import type { DesignFormat, FormatImport, FormatImportOptions, FormatInput } from './types.ts';

export { FORMAT_IDS, FORMAT_INFO, type FormatId, type FormatInfo, isFormatId } from './catalogue.ts';
export type { DesignFormat, FormatImport, FormatImportOptions, FormatInput } from './types.ts';

/** The one list of formats, in menu order: each imports and exports. */
export const FORMATS: readonly DesignFormat[] = [
  noSqlWorkbenchFormat,
  oneTableFormat,
  electroDbFormat,
  dynamoDbToolboxFormat,
  dynamoDbMcpFormat,
];

export function getFormat(id: string): DesignFormat | undefined {
  return isFormatId(id) ? FORMATS.find((format) => format.id === id) : undefined;
}

/** Imports with the named format; an unknown format is a message naming the known ones, not a throw. */
export function importDesign(
  id: string,
  input: FormatInput,
  options: FormatImportOptions = {},
): FormatImport {
  const format = getFormat(id);
  if (!format)
    return { ok: false, message: `import from ${id} is not available; formats: ${FORMAT_IDS.join(', ')}` };
  return format.import(input, options);
}

/** The design in the named format. */
export function exportFormat(design: Design, id: FormatId): ExportResult {
  const format = getFormat(id);
  if (!format) throw new Error(`format ${id} is in catalogue.ts but not in FORMATS: run \`npm run docs\``);
  return format.export(design);
}
