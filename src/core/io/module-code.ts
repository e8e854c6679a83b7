// What the ElectroDB and DynamoDB-Toolbox formats share: the indexes of a table as pairs of key attributes,
// each entity's attributes with those only its samples hold, and how to write names and values as
// TypeScript. Both write a module whose keys must be exactly the ones Keyplan derives.

import { formatProblems, validateDesign } from '../checks/validate.ts';
import { placeholders, type TemplatePart } from '../keys/template.ts';
import { inKeySchemaOrder, type KeySchema, keySchemas } from '../model/indexes.ts';
import type { AttributeType, Design, DesignInput, Entity } from '../model/schema.ts';
import { plainType } from '../values/marshall.ts';
import { typescriptIdentifier } from './codegen/naming.ts';
import { numberTextHelpers } from './codegen/typescript-helpers.ts';
import { tsKey, tsTemplateText } from './codegen/typescript-values.ts';
import type { FormatImport } from './types.ts';

/** A JavaScript identifier for an exported name: the name itself, `_` in place of other characters. */
function tsIdentifier(name: string, taken: Set<string>): string {
  const base = typescriptIdentifier(name.replace(/[^A-Za-z0-9_$]/g, '_'));
  let id = base;
  for (let i = 2; taken.has(id); i++) id = `${base}${i}`;
  taken.add(id);
  return id;
}

/**
 * The names every module declares whatever the design (its client import, the table, the entities' map and
 * the key helpers): an entity of one of these names is exported under another.
 */
const MODULE_OWN_NAMES = [
  'DynamoDBClient',
  'table',
  'entities',
  'present',
  'key',
  'pad',
  ...numberTextHelpers(false).map(([name]) => name),
];

/**
 * The entities a module exports, each under an identifier no other name of the module has (an entity named
 * `table` is exported as `table2`), and the `entities` map that names them as the design does.
 */
export class ModuleExports {
  private readonly taken: Set<string>;
  private readonly exported: [string, string][] = [];

  /** `ownNames`: the names this library's module declares or imports besides those every module has. */
  constructor(ownNames: readonly string[]) {
    this.taken = new Set([...MODULE_OWN_NAMES, ...ownNames]);
  }

  /** The identifier the entity is exported as. */
  add(entityName: string): string {
    const id = tsIdentifier(entityName, this.taken);
    this.exported.push([entityName, id]);
    return id;
  }

  /** The module's `export const entities = { … }` line: each entity by its design name. */
  entitiesLine(): string {
    return `export const entities = { ${this.exported.map(([name, id]) => (tsKey(name) === id ? id : `${tsKey(name)}: ${id}`)).join(', ')} };`;
  }
}

/** The warning that a module leaves out an entity's item copies, when the entity has any. */
export function unwrittenCopiesWarnings(entity: Entity): string[] {
  return entity.copies?.length
    ? [
        `entity ${entity.name}: its item copies (${entity.copies.map((c) => c.name).join(', ')}) are not written`,
      ]
    : [];
}

/** The warning that a library stores an attribute Keyplan keeps only in keys (`keyOnly`), when it is one. */
export function keyOnlyWarnings(entity: Entity, attribute: ModuleAttribute, library: string): string[] {
  return attribute.keyOnly
    ? [
        `entity ${entity.name}.${attribute.name}: key-only in Keyplan; ${library} stores it as an attribute too`,
      ]
    : [];
}

/**
 * The table's key schemas with one attribute per role, which a library declares as indexes, and those of
 * multi-attribute GSI keys, whose key attributes a module computes without declaring the index.
 */
export function singleKeySchemas(design: Design): { schemas: KeySchema[]; multiAttribute: KeySchema[] } {
  const schemas: KeySchema[] = [];
  const multiAttribute: KeySchema[] = [];
  for (const schema of keySchemas(design)) {
    if (schema.partitionKeys.length > 1 || schema.sortKeys.length > 1) multiAttribute.push(schema);
    else schemas.push(schema);
  }
  return { schemas, multiAttribute };
}

/** Every key attribute of the table and its indexes. */
export function allKeyNames(design: Design): Set<string> {
  return new Set(keySchemas(design).flatMap((s) => [...s.partitionKeys, ...s.sortKeys].map((k) => k.name)));
}

export interface ModuleAttribute {
  name: string;
  type: AttributeType;
  required: boolean;
  enum?: readonly (string | number)[];
  keyOnly: boolean;
  /** Not declared by the entity; found in its samples. */
  fromSamples: boolean;
}

/**
 * The attributes an entity's items hold, declared ones first, then any its samples hold that it does not
 * declare (a library drops what its schema does not name), without the table's key attributes and the type
 * attribute: those the module computes.
 */
export function moduleAttributes(
  design: Design,
  entity: Entity,
  keyNames: ReadonlySet<string>,
): ModuleAttribute[] {
  const out: ModuleAttribute[] = [];
  const seen = new Set<string>();
  const skip = (name: string) => keyNames.has(name) && !isOwnValueKey(entity, name);
  for (const attribute of entity.attributes) {
    if (seen.has(attribute.name) || skip(attribute.name) || attribute.name === design.table.typeAttribute)
      continue;
    seen.add(attribute.name);
    const values = attribute.enum?.filter((v): v is string | number => typeof v !== 'object');
    out.push({
      name: attribute.name,
      type: attribute.type,
      required: attribute.required === true,
      ...(values && values.length === attribute.enum?.length ? { enum: values } : {}),
      keyOnly: attribute.keyOnly === true,
      fromSamples: false,
    });
  }
  for (const sample of design.items[entity.name] ?? []) {
    for (const [name, value] of Object.entries(sample)) {
      if (seen.has(name) || skip(name) || name === design.table.typeAttribute || value === null) continue;
      seen.add(name);
      out.push({ name, type: plainType(value), required: false, keyOnly: false, fromSamples: true });
    }
  }
  return out;
}

/** A key attribute whose template is the attribute of the same name: the item's own value is the key. */
function isOwnValueKey(entity: Entity, keyName: string): boolean {
  return entity.keys[keyName] === `{${keyName}}`;
}

/**
 * Whether a key made of one attribute is that attribute's value as it is: the attribute has the key's type.
 * Otherwise the module writes it as text, as Keyplan derives a key from a value of another type.
 */
export function isDirectKey(
  template: string,
  keyType: AttributeType,
  attributes: readonly ModuleAttribute[],
): boolean {
  const names = placeholders(template);
  if (names.length !== 1 || template !== `{${names[0]}}`) return false;
  return attributes.find((a) => a.name === names[0])?.type === keyType;
}

/**
 * The helpers a module's computed keys call, those its code uses, typed so that the module compiles under
 * strict TypeScript: `key` (a tagged template, undefined when a value it is made of is missing, as Keyplan
 * leaves a sparse index's key out), `pad` (a value padded with zeros) and `tableKey` (a key every item has:
 * a value of it missing is an error); values are written as Keyplan writes them (numberTextHelpers).
 */
export function keyHelpers(code: string): string[] {
  const usesTableKey = /\btableKey`/.test(code);
  const usesKey = usesTableKey || /\bkey`/.test(code);
  const usesPad = /\bpad\(/.test(code);
  if (!usesKey && !usesPad) return [];
  return [
    "// A key made of values: undefined (not written) when one is missing, as Keyplan leaves a sparse index's key out.",
    "const present = (value: unknown): boolean => value !== undefined && value !== null && value !== '';",
    // A value as Keyplan writes it in a key: a number in plain digits, padded with its sign in front.
    ...numberTextHelpers(false)
      .filter(([name]) => usesPad || name !== 'padNumber')
      .map(([, code]) => code),
    ...(usesKey
      ? [
          'const key = (strings: TemplateStringsArray, ...values: unknown[]): string | undefined =>',
          "  values.every(present) ? strings.reduce((out, text, i) => out + text + (i < values.length ? keyText(values[i]) : ''), '') : undefined;",
        ]
      : []),
    ...(usesPad
      ? [
          'const pad = (value: unknown, width: number): string | undefined => (present(value) ? padNumber(value, width) : undefined);',
        ]
      : []),
    ...(usesTableKey
      ? [
          '// A key of the table: every item has one, so a value of it missing is an error.',
          'const tableKey = (strings: TemplateStringsArray, ...values: unknown[]): string => {',
          '  const value = key(strings, ...values);',
          `  if (value === undefined) throw new Error(\`a value of the key \${strings.join('{}')} is missing\`);`,
          '  return value;',
          '};',
        ]
      : []),
  ];
}

/** A design read from a module's entities, as an import's answer: valid with the reading's warnings, or why not. */
export function moduleImport(design: DesignInput, warnings: string[]): FormatImport {
  const result = validateDesign(design);
  if (!result.ok)
    return {
      ok: false,
      message: `the entities do not make a valid design:\n${formatProblems(result.problems)}`,
    };
  const valid = result.design as Design;
  const entities = valid.entities.map((entity) => ({
    ...entity,
    keys: inKeySchemaOrder(valid, entity.keys),
  }));
  return { ok: true, design: { ...valid, entities }, warnings };
}

/**
 * A Keyplan template as the inside of a TypeScript template literal: its text escaped, each value as `writeValue`
 * writes it, padded with zeros by the module's `pad` helper where the template pads it.
 */
export function templateLiteralBody(
  parts: readonly TemplatePart[],
  writeValue: (name: string) => string,
): string {
  return parts
    .map((part) =>
      part.kind === 'literal'
        ? tsTemplateText(part.text)
        : part.width === undefined
          ? `\${${writeValue(part.name)}}`
          : `\${pad(${writeValue(part.name)}, ${part.width})}`,
    )
    .join('');
}
