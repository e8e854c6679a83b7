// Reference checks of the sample items: each under an entity of its name, holding only that entity's
// attributes, each of its declared type (sets without repeated members, text that is well-formed UTF-16),
// enum values the enum lists, and every required attribute. Checked again only when the samples change.
import { loneSurrogateIn } from '../evaluate/refusals.ts';
import type { Design, Entity, JsonValue } from '../model/schema.ts';
import { canonicalNumber, decodeBase64 } from '../values/compare.ts';
import { type ExactNumber, isExactNumber, stringifyExactJson } from '../values/exact-json.ts';
import { isBase64 } from '../values/marshall.ts';
import { checkSamplesOnce, samplesCache } from './validate-cache.ts';

const isBinary = (v: JsonValue) => typeof v === 'string' && isBase64(v);

const TYPE_CHECKS: Record<string, (value: JsonValue) => boolean> = {
  S: (v) => typeof v === 'string',
  N: (v) => (typeof v === 'number' && Number.isFinite(v)) || isExactNumber(v),
  B: isBinary,
  BOOL: (v) => typeof v === 'boolean',
  NULL: (v) => v === null,
  L: (v) => Array.isArray(v),
  M: (v) => typeof v === 'object' && v !== null && !Array.isArray(v) && !isExactNumber(v),
  SS: (v) => Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string'),
  NS: (v) =>
    Array.isArray(v) &&
    v.length > 0 &&
    v.every((x) => (typeof x === 'number' && Number.isFinite(x)) || isExactNumber(x)),
  BS: (v) => Array.isArray(v) && v.length > 0 && v.every(isBinary),
};

const TYPE_NAMES: Record<string, string> = {
  B: 'binary (a base64 string)',
  SS: 'a string set (a non-empty array of strings)',
  NS: 'a number set (a non-empty array of numbers)',
  BS: 'a binary set (a non-empty array of base64 strings)',
};

/** The first member of a set that repeats an earlier one (numbers by value, binary by bytes), with both places. */
function repeatedMember(type: string, members: JsonValue[]): { first: number; again: number } | undefined {
  const key = (member: JsonValue) =>
    type === 'NS'
      ? canonicalNumber(member as number | ExactNumber)
      : type === 'BS'
        ? decodeBase64(String(member)).join()
        : String(member);
  const seen = new Map<string, number>();
  for (let i = 0; i < members.length; i++) {
    const k = key(members[i]);
    const first = seen.get(k);
    if (first !== undefined) return { first, again: i };
    seen.set(k, i);
  }
  return undefined;
}

/**
 * Whether an enum lists the value: a number by its value (`1.0` is `1`, all 38 digits count). Built once
 * per attribute, each value is then looked up, not searched for (an enum may have a thousand values).
 */
function enumTest(values: readonly JsonValue[]): (value: JsonValue) => boolean {
  const listed = new Set<JsonValue>(values);
  const numbers = new Set(
    values.flatMap((v) => (typeof v === 'number' || isExactNumber(v) ? [canonicalNumber(v)] : [])),
  );
  return (value) =>
    typeof value !== 'number' && !isExactNumber(value)
      ? listed.has(value)
      : numbers.has(canonicalNumber(value));
}

export function checkItems(design: Design, add: (path: string, message: string) => void) {
  const entities = new Map(design.entities.map((e) => [e.name, e]));
  for (const [entityName, samples] of Object.entries(design.items)) {
    const entity = entities.get(entityName);
    if (!entity) {
      add(`items.${entityName}`, `no entity is named "${entityName}"`);
      continue;
    }
    checkSamplesOnce(checkedItems, samples, [entityName, entity.attributes], add, (add) =>
      checkSamples(entity, samples, add),
    );
  }
}

const checkedItems = samplesCache();

function checkSamples(
  entity: Entity,
  samples: Design['items'][string],
  add: (path: string, message: string) => void,
) {
  const entityName = entity.name;
  const attributes = new Map(entity.attributes.map((a) => [a.name, a]));
  const required = entity.attributes.filter((attribute) => attribute.required);
  const enums = new Map(
    entity.attributes.flatMap((a) => (a.enum ? [[a.name, enumTest(a.enum)] as const] : [])),
  );
  samples.forEach((sample, i) => {
    // Built only for a problem: most samples have none.
    const path = () => `items.${entityName}[${i}]`;
    for (const name in sample) {
      const value = sample[name];
      const attribute = attributes.get(name);
      if (!attribute) {
        add(`${path()}.${name}`, `"${name}" is not an attribute of ${entityName}`);
        continue;
      }
      if (value === null && attribute.type !== 'NULL') continue; // null means "no value", as an absent attribute
      if (!TYPE_CHECKS[attribute.type](value)) {
        const expected = TYPE_NAMES[attribute.type] ?? `a value of type ${attribute.type}`;
        add(`${path()}.${name}`, `expected ${expected}, got ${stringifyExactJson(value)}`);
      } else if (attribute.type === 'SS' || attribute.type === 'NS' || attribute.type === 'BS') {
        const repeated = repeatedMember(attribute.type, value as JsonValue[]);
        if (repeated)
          add(
            `${path()}.${name}[${repeated.again}]`,
            `${stringifyExactJson((value as JsonValue[])[repeated.again])} repeats member [${repeated.first}]: a set holds each member once, and DynamoDB refuses a set with duplicates`,
          );
      } else if (loneSurrogateIn(value)) {
        const lone = loneSurrogateIn(value)!;
        const unit = `\\u${lone.unit.charCodeAt(0).toString(16).toUpperCase()}`;
        add(
          `${path()}.${name}${lone.path}`,
          `text with a lone surrogate (${unit}) is not well-formed UTF-16: DynamoDB stores text as UTF-8, which cannot hold it (DynamoDB Local stores "?" in its place)`,
        );
      } else if (attribute.enum && !enums.get(name)?.(value)) {
        add(
          `${path()}.${name}`,
          `${stringifyExactJson(value)} is not one of ${attribute.enum.map((v) => stringifyExactJson(v)).join(', ')}`,
        );
      }
    }
    for (const attribute of required) {
      const value = sample[attribute.name];
      if (value === undefined || (value === null && attribute.type !== 'NULL')) {
        add(path(), `missing required attribute "${attribute.name}"`);
      }
    }
  });
}
