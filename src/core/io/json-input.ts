// The JSON value a text format reads from its input: the file's text parsed with every digit of a number
// kept (src/core/values/exact-json.ts), or, for a module the CLI loaded (`schema.ts` exporting the object), its
// default export or its one exported object (or, given how to recognise the document, the first exported
// object that is one, or the exports themselves when they are: CommonJS `module.exports = schema` gives the
// schema's properties as the module's exports). A syntax error names its line and column; a text or an object
// nested past MAX_JSON_DEPTH is refused by its depth before an importer recurses into it.

import { jsonSyntaxMessage } from '../checks/validate.ts';
import { nestingLimitMessage } from '../model/design-limits.ts';
import { parseExactJson } from '../values/exact-json.ts';
import { valueNestsDeeperThan } from '../values/json-depth.ts';
import type { FormatInput } from './types.ts';

export type JsonInput = { ok: true; json: unknown } | { ok: false; message: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The first object among a module's exports that is the document: its default, a named export, one its
 * default holds, or the exports as a whole.
 */
function documentAmong(
  exports: Readonly<Record<string, unknown>>,
  isDocument: (value: Record<string, unknown>) => boolean,
): Record<string, unknown> | undefined {
  const held = isObject(exports.default) ? Object.values(exports.default) : [];
  const candidates = [exports.default, ...Object.values(exports), ...held, { ...exports }];
  return candidates.find((value): value is Record<string, unknown> => isObject(value) && isDocument(value));
}

export function jsonOf(
  input: FormatInput,
  isDocument?: (value: Record<string, unknown>) => boolean,
): JsonInput {
  if (input.kind === 'text') {
    try {
      return { ok: true, json: parseExactJson(input.text) };
    } catch (error) {
      return { ok: false, message: jsonSyntaxMessage(input.text, error) };
    }
  }
  const document = isDocument && documentAmong(input.exports, isDocument);
  if (document) return exported(document);
  if (isObject(input.exports.default)) return exported(input.exports.default);
  const objects = Object.entries(input.exports).filter(([, value]) => isObject(value));
  if (objects.length === 1) return exported(objects[0][1]);
  const names = Object.keys(input.exports);
  return {
    ok: false,
    message:
      objects.length === 0
        ? `the module exports no object (its exports: ${names.join(', ') || 'none'})`
        : `the module exports several objects (${objects.map(([name]) => name).join(', ')}) and no default; export the one to import as default`,
  };
}

function exported(json: unknown): JsonInput {
  if (valueNestsDeeperThan(json)) return { ok: false, message: nestingLimitMessage("the module's export") };
  return { ok: true, json };
}
