// Arguments typed as the design declares them: the declared type of each attribute, and the coercion that
// makes `--arg total=12` from a CLI the number 12 and `--arg active=true` the boolean, every digit kept.
import { keyAttributeTypes } from '../model/indexes.ts';
import type { AttributeType, Design, Entity, JsonValue } from '../model/schema.ts';
import { parseDecimal } from '../values/compare.ts';
import { numberFromText } from '../values/exact-json.ts';
import { RequestError } from '../values/request-error.ts';
import { type ArgumentValues, isMissing } from './pattern-arguments.ts';

/** Declared types: key attributes, the type attribute, then the entity's attributes (every entity's when omitted). */
export function declaredTypes(design: Design, entity?: Entity): Map<string, AttributeType> {
  const types = new Map<string, AttributeType>(keyAttributeTypes(design));
  types.set(design.table.typeAttribute, 'S');
  for (const source of entity ? [entity] : design.entities) {
    for (const attribute of source.attributes) {
      if (!types.has(attribute.name)) types.set(attribute.name, attribute.type);
    }
  }
  return types;
}

/** Attributes some entity declares N or NS, or that are N keys: their arguments are numbers. */
export function numericAttributes(design: Design): Set<string> {
  const names = new Set<string>();
  for (const [name, type] of keyAttributeTypes(design)) if (type === 'N') names.add(name);
  for (const entity of design.entities) {
    for (const a of entity.attributes) if (a.type === 'N' || a.type === 'NS') names.add(a.name);
  }
  return names;
}

function booleanAttributes(design: Design): Set<string> {
  return new Set(
    design.entities.flatMap((e) => e.attributes.filter((a) => a.type === 'BOOL').map((a) => a.name)),
  );
}

/** A numeric argument as a number; a RequestError when its text is not one. */
export function toNumber(name: string, value: JsonValue): JsonValue {
  if (typeof value !== 'string') return value;
  // Every digit kept: `--arg total=12345678901234567890123` is that number, not the nearest double.
  const text = value.trim();
  if (parseDecimal(text) !== undefined && Number.isFinite(Number(text))) return numberFromText(text);
  throw new RequestError(`argument ${name} must be a number, got "${value}"`);
}

/**
 * Arguments typed as the design declares them, so that `--arg total=12` from a CLI means the number 12:
 * strings become numbers for N/NS attributes and booleans for BOOL ones (`true`/`false`), in lists too.
 */
export function coerceArguments(design: Design, args: ArgumentValues): ArgumentValues {
  const numeric = numericAttributes(design);
  const booleans = booleanAttributes(design);
  const coerce = (name: string, value: JsonValue): JsonValue => {
    if (numeric.has(name)) return toNumber(name, value);
    if (booleans.has(name) && (value === 'true' || value === 'false')) return value === 'true';
    return value;
  };
  const out: ArgumentValues = {};
  for (const [name, value] of Object.entries(args)) {
    if (isMissing(value)) out[name] = value;
    else if (Array.isArray(value)) out[name] = value.map((member) => coerce(name, member));
    else out[name] = coerce(name, value as JsonValue);
  }
  return out;
}
