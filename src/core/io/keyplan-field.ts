// A file Keyplan exported in a library's format carries the whole design in its `keyplan` field, as the
// format cannot hold all of it. An importer trusts that field only while the rest of the file is still
// exactly what the design exports; a file changed since is read from the format itself, with a warning.

import { validateDesign } from '../checks/validate.ts';
import type { Design } from '../model/schema.ts';
import { stringifyExactJson } from '../values/exact-json.ts';

export interface KeyplanField {
  /** The file as read, its `keyplan` field included. */
  file: Record<string, unknown>;
  /** The design input the `keyplan` field gives (default: the field as it is), e.g. with parts put back. */
  design?: (keyplan: unknown) => unknown;
  /** The file the design exports, without its `keyplan` field. */
  exported: (design: Design) => unknown;
  /** What the importer does instead when the file was changed: the warning, after `keyplan: `. */
  changed: string;
}

/** The design of the file's `keyplan` field, when the rest of the file is still what that design exports. */
export function keyplanDesign(field: KeyplanField, warn: (m: string) => void): Design | undefined {
  const { keyplan, ...rest } = field.file;
  if (keyplan === undefined) return undefined;
  const result = validateDesign(field.design ? field.design(keyplan) : keyplan);
  if (result.ok && stringifyExactJson(field.exported(result.design)) === stringifyExactJson(rest))
    return result.design;
  warn(`keyplan: ${field.changed}`);
  return undefined;
}
