// A design from the ElectroDB entities a module exports (entities, a Service, or objects holding them), read
// from each entity's schema (`entity.schema`: model, attributes, indexes) and never from source text. A key
// with a `template` becomes that template; a key without one becomes ElectroDB's own format (`$service#attr_value`,
// `$entity_version#…`, a collection's `$collection#…`) so the derived keys are the ones ElectroDB writes. What
// cannot be a Keyplan template (lower-cased values, functions, watch) is a warning naming where, and so is an
// index whose field is not its index's key (that index is left out, the rest of the service read). Each index
// is a pattern named as its access pattern and each collection one named as the collection, so that an
// export writes them back (export-names.ts).
import { literalPrefix } from '../../keys/template.ts';
import type { AccessPattern, DesignInput } from '../../model/schema.ts';
import { moduleImport } from '../module-code.ts';
import { recoverTemplate, renamePlaceholders } from '../recover-template.ts';
import type { FormatImport } from '../types.ts';
import { ELECTRODB_ENTITY_ATTRIBUTE } from './export.ts';
import { COLLECTION_ID } from './export-names.ts';
import {
  attributeType,
  type ElectroEntityLike,
  type IndexDefinition,
  isOwnValue,
  type KeyRead,
  readKey,
} from './import-keys.ts';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function isElectroEntity(value: unknown): value is ElectroEntityLike {
  if (!isObject(value) || !isObject(value.schema)) return false;
  const schema = value.schema;
  return (
    isObject(schema.model) && isObject(schema.attributes) && isObject(schema.indexes) && isObject(value.query)
  );
}

/** Every distinct entity the exports hold: exported entities, a Service's, or those of an exported object. */
function electroEntities(exports: Readonly<Record<string, unknown>>): ElectroEntityLike[] {
  const found: ElectroEntityLike[] = [];
  const visit = (value: unknown, depth: number) => {
    if (isElectroEntity(value)) {
      if (!found.includes(value)) found.push(value);
      return;
    }
    if (!isObject(value) || depth > 1) return;
    const holder = isObject(value.entities) ? value.entities : value;
    for (const inner of Object.values(holder)) visit(inner, depth + 1);
  };
  // A Service or an object of entities keeps its authors' order; a module namespace is sorted by name.
  const values = Object.values(exports);
  for (const value of values) if (!isElectroEntity(value)) visit(value, 0);
  for (const value of values) visit(value, 0);
  return found;
}

const ENTITY_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

export function importElectroDb(exports: Readonly<Record<string, unknown>>): FormatImport {
  const entities = electroEntities(exports);
  if (entities.length === 0)
    return {
      ok: false,
      message: `exports no ElectroDB Entity or Service (its exports: ${Object.keys(exports).join(', ') || 'none'}): export one (an Entity, a Service, or an object of them)`,
    };
  const warnings: string[] = [];
  const first = entities[0];
  const service = first.schema.model.service;
  const tableName = first.config?.table;
  if (!tableName)
    warnings.push(`entity ${first.schema.model.entity}: no table configured; the table is named ${service}`);
  const typeAttribute = first.identifiers?.entity ?? ELECTRODB_ENTITY_ATTRIBUTE;

  let tableKeys: { pk: KeyRead; sk?: KeyRead } | undefined;
  const gsis = new Map<string, { pk: KeyRead; sk?: KeyRead }>();
  const projections = new Map<string, Set<string> | 'KEYS_ONLY'>();
  const lsis = new Map<string, KeyRead>();
  const designEntities: DesignInput['entities'] = [];
  const patterns: AccessPattern[] = [];
  const collections = new Map<string, { index?: string; partition: string; members: string[] }>();
  const agreed = agreedIndexFields(entities);

  for (const entity of entities) {
    const { model, attributes, indexes } = entity.schema;
    let name = model.entity;
    const where = `entity ${model.entity}`;
    if (!ENTITY_NAME.test(name)) {
      name = `E${name.replace(/[^A-Za-z0-9_]/g, '_')}`.replace(/^E([A-Za-z])/, '$1');
      warnings.push(
        `${where}: named ${name} in Keyplan (letters, digits and _); ElectroDB writes "${model.entity}" as its type`,
      );
    }
    if (entity.schema.model.service !== service)
      warnings.push(`${where}: of service ${model.service}, read into ${service}'s design`);
    if ((entity.identifiers?.entity ?? ELECTRODB_ENTITY_ATTRIBUTE) !== typeAttribute)
      warnings.push(
        `${where}: writes its name under ${entity.identifiers?.entity}, the others under ${typeAttribute}`,
      );

    // Keyplan names an attribute as it is stored: an ElectroDB attribute's `field` when it has one.
    const stored = (attribute: string) => attributes[attribute]?.field ?? attribute;
    const keyFields = new Set<string>();
    for (const index of Object.values(indexes)) {
      keyFields.add(index.pk.field ?? '');
      if (index.sk?.field) keyFields.add(index.sk.field);
    }
    const designAttributes: NonNullable<DesignInput['entities']>[number]['attributes'] = [];
    // A key attribute computed from others (`watch` + `set`): its template, recovered by calling `set`.
    const computed = new Map<string, string>();
    for (const [attributeName, definition] of Object.entries(attributes)) {
      const at = `${where}.${attributeName}`;
      const field = stored(attributeName);
      if (keyFields.has(field) && typeof definition.set === 'function') {
        const set = definition.set as (value: unknown, item: Record<string, unknown>) => unknown;
        const watched = Array.isArray(definition.watch)
          ? (definition.watch as string[])
          : Object.keys(attributes);
        const numeric = new Set(watched.filter((name) => attributes[name]?.type === 'number'));
        const recovered = recoverTemplate((values) => set(undefined, values), watched, numeric);
        if (recovered.ok) computed.set(field, renamePlaceholders(recovered.template, stored));
        else warnings.push(`${at}: its set function is not a key template: ${recovered.reason}`);
        continue;
      }
      const ownKey =
        keyFields.has(field) &&
        Object.values(indexes).some(
          (i) => isOwnValue(i.pk, field, stored) || (i.sk !== undefined && isOwnValue(i.sk, field, stored)),
        );
      if (keyFields.has(field) && !ownKey) continue;
      const read = attributeType(definition, at, warnings);
      const { type } = read;
      let enumValues = read.enumValues;
      for (const option of ['get', 'validate', 'default'])
        if (typeof definition[option] === 'function')
          warnings.push(`${at}: its ${option} function is not read (Keyplan holds values, not code)`);
      if (typeof definition.set === 'function') {
        const constant = constantSet(definition.set as SetFunction, enumValues);
        if (constant !== undefined) enumValues = [constant];
        warnings.push(setWarning(at, definition, constant));
      } else if (definition.watch !== undefined)
        warnings.push(
          `${at}: it watches ${watchedText(definition.watch)} but has no set function; read as a plain attribute`,
        );
      if (definition.validate instanceof RegExp)
        warnings.push(`${at}: its validation pattern ${definition.validate} is not checked by Keyplan`);
      if (definition.default !== undefined && typeof definition.default !== 'function')
        warnings.push(
          `${at}: ElectroDB writes ${JSON.stringify(definition.default)} when it is missing; Keyplan's samples must hold it`,
        );
      designAttributes.push({
        name: field,
        type,
        ...(definition.required === true ? { required: true } : {}),
        ...(enumValues ? { enum: enumValues } : {}),
      });
    }

    const keys: Record<string, string> = {};
    const cased: string[] = [];
    for (const [accessPattern, index] of Object.entries(indexes)) {
      const at = `${where}.indexes.${accessPattern}`;
      const hasSk = index.sk !== undefined && index.sk.field !== undefined;
      const fields = agreed.get(index.index ?? '');
      const mismatch = fields && index.index !== undefined && mismatchedField(index, fields);
      if (mismatch) {
        // ElectroDB builds the entity and writes both fields, but the item lacks the index's own key, so it is
        // not in the index, and the access pattern's query names a field DynamoDB refuses in a key condition.
        warnings.push(
          `${at}: its ${mismatch.role} field ${mismatch.field} is not a key of index ${index.index} (${fields.pk}/${fields.sk ?? '-'}, as ${fields.by} declares it): ElectroDB writes ${mismatch.field} as a plain attribute, the item is not in the index and a query on ${accessPattern} fails; the index is not read for ${model.entity}`,
        );
        continue;
      }
      const collection = index.collection;
      const context = { index, hasSk, model, attributes, stored, computed, cased, at, warnings };
      const pk = readKey(index.pk, 'pk', context);
      const sk = hasSk && index.sk ? readKey(index.sk, 'sk', context) : undefined;
      keys[pk.field] = pk.template;
      if (sk) keys[sk.field] = sk.template;
      if (index.index !== undefined && index.projection !== undefined && index.projection !== 'all') {
        const previous = projections.get(index.index);
        if (index.projection === 'keys_only') {
          if (previous === undefined) projections.set(index.index, 'KEYS_ONLY');
        } else if (Array.isArray(index.projection)) {
          const names = new Set(previous instanceof Set ? previous : []);
          for (const name of index.projection) names.add(stored(String(name)));
          projections.set(index.index, names);
        }
      }
      if (index.index === undefined) {
        if (!tableKeys) tableKeys = { pk, sk };
        else if (tableKeys.pk.field !== pk.field || tableKeys.sk?.field !== sk?.field)
          warnings.push(
            `${at}: the table key is ${tableKeys.pk.field}/${tableKeys.sk?.field ?? '-'} for the other entities; this one is read as given`,
          );
      } else if (tableKeys && pk.field === tableKeys.pk.field && sk) {
        lsis.set(index.index, sk);
      } else if (!gsis.has(index.index)) gsis.set(index.index, { pk, sk });
      const id = `${name}-${accessPattern}`.replace(/[^A-Za-z0-9_-]/g, '-');
      const prefix = sk ? literalPrefix(sk.template) : '';
      // The pattern is named as the access pattern, so an export gives the entity `query.<name>` back.
      patterns.push({
        id,
        name: accessPattern,
        operation: 'Query',
        ...(index.index === undefined ? {} : { index: index.index }),
        keyCondition: {
          partition: pk.template,
          ...(sk && prefix && prefix !== sk.template
            ? { sort: { op: 'begins_with' as const, value: prefix } }
            : {}),
          ...(sk && prefix === sk.template ? { sort: { op: '=' as const, value: prefix } } : {}),
        },
        returns: [name],
      } as AccessPattern);
      // A list of collections (`['owned', 'managed']`) puts the entity in each: a collection and its
      // sub-collection, both on the Service.
      const labels = collection === undefined ? [] : Array.isArray(collection) ? collection : [collection];
      for (const label of labels.map(String)) {
        const group = collections.get(label) ?? { index: index.index, partition: pk.template, members: [] };
        if (group.partition !== pk.template || group.index !== index.index)
          warnings.push(
            `${at}: collection ${label}'s partition is ${group.partition} on ${group.index ?? 'the table'} for ${group.members.join(', ')}; ${pk.template} on ${index.index ?? 'the table'} here`,
          );
        group.members.push(name);
        collections.set(label, group);
      }
    }
    const distinct = [...new Set(cased)];
    if (distinct.length > 0)
      warnings.push(
        `${where}: ElectroDB changes the case of the values in ${distinct.join(', ')} (its default casing is lower); Keyplan's templates keep a value as it is, so the keys match for values already in that case`,
      );
    designEntities.push({ name, attributes: designAttributes, keys });
  }
  // Every collection is a pattern named as the collection (one member or more), so an export keeps it.
  for (const [label, group] of collections) {
    patterns.push({
      id: `${COLLECTION_ID}${label}`.replace(/[^A-Za-z0-9_-]/g, '-'),
      name: label,
      operation: 'Query',
      ...(group.index === undefined ? {} : { index: group.index }),
      keyCondition: { partition: group.partition },
      returns: group.members,
    } as AccessPattern);
  }
  if (!tableKeys) return { ok: false, message: 'no entity has a primary index (an index without `index`)' };
  for (const [lsi] of lsis) gsis.delete(lsi);

  const projectionOf = (index: string) => {
    const projection = projections.get(index);
    if (projection === undefined) return {};
    if (projection === 'KEYS_ONLY') return { projection: { type: 'KEYS_ONLY' as const } };
    return { projection: { type: 'INCLUDE' as const, attributes: [...projection] } };
  };
  const design: DesignInput = {
    format: 'keyplan/1',
    name: service,
    table: {
      name: tableName ?? service.replace(/[^a-zA-Z0-9_.-]/g, '-'),
      partitionKey: { name: tableKeys.pk.field, type: tableKeys.pk.type },
      ...(tableKeys.sk ? { sortKey: { name: tableKeys.sk.field, type: tableKeys.sk.type } } : {}),
      globalSecondaryIndexes: [...gsis].map(([name, keys]) => ({
        name,
        partitionKey: { name: keys.pk.field, type: keys.pk.type },
        ...(keys.sk ? { sortKey: { name: keys.sk.field, type: keys.sk.type } } : {}),
        ...projectionOf(name),
      })),
      localSecondaryIndexes: [...lsis].map(([name, sk]) => ({
        name,
        sortKey: { name: sk.field, type: sk.type },
        ...projectionOf(name),
      })),
      typeAttribute,
    },
    entities: designEntities,
    accessPatterns: patterns,
  };
  return moduleImport(design, warnings);
}

/**
 * Each secondary index's key fields as the entities declare them: the pair most of them give (the first
 * entity's on a tie), and an entity that names it.
 */
function agreedIndexFields(entities: readonly ElectroEntityLike[]) {
  const counts = new Map<string, Map<string, { pk: string; sk?: string; by: string; n: number }>>();
  for (const entity of entities)
    for (const index of Object.values(entity.schema.indexes)) {
      if (index.index === undefined) continue;
      const pk = index.pk.field ?? 'pk';
      const sk = index.sk?.field;
      const pairs = counts.get(index.index) ?? new Map();
      const pair = pairs.get(`${pk}\u0000${sk}`) ?? { pk, sk, by: entity.schema.model.entity, n: 0 };
      pair.n += 1;
      pairs.set(`${pk}\u0000${sk}`, pair);
      counts.set(index.index, pairs);
    }
  const agreed = new Map<string, { pk: string; sk?: string; by: string }>();
  for (const [name, pairs] of counts)
    agreed.set(
      name,
      [...pairs.values()].reduce((best, pair) => (pair.n > best.n ? pair : best)),
    );
  return agreed;
}

function mismatchedField(index: IndexDefinition, fields: { pk: string; sk?: string }) {
  const pk = index.pk.field ?? 'pk';
  if (pk !== fields.pk) return { role: 'pk', field: pk };
  const sk = index.sk?.field;
  return sk !== fields.sk ? { role: 'sk', field: sk ?? '(none)' } : undefined;
}

type SetFunction = (value: unknown, item: Record<string, unknown>) => unknown;

/**
 * The text a `set` always gives, whatever its value and item (`set: () => IssueTicket`), when it is one of the
 * attribute's values: called here, in the sandbox the module runs in, with two different probes.
 */
function constantSet(set: SetFunction, enumValues: string[] | undefined): string | undefined {
  try {
    const first = set(undefined, {});
    const second = set('keyplan-probe', { keyplan: 'probe' });
    if (typeof first !== 'string' || first !== second) return undefined;
    return enumValues === undefined || enumValues.includes(first) ? first : undefined;
  } catch {
    return undefined;
  }
}

const watchedText = (watch: unknown) =>
  watch === '*' ? 'every attribute' : Array.isArray(watch) ? watch.join(', ') : String(watch);

/** What a `set` on a plain attribute becomes: its constant as the attribute's only value, or a warning. */
function setWarning(at: string, definition: Record<string, unknown>, constant: string | undefined): string {
  const when =
    definition.watch === undefined ? 'on each write' : `when ${watchedText(definition.watch)} changes`;
  return constant !== undefined
    ? `${at}: its set function always writes ${JSON.stringify(constant)} (${when}): read as its only value (enum)`
    : `${at}: its set function computes the stored value ${when}, from code Keyplan does not hold: the samples must hold the value it writes`;
}
