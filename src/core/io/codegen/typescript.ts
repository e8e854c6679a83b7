// The TypeScript (AWS SDK v3) module of a design: a DocumentClient factory, per entity an interface of its
// attributes, the type of its stored item, build*/put* functions, and one typed function per access
// pattern sending @aws-sdk/lib-dynamodb commands (paginateQuery/paginateScan where the pattern pages).
import type { Design, Entity } from '../../model/schema.ts';
import { commentText } from '../../values/text/code/unsafe.ts';
import type { EntityPlan, KeyPlan } from './entities.ts';
import { concat, type Doc, group } from './layout.ts';
import { SDK_CLIENT, SDK_LIB } from './module-names.ts';
import type { CodePlan } from './plan.ts';
import { article, putDoc, wrap } from './text.ts';
import { NUMBER_TEXT_NEEDS, numberTextHelpers } from './typescript-helpers.ts';
import { typescriptPatternFunctions } from './typescript-patterns.ts';
import {
  TS_NUMBER,
  type TypescriptEnv,
  TypescriptUses,
  tsAccess,
  tsDoc,
  tsKey,
  tsLayout,
  tsObject,
  tsString,
  tsType,
  tsValue,
} from './typescript-values.ts';

// Packages the generated module imports (the generator itself imports no SDK).

const KEY_TYPES = { S: 'string', N: TS_NUMBER, B: 'Uint8Array' } as const;

/**
 * The stored type and build function of the entity's own item or of one copy (`form`, `keys`, `names`): the
 * attributes it holds (not key-only ones), its keys, the type attribute.
 */
function recordAndBuild(
  design: Design,
  plan: EntityPlan,
  form: Entity,
  keys: KeyPlan[],
  names: { record: string; build: string },
  docs: { record: string; build: string },
  uses: TypescriptUses,
): string[] {
  const { attributes, typescript } = plan;
  const typeAttribute = design.table.typeAttribute;
  const held = new Set(form.attributes.map((a) => a.name));
  const own = new Set(attributes.map((a) => a.name));
  const stored = form.attributes.filter((a) => !a.keyOnly).map((a) => a.name);
  const typed = design.table.writeTypeAttribute !== false && !own.has(typeAttribute);
  const omitted = plan.entity.attributes.filter((a) => !stored.includes(a.name)).map((a) => a.name);
  const union = (list: string[]) => list.map((name) => tsString(name)).join(' | ');
  const base =
    omitted.length === 0
      ? typescript.type
      : form === plan.entity
        ? `Omit<${typescript.type}, ${union(omitted)}>`
        : stored.length > 0
          ? `Pick<${typescript.type}, ${union(stored)}>`
          : undefined;
  const record = [
    tsDoc([docs.record]),
    `export interface ${names.record}${base ? ` extends ${base}` : ''} {`,
    ...keys
      .filter((key) => !held.has(key.name))
      .map((key) => `  ${tsKey(key.name)}${key.when.length ? '?' : ''}: ${KEY_TYPES[key.type]};`),
    ...(typed ? [`  ${tsKey(typeAttribute)}: ${tsString(plan.entity.name)};`] : []),
    '}',
  ].join('\n');
  const variable = typescript.variable;
  const byName = new Map(attributes.map((a) => [a.name, a]));
  const env: TypescriptEnv = (name) => ({
    code: tsAccess(variable, name),
    type: byName.get(name)?.type ?? 'S',
  });
  const always = keys.filter((key) => key.when.length === 0 && !held.has(key.name));
  const entries: [string, string][] = [
    ...stored.map((name): [string, string] => [name, tsAccess(variable, name)]),
    ...always.map((key): [string, string] => [key.name, tsValue(key.value, env, uses)]),
    ...(typed ? [[typeAttribute, tsString(plan.entity.name)] as [string, string]] : []),
  ];
  const sparse = keys
    .filter((key) => key.when.length > 0 && !held.has(key.name))
    .map((key) => {
      const present = key.when.map((name) => tsAccess(variable, name)).join(', ');
      const target = tsAccess('item', key.name);
      return `  if (${uses.helper('hasValues')}(${present})) ${target} = ${tsValue(key.value, env, uses)};`;
    });
  const build = [
    tsDoc([docs.build]),
    `export function ${names.build}(${variable}: ${typescript.type}): ${names.record} {`,
    `  const item: ${names.record} = ${tsLayout(tsObject(entries), '  ', 16 + names.record.length, 1)};`,
    ...sparse,
    '  return item;',
    '}',
  ].join('\n');
  return [record, build];
}

function entityDeclarations(design: Design, plan: EntityPlan, uses: TypescriptUses): string[] {
  const { entity, attributes, typescript: names } = plan;
  const typeAttribute = design.table.typeAttribute;
  const attributeType = [
    tsDoc([`${entity.description ? `${entity.description.trim()} ` : ''}The attributes of ${entity.name}.`]),
    `export interface ${names.type} {`,
    ...attributes.map((a) => `  ${tsKey(a.name)}${a.required ? '' : '?'}: ${tsType(a.type, a.enum)};`),
    '}',
  ].join('\n');
  const own = recordAndBuild(
    design,
    plan,
    entity,
    plan.keys,
    names,
    {
      record: `${entity.name} as stored: its attributes, its keys and ${typeAttribute}.`,
      build: `The full ${entity.name} item: attributes, keys and ${typeAttribute}.`,
    },
    uses,
  );
  const copies = plan.copies.flatMap((copy) =>
    recordAndBuild(
      design,
      plan,
      copy.form,
      copy.keys,
      copy.typescript,
      {
        record: `The ${copy.name} copy of ${article(entity.name)} as stored: the attributes it holds, its keys and ${typeAttribute}.`,
        build: `The ${copy.name} copy of ${article(entity.name)} item: the attributes it holds, its keys and ${typeAttribute}.`,
      },
      uses,
    ),
  );
  const variable = names.variable;
  const putOf = (item: string): Doc =>
    tsObject([
      [
        'Put',
        tsObject([
          ['TableName', 'TABLE_NAME'],
          ['Item', item],
        ]),
      ],
    ]);
  const write =
    plan.copies.length === 0
      ? `  await client.send(new ${uses.import('PutCommand')}({ TableName: TABLE_NAME, Item: item }));`
      : statement(
          'await client.send(',
          concat(
            `new ${uses.import('TransactWriteCommand')}(`,
            tsObject([
              [
                'TransactItems',
                group(
                  '[',
                  ['item', ...plan.copies.map((copy) => `${copy.typescript.build}(${variable})`)].map(putOf),
                  ']',
                ),
              ],
            ]),
            ')',
          ),
          ');',
        );
  const put = [
    tsDoc([putDoc(entity)]),
    `export async function ${names.put}(`,
    '  client: DynamoDBDocumentClient,',
    `  ${variable}: ${names.type},`,
    `): Promise<${names.record}> {`,
    `  const item = ${names.build}(${variable});`,
    write,
    '  return item;',
    '}',
  ].join('\n');
  return [attributeType, ...own, ...copies, put];
}

function statement(prefix: string, value: Doc, suffix = ';'): string {
  return `  ${prefix}${tsLayout(value, '  ', 2 + prefix.length, suffix.length)}${suffix}`;
}

const HELPERS: [name: string, code: string][] = [
  [
    'hasValues',
    `/** True when all are given: a key missing one is left out (a sparse index). */
function hasValues(...values: unknown[]): boolean {
  return values.every((value) => value !== undefined && value !== null && value !== '');
}`,
  ],
  ...numberTextHelpers(true),
  [
    'uniqueKeys',
    `/** The keys without repeats, in order: BatchGetItem rejects a key given twice. */
function uniqueKeys(keys: Item[]): Item[] {
  return [...new Map(keys.map((key) => [JSON.stringify(key), key])).values()];
}`,
  ],
];

function header(plan: CodePlan, uses: TypescriptUses): string {
  const { design } = plan;
  const intro = [
    `Data access for the DynamoDB design "${design.name}" (table ${design.table.name}).`,
    `Generated by Keyplan: one function per access pattern; per entity, an interface of its attributes, the type of its stored item, build* (the full item: attributes, keys, ${design.table.typeAttribute}) and put* (writes it).`,
    'Regenerate with: keyplan codegen DESIGN.json --lang typescript',
  ];
  const comment = intro
    .flatMap((p, i) => [...(i > 0 ? [''] : []), ...wrap(p, 97)])
    .map((line) => `//${line ? ` ${commentText(line)}` : ''}`);
  const names = [
    ...new Set(['DynamoDBDocumentClient', 'NativeAttributeValue', 'NumberValue', ...uses.imports]),
  ].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
  const types = new Set([
    'BatchGetCommandInput',
    'BatchGetCommandOutput',
    'NativeAttributeValue',
    'QueryCommandInput',
    'ScanCommandInput',
  ]);
  const specifiers = names.map((name) => (types.has(name) ? `type ${name}` : name));
  return [
    ...comment,
    `import { DynamoDBClient, type DynamoDBClientConfig } from '${SDK_CLIENT}';`,
    `${tsLayout({ kind: 'group', open: 'import {', items: specifiers, close: `} from '${SDK_LIB}';`, flatOpen: 'import { ', flatClose: ` } from '${SDK_LIB}';` }, '')}`,
    '',
    `export const TABLE_NAME = process.env.TABLE_NAME ?? ${tsString(design.table.name)};`,
  ].join('\n');
}

const CLIENT = `/**
 * A DocumentClient: plain JavaScript values in and out (numbers, strings, Set for sets). A number a
 * JavaScript number cannot hold (DynamoDB keeps 38 digits) comes back as a NumberValue with its digits;
 * pass NumberValue.from('…') to send one.
 */
export function createClient(config: DynamoDBClientConfig = {}): DynamoDBDocumentClient {
  // Optional attributes left undefined are not written.
  return DynamoDBDocumentClient.from(new DynamoDBClient(config), {
    marshallOptions: { removeUndefinedValues: true },
    unmarshallOptions: { wrapNumbers: exactNumber },
  });
}

/** A number as DynamoDB gives it: a JavaScript number when that holds its digits, else a NumberValue. */
function exactNumber(text: string): number | NumberValue {
  const number = Number(text);
  return String(number) === text ? number : NumberValue.from(text);
}

/** An item as the DocumentClient gives it. */
export type Item = Record<string, NativeAttributeValue>;

/** Where a Query or Scan starts and how many items it reads at most. */
export interface Page {
  limit?: number;
  exclusiveStartKey?: Item;
}

/** One page of a Query or Scan; pass lastEvaluatedKey back as exclusiveStartKey for the next. */
export interface ItemPage<T> {
  items: T[];
  lastEvaluatedKey?: Item;
}`;

export function typescriptModule(plan: CodePlan): string {
  const uses = new TypescriptUses();
  const entities = plan.entities.flatMap((entity) => entityDeclarations(plan.design, entity, uses));
  const patterns = plan.patterns.flatMap((pattern) => typescriptPatternFunctions(pattern, uses));
  const skipped = plan.skipped.map(
    ({ id, reason }) => `// ${id}: no function, because ${commentText(reason)}`,
  );
  const needed = new Set(uses.helpers);
  for (const name of needed) for (const other of NUMBER_TEXT_NEEDS[name] ?? []) needed.add(other);
  const helpers = HELPERS.filter(([name]) => needed.has(name)).map(([, code]) => code);
  const sections = [
    header(plan, uses),
    CLIENT,
    ...helpers,
    ...entities,
    ...patterns,
    ...(skipped.length ? [skipped.join('\n')] : []),
  ];
  return `${sections.join('\n\n')}\n`;
}
