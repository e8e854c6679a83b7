// The design as a DynamoDB-Toolbox v2 module: the Table (keys, indexes, the type attribute as
// `entityAttributeSavedAs`) and an Entity per Keyplan entity whose keys are computed from its attributes:
// the table key by `computeKey`, each index key by an attribute `link`ed to the others, undefined (not
// written) when a value it is made of is missing, as Keyplan leaves a sparse index's key out.

import { parseTemplate, placeholders } from '../../keys/template.ts';
import { TABLE_INDEX } from '../../model/indexes.ts';
import type { AttributeType, Design, KeyType } from '../../model/schema.ts';
import { commentText } from '../../values/text/code/unsafe.ts';
import { SDK_CLIENT, SDK_LIB } from '../codegen/module-names.ts';
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

/** What a module may import from dynamodb-toolbox: the classes and the schema builders. */
const TOOLBOX_IMPORTS = [
  'Entity',
  'Table',
  'any',
  'binary',
  'boolean',
  'item',
  'list',
  'nul',
  'number',
  'pipe',
  'prefix',
  'set',
  'string',
  'suffix',
] as const;

const KEY_TYPES: Record<KeyType, string> = { S: 'string', N: 'number', B: 'binary' };

const SCHEMAS: Partial<Record<AttributeType, string>> = {
  S: 'string()',
  N: 'number()',
  BOOL: 'boolean()',
  B: 'binary()',
  NULL: 'nul()',
  L: 'list(any())',
  M: 'any()',
  SS: 'set(string())',
  NS: 'set(number())',
  BS: 'set(binary())',
};

/** A key-only attribute saved as the key `key`, its value between `prefix` and `suffix` there. */
interface SavedAs {
  name: string;
  key: string;
  prefix: string;
  suffix: string;
}

/** The transform that writes `prefix` and `suffix` around the value (DynamoDB-Toolbox's own transformers). */
function savedTransform({ prefix, suffix }: SavedAs): string {
  const put = (name: string, text: string) => `${name}(${tsString(text)}, { delimiter: '' })`;
  if (prefix && suffix) return `.transform(pipe(${put('prefix', prefix)}, ${put('suffix', suffix)}))`;
  if (prefix) return `.transform(${put('prefix', prefix)})`;
  return suffix ? `.transform(${put('suffix', suffix)})` : '';
}

function attributeSchema(attribute: ModuleAttribute, key: boolean, saved?: SavedAs): string {
  let text = SCHEMAS[attribute.type] ?? 'any()';
  if (attribute.enum && attribute.type === 'S' && attribute.enum.every((v) => typeof v === 'string'))
    text = `string().enum(${attribute.enum.map((v) => tsString(String(v))).join(', ')})`;
  text = key ? `${text}.key()` : attribute.required ? text : `${text}.optional()`;
  return saved ? `${text}.savedAs(${tsString(saved.key)})${savedTransform(saved)}` : text;
}

/**
 * A key as TypeScript over `values` (an item or a key input): the value itself when it is `direct` (one
 * attribute of the key's type), else a template tagged `tag`: `key` (undefined when a value is missing) for an
 * index key, `tableKey` (a string, or an error) for the table's.
 */
function keyExpression(template: string, values: string, direct: boolean, tag: 'key' | 'tableKey'): string {
  const parts = parseTemplate(template);
  const value = (name: string) =>
    /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? `${values}.${name}` : `${values}[${tsString(name)}]`;
  if (direct && parts[0].kind === 'placeholder') return value(parts[0].name);
  if (parts.every((part) => part.kind === 'literal')) return tsString(template);
  return `${tag}\`${templateLiteralBody(parts, value)}\``;
}

export interface ToolboxModule {
  text: string;
  warnings: string[];
}

export function exportDynamoDbToolbox(design: Design): ToolboxModule {
  const warnings: string[] = [];
  const { schemas, multiAttribute } = singleKeySchemas(design);
  for (const schema of multiAttribute)
    warnings.push(
      `index ${schema.name}: its multi-attribute key is not declared on the Table; the key attributes are written (linked)`,
    );
  const { table } = design;
  const keyNames = allKeyNames(design);
  const keyAttribute = (name: string, type: KeyType) =>
    `{ name: ${tsString(name)}, type: '${KEY_TYPES[type]}' }`;
  const indexLines = schemas
    .filter((schema) => schema.name !== TABLE_INDEX)
    .map((schema) =>
      schema.kind === 'lsi'
        ? `    ${tsKey(schema.name)}: { type: 'local', sortKey: ${keyAttribute(schema.sortKey?.name ?? '', schema.sortKey?.type ?? 'S')} },`
        : `    ${tsKey(schema.name)}: { type: 'global', partitionKey: ${keyAttribute(schema.partitionKey.name, schema.partitionKey.type)}${schema.sortKey ? `, sortKey: ${keyAttribute(schema.sortKey.name, schema.sortKey.type)}` : ''} },`,
    );
  const tableKeys = [table.partitionKey, ...(table.sortKey ? [table.sortKey] : [])];
  const writesType = table.writeTypeAttribute !== false;

  // The module's own names and everything it imports: an entity named `item` or `Table` is exported as `item2`, `Table2`.
  const exports = new ModuleExports([
    ...TOOLBOX_IMPORTS,
    'DynamoDBDocumentClient',
    'documentClient',
    'tableKey',
  ]);
  const blocks: string[] = [];
  for (const entity of design.entities) {
    const where = `entity ${entity.name}`;
    warnings.push(...unwrittenCopiesWarnings(entity));
    const missing = tableKeys.filter((k) => entity.keys[k.name] === undefined);
    if (missing.length > 0) {
      warnings.push(`${where}: no template for ${missing.map((k) => k.name).join(', ')}; not written`);
      continue;
    }
    const attributes = moduleAttributes(design, entity, keyNames);
    const declared = new Set(attributes.map((a) => a.name));
    // The table key is computed from the attributes its templates name: DynamoDB-Toolbox's key attributes.
    const keyInputs = new Set(tableKeys.flatMap((k) => placeholders(entity.keys[k.name])));
    for (const name of [...keyInputs, ...Object.values(entity.keys).flatMap((t) => placeholders(t))])
      if (!declared.has(name)) {
        attributes.push({ name, type: 'S', required: false, keyOnly: false, fromSamples: true });
        declared.add(name);
      }
    // A key that is one key-only attribute's text with literal text around it (`pk` = `API#{id}`): the
    // attribute is saved as that key (`.savedAs('pk')`, `.transform(prefix('API#'))`), as DynamoDB-Toolbox
    // stores it, so that the item holds the value in the key only, as Keyplan's does; a literal table key is
    // a `const`. A table key that is neither makes every table key computed (`computeKey`), as before.
    const saved = new Map<string, SavedAs>();
    const savable = (keyName: string): SavedAs | undefined => {
      const parts = parseTemplate(entity.keys[keyName]);
      const at = parts.findIndex((part) => part.kind === 'placeholder');
      const part = parts[at];
      if (
        part?.kind !== 'placeholder' ||
        part.width !== undefined ||
        parts.slice(at + 1).some((p) => p.kind === 'placeholder')
      )
        return undefined;
      const attribute = attributes.find((a) => a.name === part.name);
      if (!attribute?.keyOnly || attribute.type !== 'S' || keyNames.has(part.name) || saved.has(part.name))
        return undefined;
      const text = (list: typeof parts) => list.map((p) => (p.kind === 'literal' ? p.text : '')).join('');
      return {
        name: part.name,
        key: keyName,
        prefix: text(parts.slice(0, at)),
        suffix: text(parts.slice(at + 1)),
      };
    };
    const constants: string[] = [];
    let computed = false;
    for (const k of tableKeys) {
      const template = entity.keys[k.name];
      if (template === `{${k.name}}`) continue;
      const one = k.type === 'S' ? savable(k.name) : undefined;
      if (one) saved.set(one.name, one);
      else if (k.type === 'S' && placeholders(template).length === 0)
        constants.push(`  ${tsKey(k.name)}: string().key().const(${tsString(template)}),`);
      else computed = true;
    }
    if (computed) {
      saved.clear();
      constants.length = 0;
    }
    for (const attribute of attributes)
      if (!saved.has(attribute.name))
        warnings.push(...keyOnlyWarnings(entity, attribute, 'DynamoDB-Toolbox'));
    const indexKeys = [
      ...schemas.flatMap((schema) =>
        schema.name === TABLE_INDEX
          ? []
          : [
              ...(schema.kind === 'lsi' ? [] : [schema.partitionKey]),
              ...(schema.sortKey ? [schema.sortKey] : []),
            ],
      ),
      ...multiAttribute.flatMap((schema) => [...schema.partitionKeys, ...schema.sortKeys]),
    ];
    for (const key of indexKeys) {
      const one = key.type === 'S' && entity.keys[key.name] !== undefined ? savable(key.name) : undefined;
      if (one) saved.set(one.name, one);
    }
    const savedKeys = new Set([...saved.values()].map((one) => one.key));
    const schemaLines = [
      ...attributes.map(
        (attribute) =>
          `  ${tsKey(attribute.name)}: ${attributeSchema(attribute, keyInputs.has(attribute.name), saved.get(attribute.name))},`,
      ),
      ...constants,
    ];
    const computedTable = computed ? tableKeys.filter((k) => entity.keys[k.name] !== `{${k.name}}`) : [];
    const computeKey =
      computedTable.length === 0
        ? []
        : [
            `  computeKey: (input) => ({ ${tableKeys.map((k) => `${tsKey(k.name)}: ${keyExpression(entity.keys[k.name], 'input', isDirectKey(entity.keys[k.name], k.type, attributes), 'tableKey')}`).join(', ')} }),`,
          ];
    const links: string[] = [];
    for (const key of indexKeys) {
      const template = entity.keys[key.name];
      if (
        template === undefined ||
        template === `{${key.name}}` ||
        savedKeys.has(key.name) ||
        links.some((l) => l.startsWith(`  ${tsKey(key.name)}:`))
      )
        continue;
      const direct = isDirectKey(template, key.type, attributes);
      const type =
        key.type === 'N' && direct ? 'number()' : key.type === 'B' && direct ? 'binary()' : 'string()';
      if (key.type !== 'S' && !direct)
        warnings.push(
          `${where}: ${key.name} is a ${key.type} key built from text (${template}); written as a string`,
        );
      links.push(
        `  ${tsKey(key.name)}: ${type}.optional().link<typeof attributes>((item) => ${keyExpression(template, 'item', direct, 'key')}),`,
      );
    }
    const id = exports.add(entity.name);
    const schemaText =
      links.length === 0
        ? `item({\n${schemaLines.join('\n')}\n  })`
        : `item({\n${schemaLines.join('\n')}\n  }).and((attributes) => ({\n${links.join('\n')}\n  }))`;
    blocks.push(
      [
        `export const ${id} = new Entity({`,
        `  name: ${tsString(entity.name)},`,
        '  table,',
        ...(writesType ? [] : ['  entityAttribute: false,']),
        '  timestamps: false,',
        `  schema: ${schemaText.replace(/\n/g, '\n  ')},`,
        ...computeKey,
        '});',
      ].join('\n'),
    );
  }
  const body = blocks.join('\n\n');
  const helpers = keyHelpers(body);
  const used = TOOLBOX_IMPORTS.filter(
    (name) => ['Entity', 'Table', 'item'].includes(name) || new RegExp(`\\b${name}\\(`).test(body),
  );
  const text = [
    `// DynamoDB-Toolbox v2 table and entities of "${commentText(design.name)}", written by Keyplan (keyplan export --to dynamodb-toolbox).`,
    "// Each key is computed from the item's attributes (computeKey, link), so the table holds exactly the keys Keyplan derives.",
    `import { DynamoDBClient } from '${SDK_CLIENT}';`,
    `import { DynamoDBDocumentClient } from '${SDK_LIB}';`,
    `import { ${used.join(', ')} } from 'dynamodb-toolbox';`,
    '',
    ...helpers,
    ...(helpers.length > 0 ? [''] : []),
    'export const documentClient = DynamoDBDocumentClient.from(new DynamoDBClient({}));',
    '',
    'export const table = new Table({',
    `  name: process.env.TABLE_NAME ?? ${tsString(table.name)},`,
    '  documentClient,',
    `  partitionKey: ${keyAttribute(table.partitionKey.name, table.partitionKey.type)},`,
    ...(table.sortKey ? [`  sortKey: ${keyAttribute(table.sortKey.name, table.sortKey.type)},`] : []),
    ...(indexLines.length > 0 ? ['  indexes: {', ...indexLines, '  },'] : []),
    `  entityAttributeSavedAs: ${tsString(table.typeAttribute)},`,
    '});',
    '',
    body,
    '',
    exports.entitiesLine(),
    '',
  ].join('\n');
  return { text, warnings };
}
