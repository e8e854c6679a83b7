// The items Apply writes, checked against everything DynamoDB would refuse of them before any is written:
// a value that does not marshal as its declared type, a table key the item lacks, a key of the wrong type,
// empty or over its size limit, a number outside DynamoDB's range, nesting over 32 levels, an item over
// 400 KB. Apply checks them all first, so a design DynamoDB would refuse part-way never changes a table.

import type { ValidationProblem } from '../checks/validate.ts';
import { deriveItems } from '../items/derive.ts';
import { sampleIndexer } from '../items/sample-positions.ts';
import { renderKeyValue, TemplateSyntaxError } from '../keys/template.ts';
import { keySchemas, TABLE_INDEX } from '../model/indexes.ts';
import { attributeTypesByEntity, ITEM_LIMIT_BYTES, itemSize, utf8Length } from '../model/item-size.ts';
import { KEY_LIMIT_BYTES } from '../model/key-limits.ts';
import type { Design, JsonValue, KeyAttribute } from '../model/schema.ts';
import { declaredTypes } from '../requests/typed-arguments.ts';
import { decodeBase64, parseDecimal } from '../values/compare.ts';
import { isExactNumber, stringifyExactJson } from '../values/exact-json.ts';
import type { PlainItem } from '../values/item.ts';
import { type AttributeMap, type AttributeValue, marshallValue } from '../values/marshall.ts';
import { RequestError } from '../values/request-error.ts';

/** Levels of nested lists and maps DynamoDB stores in one attribute. */
export const NESTING_LIMIT = 32;
/** Problems listed one by one; the rest are counted. */
const PROBLEMS_LISTED = 100;

export interface WritableItems {
  /** Marshalled as Apply writes them, in deriveItems order; empty when there are problems. */
  items: AttributeMap[];
  /** What DynamoDB would refuse, each at the sample's JSON path (`items.Order[3].total`). */
  problems: ValidationProblem[];
  /** Problems found in all, of which `problems` lists the first PROBLEMS_LISTED. */
  problemCount: number;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const shown = (value: unknown) => {
  const text = value === undefined ? 'undefined' : stringifyExactJson(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
};

/** Why DynamoDB refuses this number, if it does: 38 significant digits, magnitude 1E-130 up to 1E+126. */
function numberProblem(text: string): string | undefined {
  const decimal = parseDecimal(text);
  if (!decimal) return `${shown(text)} is not a number`;
  if (decimal.sign === 0) return undefined;
  if (decimal.digits.length > 38)
    return `${shown(text)} has ${decimal.digits.length} significant digits; DynamoDB keeps at most 38`;
  // The value is 0.d1d2… × 10^exponent.
  if (decimal.exponent > 126 || decimal.exponent < -129)
    return `${shown(text)} is outside DynamoDB's number range (magnitude 1E-130 to 9.99E+125)`;
  return undefined;
}

/** The first problem inside one marshalled value: a number DynamoDB refuses, or nesting too deep. */
function valueProblem(value: AttributeValue, depth = 0): string | undefined {
  if ('N' in value) return numberProblem(value.N);
  if ('NS' in value) {
    for (const n of value.NS) {
      const problem = numberProblem(n);
      if (problem) return problem;
    }
    return undefined;
  }
  const children = 'L' in value ? value.L : 'M' in value ? Object.values(value.M) : undefined;
  if (!children) return undefined;
  if (depth + 1 > NESTING_LIMIT) return `lists and maps nest over ${NESTING_LIMIT} levels deep`;
  for (const child of children) {
    const problem = valueProblem(child, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

/** Why DynamoDB refuses this key value, if it does: its type, emptiness, size. */
function keyProblem(value: unknown, key: KeyAttribute, role: 'partition' | 'sort'): string | undefined {
  if (key.type === 'N') {
    if (typeof value === 'number' || typeof value === 'string' || isExactNumber(value))
      return numberProblem(String(value));
    return `expected a number (the key type N), got ${shown(value)}`;
  }
  if (typeof value !== 'string')
    return `expected a ${key.type === 'B' ? 'base64 string' : 'string'} (the key type ${key.type}), got ${shown(value)}`;
  const bytes = key.type === 'B' ? decodeBase64(value).length : utf8Length(value);
  if (bytes === 0) return 'a key value cannot be empty';
  const limit = KEY_LIMIT_BYTES[role];
  if (bytes > limit)
    return `${bytes} bytes, over DynamoDB's ${limit}-byte limit for a ${role} key value (${shown(value)})`;
  return undefined;
}

/** Why an entity's sample renders no value for a table key. */
function missingKeyReason(
  entity: string,
  template: string | undefined,
  sample: Record<string, JsonValue>,
  key: KeyAttribute,
): string {
  if (template === undefined) return `${entity} has no template for it`;
  try {
    renderKeyValue(template, sample, key.type);
  } catch (error) {
    if (error instanceof TemplateSyntaxError) return `its template ${shown(template)} ${error.message}`;
    throw error;
  }
  return `its template ${shown(template)} lacks a value for a placeholder`;
}

/** The item's table key, to name it in a message: `PK "CUSTOMER#c1", SK "ORDER#o1"`. */
function keyText(item: PlainItem, design: Design): string {
  const { partitionKey, sortKey } = design.table;
  return [partitionKey, sortKey]
    .filter((k): k is KeyAttribute => k !== undefined && item[k.name] !== undefined)
    .map((k) => `${k.name} ${shown(item[k.name])}`)
    .join(', ');
}

/** The design's items as Apply writes them, or every reason DynamoDB would refuse one of them. */
export function writableItems(design: Design): WritableItems {
  const typesByEntity = new Map(design.entities.map((e) => [e.name, declaredTypes(design, e)]));
  const sizeTypes = attributeTypesByEntity(design);
  const schemas = keySchemas(design);
  const items: AttributeMap[] = [];
  const problems: ValidationProblem[] = [];
  let problemCount = 0;
  const add = (path: string, message: string) => {
    problemCount++;
    if (problems.length < PROBLEMS_LISTED) problems.push({ path, message });
  };
  const sampleIndexOf = sampleIndexer(design);
  for (const derived of deriveItems(design)) {
    const { entity, copy, item } = derived;
    const sampleIndex = sampleIndexOf(derived);
    const path = `items.${entity}[${sampleIndex}]`;
    // An item copy (entity.copies) is named, and its keys come from its own templates.
    const owner = design.entities.find((e) => e.name === entity);
    const templates = copy === undefined ? owner?.keys : owner?.copies?.find((c) => c.name === copy)?.keys;
    const of = copy === undefined ? '' : ` of its copy ${copy}`;
    /** Key attributes already reported: their marshalling would say the same again. */
    const refusedKeys = new Set<string>();
    for (const schema of schemas) {
      const where = schema.name === TABLE_INDEX ? "the table's" : `index ${schema.name}'s`;
      for (const [key, role] of [
        [schema.partitionKey, 'partition'],
        [schema.sortKey, 'sort'],
      ] as const) {
        if (!key) continue;
        const value = item[key.name];
        if (value === undefined) {
          // An index key may be absent (the item is not in that sparse index); a table key may not.
          if (schema.name !== TABLE_INDEX) continue;
          const template = templates?.[key.name];
          const sample = design.items[entity]?.[sampleIndex] ?? {};
          add(
            path,
            `no ${key.name}${of}, ${where} ${role} key: ${missingKeyReason(entity, template, sample, key)}`,
          );
          continue;
        }
        const problem = keyProblem(value, key, role);
        if (problem) {
          add(`${path}.${key.name}`, `${where} ${role} key ${key.name}${of}: ${problem}`);
          refusedKeys.add(key.name);
        }
      }
    }
    const types = typesByEntity.get(entity);
    const marshalled: [string, AttributeValue][] = [];
    for (const name of Object.keys(item)) {
      if (refusedKeys.has(name)) continue;
      try {
        const value = marshallValue(item[name], types?.get(name));
        const problem = valueProblem(value);
        if (problem) add(`${path}.${name}`, problem);
        marshalled.push([name, value]);
      } catch (error) {
        if (!(error instanceof RequestError)) throw error;
        add(`${path}.${name}`, error.message);
      }
    }
    const size = itemSize(item, sizeTypes.get(entity));
    if (size > ITEM_LIMIT_BYTES) {
      const key = keyText(item, design);
      add(path, `the item${of}${key ? ` (${key})` : ''} is ${kb(size)}, over DynamoDB's 400 KB item limit`);
    }
    // fromEntries defines own properties, so even an attribute named "__proto__" stays an attribute.
    if (problemCount === 0) items.push(Object.fromEntries(marshalled));
  }
  return { items: problemCount === 0 ? items : [], problems, problemCount };
}
