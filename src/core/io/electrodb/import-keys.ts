// What Keyplan reads of an ElectroDB entity's schema, and one key of an index read as a Keyplan template in
// ElectroDB's own format (its prefixes, labels and casing), so the derived keys are the ones ElectroDB writes.
import type { AttributeType, KeyType } from '../../model/schema.ts';

export interface KeyDefinition {
  field?: string;
  composite?: readonly string[];
  template?: string;
  casing?: string;
  cast?: string;
}
export interface IndexDefinition {
  index?: string;
  collection?: string | readonly string[];
  type?: string;
  scope?: string;
  projection?: 'all' | 'keys_only' | readonly string[];
  pk: KeyDefinition;
  sk?: KeyDefinition;
}
export interface AttributeDefinition {
  type?: unknown;
  field?: string;
  label?: string;
  required?: boolean;
  items?: unknown;
  padding?: { length?: number; char?: string };
  [option: string]: unknown;
}
export interface ElectroSchema {
  model: { entity: string; version: string; service: string };
  attributes: Record<string, AttributeDefinition>;
  indexes: Record<string, IndexDefinition>;
}
/** What Keyplan reads of an ElectroDB Entity instance. */
export interface ElectroEntityLike {
  schema: ElectroSchema;
  identifiers?: { entity?: string; version?: string };
  config?: { table?: string };
}

export interface KeyRead {
  field: string;
  template: string;
  type: KeyType;
}

/** A key that is its attribute's own value: the attribute's field, made of that one attribute, no template. */
export function isOwnValue(key: KeyDefinition, field: string, stored: (a: string) => string): boolean {
  return (
    key.field === field &&
    key.template === undefined &&
    key.composite?.length === 1 &&
    stored(key.composite[0]) === field
  );
}

export function attributeType(
  definition: AttributeDefinition,
  at: string,
  warnings: string[],
): { type: AttributeType; enumValues?: string[] } {
  const type = definition.type;
  if (Array.isArray(type)) return { type: 'S', enumValues: type.map(String) };
  switch (type) {
    case 'string':
      return { type: 'S' };
    case 'number':
      return { type: 'N' };
    case 'boolean':
      return { type: 'BOOL' };
    case 'list':
      return { type: 'L' };
    case 'map':
      return { type: 'M' };
    case 'set':
      return { type: definition.items === 'number' ? 'NS' : 'SS' };
    default:
      warnings.push(`${at}: type ${String(type)} has no DynamoDB type of its own; read as a map (M)`);
      return { type: 'M' };
  }
}

export interface KeyContext {
  index: IndexDefinition;
  hasSk: boolean;
  model: ElectroSchema['model'];
  attributes: ElectroSchema['attributes'];
  stored: (attribute: string) => string;
  computed: ReadonlyMap<string, string>;
  /** Keys whose values ElectroDB changes the case of, with the casing. */
  cased: string[];
  at: string;
  warnings: string[];
}

/** One key of an index as a Keyplan template, in ElectroDB's format: its template, or its default prefixes. */
export function readKey(key: KeyDefinition, role: 'pk' | 'sk', context: KeyContext): KeyRead {
  const { index, model, attributes, stored, at, warnings } = context;
  const field = key.field ?? role;
  const where = `${at}.${role}`;
  const composite = key.composite ?? [];
  const numeric = (name: string) => attributes[name]?.type === 'number';
  if (isOwnValue(key, field, stored))
    return {
      field,
      template: context.computed.get(field) ?? `{${field}}`,
      type: numeric(composite[0]) ? 'N' : 'S',
    };
  const casing = key.casing ?? 'lower';
  const cased = (text: string) =>
    casing === 'upper' ? text.toUpperCase() : casing === 'none' ? text : text.toLowerCase();
  const placeholder = (name: string) => {
    const padding = attributes[name]?.padding;
    if (padding?.length && padding.char !== '0')
      warnings.push(`${where}: ${name} is padded with "${padding.char}"; Keyplan pads numbers with zeros`);
    return padding?.length && padding.char === '0'
      ? `{${stored(name)}:${padding.length}}`
      : `{${stored(name)}}`;
  };
  if (key.template !== undefined) {
    const parts = key.template.split(/\$\{([^}]*)\}/);
    let template = '';
    parts.forEach((part, i) => {
      template += i % 2 === 0 ? cased(part) : placeholder(part.trim());
    });
    const single = composite.length === 1 && key.template.trim() === `\${${composite[0]}}`;
    const type: KeyType =
      key.cast === 'number' || (single && key.cast === undefined && numeric(composite[0])) ? 'N' : 'S';
    if (casing !== 'none' && composite.length > 0 && type === 'S') context.cased.push(`${field} (${casing})`);
    return { field, template, type };
  }
  // ElectroDB's own format: see Entity._makeKeyFixings (prefixes) and _makeKey (`#label_value` each).
  const collection = index.collection;
  const collectionPrefix = Array.isArray(collection)
    ? collection.map((c, i) => (i === 0 ? `$${c}` : `#${c}`)).join('')
    : collection
      ? `$${collection}`
      : '';
  const entityKeys = `${collectionPrefix ? '#' : '$'}${model.entity}_${model.version}`;
  const clustered = index.type === 'clustered';
  let skPrefix = collectionPrefix;
  let postfix = '';
  if (clustered) postfix = entityKeys;
  else skPrefix += entityKeys;
  let prefix: string;
  if (role === 'pk') {
    prefix = `$${model.service}`;
    if (!context.hasSk) prefix += skPrefix + (clustered ? postfix : '');
    if (index.scope) prefix += `_${index.scope}`;
  } else prefix = skPrefix;
  let template = cased(prefix);
  for (const name of composite) {
    const label = attributes[name]?.label ?? name;
    template += `${cased(`#${label}_`)}${placeholder(name)}`;
  }
  if (role === 'sk' && postfix) template += cased(postfix);
  if (casing !== 'none' && composite.length > 0) context.cased.push(`${field} (${casing})`);
  return { field, template, type: 'S' };
}
