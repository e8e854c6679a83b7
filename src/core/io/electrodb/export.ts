// The design as an ElectroDB module: one Entity per Keyplan entity whose indexes give every key a `field`
// and a `template` with `casing: 'none'`, so ElectroDB stores exactly the keys Keyplan derives, and a
// Service whose collections group the entities that share a partition of an index. ElectroDB writes the
// entity's name under the design's type attribute (its `identifiers.entity`), and its own version attribute
// `__edb_v__` besides.

import { parseTemplate, placeholders } from '../../keys/template.ts';
import { TABLE_INDEX } from '../../model/indexes.ts';
import type { Design, Entity } from '../../model/schema.ts';
import { commentText } from '../../values/text/code/unsafe.ts';
import { SDK_CLIENT } from '../codegen/module-names.ts';
import { tsKey, tsString } from '../codegen/typescript-values.ts';
import {
  allKeyNames,
  isDirectKey,
  keyHelpers,
  keyOnlyWarnings,
  type ModuleAttribute,
  ModuleExports,
  moduleAttributes,
  singleKeySchemas,
  templateLiteralBody,
  unwrittenCopiesWarnings,
} from '../module-code.ts';
import {
  type CollectionMember,
  collectionSlot,
  electroCollections,
  electroIndexNames,
} from './export-names.ts';

export { accessPatternName } from './export-names.ts';

export const ELECTRODB_VERSION_ATTRIBUTE = '__edb_v__';
export const ELECTRODB_ENTITY_ATTRIBUTE = '__edb_e__';

/** A Keyplan template in ElectroDB's spelling: `{userId}` → `${userId}` (padding goes on the attribute). */
function electroTemplate(template: string): string {
  return parseTemplate(template)
    .map((part) => (part.kind === 'literal' ? part.text : `\${${part.name}}`))
    .join('');
}

const TYPE_NAMES: Record<string, string> = {
  S: "'string'",
  N: "'number'",
  BOOL: "'boolean'",
  L: "'list', items: { type: 'any' }",
  SS: "'set', items: 'string'",
  NS: "'set', items: 'number'",
};

function attributeLine(attribute: ModuleAttribute, padding: number | undefined): string {
  const type =
    attribute.enum && attribute.type === 'S' && attribute.enum.every((v) => typeof v === 'string')
      ? `[${attribute.enum.map((v) => tsString(String(v))).join(', ')}] as const`
      : (TYPE_NAMES[attribute.type] ?? "'any'");
  const fields = [`type: ${type}`];
  if (attribute.required) fields.push('required: true');
  if (padding !== undefined) fields.push(`padding: { length: ${padding}, char: '0' }`);
  return `    ${tsKey(attribute.name)}: { ${fields.join(', ')} },`;
}

/** Whether an index's keys can be missing for some items: one of their values is not required. */
function isSparse(entity: Entity, keys: readonly { template: string }[]): boolean {
  const required = new Set(entity.attributes.filter((a) => a.required).map((a) => a.name));
  return keys.some((key) => placeholders(key.template).some((name) => !required.has(name)));
}

/**
 * A computed key attribute (`watch` + `set`): the attribute's own value when the key is `direct` (one attribute of
 * the key's type, which ElectroDB has checked), else the template as a tagged template literal over the item's
 * values, undefined when one is missing.
 */
function computedKey(field: string, template: string, keyType: 'S' | 'N' | 'B', direct: boolean): string {
  const type = direct && keyType === 'N' ? 'number' : 'string';
  const names = placeholders(template);
  return `      ${tsKey(field)}: { type: '${type}', watch: [${names.map(tsString).join(', ')}], set: (_: unknown, item: Item) => ${computedValue(template, direct ? type : undefined)} },`;
}

function computedValue(template: string, direct: 'string' | 'number' | undefined): string {
  const parts = parseTemplate(template);
  if (direct && parts[0].kind === 'placeholder')
    return `item[${tsString(parts[0].name)}] as ${direct} | undefined`;
  return `key\`${templateLiteralBody(parts, (name) => `item[${tsString(name)}]`)}\``;
}

interface KeyPlan {
  field: string;
  template: string;
  type: 'S' | 'N' | 'B';
}

export interface ElectroDbModule {
  text: string;
  warnings: string[];
}

export function exportElectroDb(design: Design): ElectroDbModule {
  const warnings: string[] = [];
  const { schemas, multiAttribute } = singleKeySchemas(design);
  for (const schema of multiAttribute)
    warnings.push(
      `index ${schema.name}: its multi-attribute key is not an ElectroDB index; the key attributes are written (computed)`,
    );
  const keyNames = allKeyNames(design);
  const typeAttribute = design.table.typeAttribute;
  if (design.table.writeTypeAttribute === false)
    warnings.push(
      `table: ElectroDB writes each item's entity name (${ELECTRODB_ENTITY_ATTRIBUTE}) and version (${ELECTRODB_VERSION_ATTRIBUTE}); this design stores no type attribute`,
    );

  // The Service's collections and each entity's access pattern names are the design's patterns' (export-names.ts).
  const canJoin: CollectionMember = (entity, schema, imported) => {
    const template = entity.keys[schema.partitionKey.name];
    if (template === undefined || (schema.sortKey && entity.keys[schema.sortKey.name] === undefined))
      return false;
    // ElectroDB refuses a collection on a key that is an attribute's own value (as a sparse index's are).
    if (template === `{${schema.partitionKey.name}}`) return false;
    const keys = [template, ...(schema.sortKey ? [entity.keys[schema.sortKey.name]] : [])];
    return (
      imported ||
      schema.name === TABLE_INDEX ||
      !isSparse(
        entity,
        keys.map((t) => ({ template: t })),
      )
    );
  };
  const collections = electroCollections(design, schemas, canJoin, warnings);
  const indexNames = electroIndexNames(design, schemas);

  const exports = new ModuleExports(['Entity', 'Service', 'client', 'service', 'config', 'app', 'Item']);
  const blocks: string[] = [];
  for (const entity of design.entities) {
    const where = `entity ${entity.name}`;
    warnings.push(...unwrittenCopiesWarnings(entity));
    const attributes = moduleAttributes(design, entity, keyNames);
    for (const attribute of attributes) {
      warnings.push(...keyOnlyWarnings(entity, attribute, 'ElectroDB'));
      if (['B', 'BS', 'NULL', 'M'].includes(attribute.type))
        warnings.push(`${where}.${attribute.name}: type ${attribute.type} is written as ElectroDB's 'any'`);
    }
    const declared = new Set(attributes.map((a) => a.name));
    const padding = new Map<string, number>();
    const indexLines: string[] = [];
    let wrotePrimary = false;
    const computed: string[] = [];
    for (const schema of indexNames.order(entity)) {
      const pkTemplate = entity.keys[schema.partitionKey.name];
      const skTemplate = schema.sortKey ? entity.keys[schema.sortKey.name] : undefined;
      const label = schema.name === TABLE_INDEX ? 'the table' : `index ${schema.name}`;
      if (pkTemplate === undefined) {
        if (skTemplate !== undefined)
          warnings.push(
            `${where}: ${label} has a sort key template and no partition key template; not written`,
          );
        continue;
      }
      if (schema.sortKey && skTemplate === undefined) {
        warnings.push(`${where}: ${label} has no sort key template; not written`);
        continue;
      }
      const keys: KeyPlan[] = [
        { field: schema.partitionKey.name, template: pkTemplate, type: schema.partitionKey.type },
      ];
      if (schema.sortKey && skTemplate !== undefined)
        keys.push({ field: schema.sortKey.name, template: skTemplate, type: schema.sortKey.type });
      // A Keyplan index key is left out when a value it is made of is missing (a sparse index). ElectroDB
      // refuses an item that has some of an index's composite attributes and not all, so such an index's keys
      // are attributes it computes (`watch` + `set`), each undefined when a value is missing.
      // An index in a collection the module declared keeps its composite keys, as the module wrote them.
      const inCollections = collections.get(collectionSlot(entity.name, schema.name));
      const sparse = schema.name !== TABLE_INDEX && isSparse(entity, keys) && !inCollections;
      const parts = keys.map((key) => {
        for (const part of parseTemplate(key.template)) {
          if (part.kind !== 'placeholder') continue;
          if (!declared.has(part.name)) {
            attributes.push({
              name: part.name,
              type: 'S',
              required: false,
              keyOnly: false,
              fromSamples: true,
            });
            declared.add(part.name);
          }
          if (part.width !== undefined && !sparse) {
            const previous = padding.get(part.name);
            if (previous !== undefined && previous !== part.width)
              warnings.push(
                `${where}.${part.name}: padded to ${previous} and ${part.width} digits; ElectroDB pads an attribute one way (${previous})`,
              );
            else padding.set(part.name, part.width);
          }
        }
        const names = placeholders(key.template);
        const own = `{ field: ${tsString(key.field)}, composite: [${tsString(key.field)}], casing: 'none' }`;
        if (key.template === `{${key.field}}`) return own;
        const single = names.length === 1 && key.template === `{${names[0]}}`;
        if (key.type === 'N' && !single)
          warnings.push(
            `${where}: ${key.field} is a number key built from text (${key.template}); ElectroDB writes it as a string`,
          );
        if (key.type === 'B')
          warnings.push(`${where}: ${key.field} is a binary key; ElectroDB writes it as a string`);
        if (sparse) {
          computed.push(
            computedKey(key.field, key.template, key.type, isDirectKey(key.template, key.type, attributes)),
          );
          return own;
        }
        const fields = [
          `field: ${tsString(key.field)}`,
          `composite: [${names.map(tsString).join(', ')}]`,
          `template: ${tsString(electroTemplate(key.template))}`,
          `casing: 'none'`,
        ];
        if (single) fields.push(key.type === 'N' ? `cast: 'number'` : `cast: 'string'`);
        return `{ ${fields.join(', ')} }`;
      });
      const collection =
        inCollections === undefined || sparse
          ? undefined
          : inCollections.length === 1
            ? tsString(inCollections[0])
            : `[${inCollections.map(tsString).join(', ')}]`;
      // An index that projects only some attributes: ElectroDB reads its items without looking for its
      // identifiers, which the index does not hold.
      const included = schema.projection.attributes ?? [];
      const own = included.filter((name) => declared.has(name));
      const projection =
        schema.projection.type === 'KEYS_ONLY' || (schema.projection.type === 'INCLUDE' && own.length === 0)
          ? `projection: 'keys_only'`
          : schema.projection.type === 'INCLUDE'
            ? `projection: [${own.map(tsString).join(', ')}]`
            : undefined;
      const head = [
        ...(schema.name === TABLE_INDEX ? [] : [`index: ${tsString(schema.name)}`]),
        ...(collection ? [`collection: ${collection}`] : []),
        ...(projection ? [projection] : []),
      ];
      if (schema.name === TABLE_INDEX) wrotePrimary = true;
      indexLines.push(
        `    ${tsKey(indexNames.name(entity.name, schema.name))}: {`,
        ...head.map((line) => `      ${line},`),
        `      pk: ${parts[0]},`,
        ...(parts[1] ? [`      sk: ${parts[1]},`] : []),
        '    },',
      );
    }
    // A multi-attribute GSI key: each of its attributes computed as a sparse index's key is.
    for (const key of multiAttribute.flatMap((schema) => [...schema.partitionKeys, ...schema.sortKeys])) {
      const template = entity.keys[key.name];
      if (
        template === undefined ||
        template === `{${key.name}}` ||
        computed.some((l) => l.startsWith(`      ${tsKey(key.name)}:`))
      )
        continue;
      computed.push(computedKey(key.name, template, key.type, isDirectKey(template, key.type, attributes)));
    }
    if (!wrotePrimary) {
      warnings.push(`${where}: no table key templates; not written (ElectroDB needs a primary index)`);
      continue;
    }
    const id = exports.add(entity.name);
    blocks.push(
      [
        `export const ${id} = new Entity(`,
        '  {',
        `    model: { entity: ${tsString(entity.name)}, version: '1', service },`,
        '    attributes: {',
        ...attributes.map((a) => `  ${attributeLine(a, padding.get(a.name))}`),
        ...computed,
        '    },',
        '    indexes: {',
        ...indexLines.map((line) => `  ${line}`),
        '    },',
        '  },',
        '  config,',
        ');',
      ].join('\n'),
    );
  }

  const identifiers =
    design.table.writeTypeAttribute === false || typeAttribute === ELECTRODB_ENTITY_ATTRIBUTE
      ? ''
      : `, identifiers: { entity: ${tsString(typeAttribute)} }`;
  const text = [
    `// ElectroDB entities of "${commentText(design.name)}", written by Keyplan (keyplan export --to electrodb).`,
    "// Every key has a field and a template with casing 'none': ElectroDB stores exactly the keys Keyplan derives.",
    `import { DynamoDBClient } from '${SDK_CLIENT}';`,
    "import { Entity, Service } from 'electrodb';",
    '',
    `export const table = process.env.TABLE_NAME ?? ${tsString(design.table.name)};`,
    'export const client = new DynamoDBClient({});',
    `const service = ${tsString(design.name)};`,
    `const config = { table, client${identifiers} };`,
    ...(/watch: \[/.test(blocks.join('')) ? ['type Item = Record<string, unknown>;'] : []),
    ...keyHelpers(blocks.join('')),
    '',
    ...blocks.flatMap((block) => [block, '']),
    exports.entitiesLine(),
    `export const app = new Service(entities, { table, client });`,
    '',
  ].join('\n');
  return { text, warnings };
}
