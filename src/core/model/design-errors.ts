// How the design schema's issues read: the zod error map every parse of a design uses, the path of an issue
// as the document spells it, and the one rule for entity names (case does not make two names). In the model,
// below the checks, so the design operations (model/ops) use them without importing the validator.
import type { z } from 'zod';
import { isExactNumber } from '../values/exact-json.ts';

export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out ? `.${String(segment)}` : String(segment);
  }
  return out || '(document)';
}

/** What a value is, for "got …" in a message: JSON for a scalar, its kind for the rest. */
function shownValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  if (isExactNumber(value)) return value.value;
  if (typeof value === 'object' && value !== null) return 'an object';
  return JSON.stringify(value);
}

function oneOf(values: ReadonlyArray<unknown>, got: unknown): string {
  const listed = values.map(String);
  const allowed = listed.length === 1 ? `must be ${listed[0]}` : `must be one of ${listed.join(', ')}`;
  return `${allowed} (got ${shownValue(got)})`;
}

/**
 * The messages of the design schema's issues, at parse time, so every caller shows the same text: an enum
 * (a z.enum, a literal, the discriminator of a union) names its field (the issue's path) and the values it
 * allows. Messages written in the schema itself (a name's pattern) take precedence over these.
 */
export const designErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
    case 'invalid_value':
      return oneOf(issue.values, issue.input);
    case 'invalid_type':
      // An ExactNumber is a number in the file: say so, with its digits, not its class.
      return isExactNumber(issue.input)
        ? `Invalid input: expected ${issue.expected}, received number ${issue.input.value}`
        : undefined;
    case 'invalid_union': {
      const options = (issue as { options?: ReadonlyArray<unknown> }).options;
      if (issue.discriminator !== undefined && options) {
        const input = issue.input;
        const isObject = typeof input === 'object' && input !== null;
        return oneOf(options, isObject ? (input as Record<string, unknown>)[issue.discriminator] : input);
      }
      // A union of literals and plain types (a write condition): the alternatives of each branch.
      const alternatives = issue.errors.map((branch) => {
        const only = branch.length === 1 && branch[0].path.length === 0 ? branch[0] : undefined;
        if (only?.code === 'invalid_value') return only.values.map(String);
        if (only?.code === 'invalid_type')
          return [only.expected === 'array' ? 'a list' : `a ${only.expected}`];
        return undefined;
      });
      if (alternatives.length === 0 || alternatives.some((a) => a === undefined)) return undefined;
      return oneOf(alternatives.flat(), issue.input);
    }
    default:
      return undefined;
  }
};

/**
 * Whether two entity names name the same entity: names that differ only in case do too, since generated
 * code spells them alike (`build_order` for both `order` and `Order`).
 */
export function sameEntityName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
