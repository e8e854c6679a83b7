// Every design format Keyplan reads and writes, behind one dispatch: `importDesign(id, input)` and
// `exportFormat(design, id)`. A format is a folder of its own (./<id>/) exporting a DesignFormat
// (./types.ts) built on its catalogue entry (./catalogue.ts); registering it here offers it to
// `keyplan import --from`, `keyplan export --to`, and the app's Import menu and Export panel, with the same
// warnings and Undo for all.
import type { ExportResult } from '../export/file.ts';
import type { Design } from '../model/schema.ts';
import { FORMAT_IDS, type FormatId, isFormatId } from './catalogue.ts';
import { dynamoDbToolboxFormat } from './dynamodb-toolbox/index.ts';
import { electroDbFormat } from './electrodb/index.ts';
import { dynamoDbMcpFormat } from './mcp/index.ts';
import { noSqlWorkbenchFormat } from './nosql-workbench/index.ts';
import { oneTableFormat } from './onetable/index.ts';
import type { DesignFormat, FormatImport, FormatImportOptions, FormatInput } from './types.ts';

export { FORMAT_IDS, FORMAT_INFO, type FormatId, type FormatInfo, isFormatId } from './catalogue.ts';
export type { DesignFormat, FormatImport, FormatImportOptions, FormatInput } from './types.ts';

/** One entry per format; undefined until the format's module is written. */
const FORMATS: Record<FormatId, DesignFormat | undefined> = {
  'nosql-workbench': noSqlWorkbenchFormat,
  onetable: oneTableFormat,
  electrodb: electroDbFormat,
  'dynamodb-toolbox': dynamoDbToolboxFormat,
  mcp: dynamoDbMcpFormat,
};

export function getFormat(id: string): DesignFormat | undefined {
  return isFormatId(id) ? FORMATS[id] : undefined;
}

const registered = (keep: (format: DesignFormat) => boolean) =>
  FORMAT_IDS.map((id) => FORMATS[id]).filter((f): f is DesignFormat => f !== undefined && keep(f));

/** The registered formats that import (`--from`), in menu order. */
export function importFormats(): DesignFormat[] {
  return registered((format) => format.import !== undefined);
}

/** The registered formats that export (`--to`), in menu order. */
export function exportFormats(): DesignFormat[] {
  return registered((format) => format.export !== undefined);
}

/** Imports with the named format; a format that does not import (yet) is a message, not a throw. */
export function importDesign(
  id: string,
  input: FormatInput,
  options: FormatImportOptions = {},
): FormatImport {
  const format = getFormat(id);
  if (!format?.import)
    return {
      ok: false,
      message: `import from ${id} is not available; formats: ${importFormats()
        .map((f) => f.id)
        .join(', ')}`,
    };
  return format.import(input, options);
}

/** The design in the named format; undefined when the format does not export (yet). */
export function exportFormat(design: Design, id: FormatId): ExportResult | undefined {
  return FORMATS[id]?.export?.(design);
}
