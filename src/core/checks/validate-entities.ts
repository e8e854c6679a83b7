// Reference checks of one entity: unique attributes, key-only attributes some key template uses, natural keys
// (an attribute named like a key attribute is that key), a template for every table key, and key templates
// that parse, use declared attributes, fit DynamoDB's key lengths and give a non-S key its one typed value.
import { parseTemplate, placeholders, singlePlaceholder, TemplateSyntaxError } from '../keys/template.ts';
import { keySchemas, primaryKeyNames } from '../model/indexes.ts';
import type { Design, Entity, KeyAttribute } from '../model/schema.ts';
import { templateTooLong } from './validate-key-lengths.ts';
import { type DesignRefs, duplicates } from './validate-refs.ts';

export function checkEntity(
  refs: DesignRefs,
  entity: Entity,
  path: string,
  add: (path: string, message: string) => void,
) {
  const { design, keyTypes, roles } = refs;
  const attributes = new Map(entity.attributes.map((a) => [a.name, a]));
  const used = keyTemplatePlaceholders(entity);
  for (const [i, name] of duplicates(entity.attributes, (a) => a.name))
    add(`${path}.attributes[${i}].name`, `duplicate attribute "${name}"`);
  entity.attributes.forEach((attribute, i) => {
    const keyType = keyTypes.get(attribute.name);
    if (keyType && attribute.keyOnly)
      add(
        `${path}.attributes[${i}].keyOnly`,
        `"${attribute.name}" is a key attribute itself (a natural key), so it is stored: it cannot be key-only`,
      );
    else if (keyType) checkNaturalKey(design, entity, i, keyType, path, add);
    else if (attribute.keyOnly && !used.has(attribute.name))
      add(
        `${path}.attributes[${i}].keyOnly`,
        `"${attribute.name}" is key-only (stored in keys only), yet no key template of ${entity.name} uses {${attribute.name}}: its value would be stored nowhere`,
      );
    if (attribute.name === design.table.typeAttribute) {
      add(
        `${path}.attributes[${i}].name`,
        `"${attribute.name}" is the type attribute; Keyplan sets it to the entity name`,
      );
    }
  });
  for (const name of primaryKeyNames(design)) {
    if (!(name in entity.keys) && !attributes.has(name))
      add(`${path}.keys`, `missing a template for the table key ${name}`);
  }
  for (const [keyName, template] of Object.entries(entity.keys)) {
    const keyPath = `${path}.keys.${keyName}`;
    const keyType = keyTypes.get(keyName);
    if (!keyType) {
      add(keyPath, `"${keyName}" is not a key attribute of the table or of any index`);
      continue;
    }
    if (attributes.has(keyName)) continue; // a natural key: checkNaturalKey said all there is
    try {
      parseTemplate(template);
    } catch (error) {
      if (error instanceof TemplateSyntaxError) add(keyPath, error.message);
      continue;
    }
    if (template === '') add(keyPath, 'a key template must not be empty');
    for (const name of placeholders(template)) {
      if (!attributes.has(name)) add(keyPath, `unknown attribute {${name}}`);
    }
    const tooLong = templateTooLong(template, roles.get(keyName) ?? 'partition');
    if (tooLong) add(keyPath, tooLong);
    if (keyType !== 'S') {
      const only = singlePlaceholder(template);
      const attribute = only ? attributes.get(only) : undefined;
      const literalNumber =
        keyType === 'N' && placeholders(template).length === 0 && Number.isFinite(Number(template));
      if (!literalNumber && (!attribute || attribute.type !== keyType)) {
        add(
          keyPath,
          `${keyName} is of type ${keyType}: its template must be one {placeholder} of an attribute of type ${keyType}`,
        );
      }
    }
  }
}

/** The attributes the entity's key templates use. */
function keyTemplatePlaceholders(entity: Entity): Set<string> {
  const used = new Set<string>();
  for (const template of Object.values(entity.keys)) {
    try {
      for (const name of placeholders(template)) used.add(name);
    } catch {
      // a syntax error, reported on the template
    }
  }
  return used;
}

/** Where a key attribute is a key, for messages: `the table's partition key and the sort key of GSI1`. */
function keyPlaces(design: Design, name: string): string {
  const places: string[] = [];
  for (const schema of keySchemas(design)) {
    const owner = schema.kind === 'table' ? "the table's" : `index ${schema.name}'s`;
    if (schema.kind === 'lsi' && schema.partitionKey.name === name) continue; // said for the table
    // An attribute of a multi-attribute key is one of its partition (sort) attributes.
    const multi = (keys: KeyAttribute[]) => (keys.length > 1 ? ' attribute' : '');
    if (schema.partitionKeys.some((key) => key.name === name))
      places.push(`${owner} partition key${multi(schema.partitionKeys)}`);
    if (schema.sortKeys.some((key) => key.name === name))
      places.push(`${owner} sort key${multi(schema.sortKeys)}`);
  }
  return places.join(' and ');
}

/**
 * A natural key: an entity attribute named like a key attribute (of the table or an index). The item holds
 * one value under that name, so the attribute is the key: its type is the key's and its key template is
 * exactly `{name}`, written in `keys` (DynamoDB indexes every item that holds an index's key attribute, so
 * an attribute named like an index key puts the entity in that index; the template says so).
 */
function checkNaturalKey(
  design: Design,
  entity: Entity,
  index: number,
  keyType: string,
  path: string,
  add: (path: string, message: string) => void,
) {
  const attribute = entity.attributes[index];
  const { name } = attribute;
  const where = keyPlaces(design, name);
  if (attribute.type !== keyType) {
    add(
      `${path}.attributes[${index}].type`,
      `"${name}" is ${where}, of type ${keyType}: as an attribute it is a natural key and must be of type ${keyType} too (got ${attribute.type})`,
    );
  }
  const natural = `{${name}}`;
  const template = entity.keys[name];
  if (template === undefined) {
    add(
      `${path}.keys`,
      `missing "${name}": "${natural}": "${name}" is an attribute of ${entity.name} and ${where}, so it is a natural key (every item holding it is in that key's table or index) and its template must be "${natural}"`,
    );
  } else if (template !== natural) {
    add(
      `${path}.keys.${name}`,
      `"${name}" is also an attribute of ${entity.name}: an item holds one value under that name, so the key is the attribute itself and its template must be "${natural}" (got "${template}"); to build a key from it, name the attribute differently`,
    );
  }
}
