// From an access pattern and its arguments to concrete values: which arguments a pattern needs, how CLI
// strings become typed values, and the ReadSpec that the request builder and the evaluator both consume.

import {
  placeholders,
  RenderTooLongError,
  renderKeyValue,
  renderTemplate,
  singlePlaceholder,
} from '../keys/template.ts';
import { writtenForms } from '../model/copies.ts';
import { isNaturalKey, keyAttributeTypes, keySchemaFor, primaryKeyNames } from '../model/indexes.ts';
import { keyConditionParts, keyConditionTemplates } from '../model/key-conditions.ts';
import { isReadPattern } from '../model/read-pattern.ts';
import type {
  AccessPattern,
  AttributeType,
  ConditionClause,
  ConditionOperator,
  Design,
  Entity,
  GetAction,
  JsonValue,
  KeyType,
  WriteAction,
  WriteCondition,
} from '../model/schema.ts';
import { parseDecimal } from '../values/compare.ts';
import { numberFromText } from '../values/exact-json.ts';
import type { KeyValue } from '../values/item.ts';
import { marshallValue } from '../values/marshall.ts';
import { RequestError } from '../values/request-error.ts';
import type { ReadSpec, ResolvedClause } from './read-spec.ts';

/** Argument values by name, as a caller gives them (the CLI gives strings; a list expands a transaction). */
export type ArgumentValues = Record<string, JsonValue | undefined>;

export function findEntity(design: Design, name: string): Entity {
  const entity = design.entities.find((e) => e.name === name);
  if (!entity) throw new RequestError(`no entity is named "${name}"`);
  return entity;
}

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

/** The entity's templates for the table's primary key, as [key name, template]. */
export function tableKeyTemplates(design: Design, entity: Entity): [string, string][] {
  return primaryKeyNames(design).map((name) => {
    const template = entity.keys[name];
    if (template === undefined)
      throw new RequestError(`${entity.name} has no template for the table key ${name}`);
    return [name, template];
  });
}

/** The key templates a get reads: its own `key`, else its entity's table key templates. */
export function getKeyTemplates(design: Design, get: GetAction): [string, string][] {
  if (!get.key) return tableKeyTemplates(design, findEntity(design, get.entity));
  const [partition, sort] = primaryKeyNames(design);
  if (sort && get.key.sort === undefined)
    throw new RequestError(`a get of ${get.entity} needs a sort key template for ${sort}`);
  return sort
    ? [
        [partition, get.key.partition],
        [sort, get.key.sort as string],
      ]
    : [[partition, get.key.partition]];
}

export interface IndexKeyUpdate {
  key: string;
  template: string;
  /** `set` recomputes the key from the new values; `remove` drops it (the item leaves the index). */
  action: 'set' | 'remove';
}

/**
 * The index keys (GSI/LSI, never the table's primary key, which cannot change) an update must rewrite so
 * that indexes stay in step with the attributes they are built from.
 */
export function indexKeyUpdates(
  design: Design,
  entity: Entity,
  set: string[],
  remove: string[],
): IndexKeyUpdate[] {
  const primary = primaryKeyNames(design);
  const updates: IndexKeyUpdate[] = [];
  for (const [key, template] of Object.entries(entity.keys)) {
    if (primary.includes(key)) continue;
    // A natural key (the attribute itself, `{status}` on the key status) changes with its attribute's own SET or REMOVE.
    if (isNaturalKey(entity, key)) continue;
    const uses = placeholders(template);
    if (uses.some((name) => remove.includes(name))) updates.push({ key, template, action: 'remove' });
    else if (uses.some((name) => set.includes(name))) updates.push({ key, template, action: 'set' });
  }
  return updates;
}

function templatePlaceholders(value: unknown): string[] {
  return typeof value === 'string' ? placeholders(value) : [];
}

function clausePlaceholders(clauses: readonly ConditionClause[] | undefined): string[] {
  return (clauses ?? []).flatMap((c) => [...templatePlaceholders(c.value), ...templatePlaceholders(c.to)]);
}

export function conditionClauses(condition: WriteCondition | undefined): ConditionClause[] {
  return Array.isArray(condition) ? condition : [];
}

/** The single writes of a write pattern: itself, or the actions of a transaction. Undefined for reads. */
export function writeActions(pattern: AccessPattern): WriteAction[] | undefined {
  switch (pattern.operation) {
    case 'PutItem':
    case 'DeleteItem':
      return [{ operation: pattern.operation, entity: pattern.entity, condition: pattern.condition }];
    case 'UpdateItem': {
      const { entity, condition, set, remove } = pattern;
      return [{ operation: 'UpdateItem', entity, condition, set, remove }];
    }
    case 'TransactWriteItems':
      return pattern.actions;
    default:
      return undefined;
  }
}

/** The arguments one write needs (see patternArguments); a write of copies needs their keys too. */
function actionArguments(design: Design, action: WriteAction): string[] {
  const entity = findEntity(design, action.entity);
  const forms = writtenForms(entity, action);
  const tableKey = forms.flatMap((form) =>
    tableKeyTemplates(design, form.entity).flatMap(([, template]) => placeholders(template)),
  );
  let names: string[];
  if (action.operation === 'PutItem') {
    // Index keys are optional: an item without their attributes simply stays out of the (sparse) index.
    names = [...tableKey, ...entity.attributes.filter((a) => a.required).map((a) => a.name)];
  } else if (action.operation === 'UpdateItem') {
    const set = action.set ?? [];
    const recomputed = forms
      .flatMap((form) => indexKeyUpdates(design, form.entity, set, action.remove ?? []))
      .filter((update) => update.action === 'set')
      .flatMap((update) => placeholders(update.template));
    names = [...tableKey, ...set, ...recomputed];
  } else {
    names = tableKey;
  }
  return unique([...names, ...clausePlaceholders(conditionClauses(action.condition))]);
}

function unique(names: string[]): string[] {
  return [...new Set(names)];
}

/**
 * The argument names a pattern needs, in a stable order: the placeholders of its templates (key condition,
 * filter, gets); for a PutItem the table key's plus the entity's required attributes; for an
 * UpdateItem the table key's, the `set` attributes and those of every index key the update recomputes; for
 * a DeleteItem the table key's; plus those of a write condition.
 */
export function patternArguments(design: Design, pattern: AccessPattern): string[] {
  switch (pattern.operation) {
    case 'GetItem':
    case 'Query': {
      const keyed = keyConditionTemplates(pattern.keyCondition).flatMap(templatePlaceholders);
      return unique([...keyed, ...clausePlaceholders(pattern.filter)]);
    }
    case 'Scan':
      return unique(clausePlaceholders(pattern.filter));
    case 'TransactGetItems':
    case 'BatchGetItem':
      return unique(
        pattern.gets.flatMap((get) =>
          getKeyTemplates(design, get).flatMap(([, template]) => placeholders(template)),
        ),
      );
    default:
      return unique((writeActions(pattern) ?? []).flatMap((action) => actionArguments(design, action)));
  }
}

function isMissing(value: JsonValue | undefined): boolean {
  return value === undefined || value === null || value === '';
}

/** Throws a RequestError naming the pattern and every needed argument that has no value. */
export function requireArguments(pattern: AccessPattern, names: string[], args: ArgumentValues): void {
  const missing = names.filter((name) => isMissing(args[name]));
  if (missing.length === 0) return;
  const noun = missing.length === 1 ? 'argument' : 'arguments';
  throw new RequestError(`pattern ${pattern.id} needs ${noun} ${missing.join(', ')}`);
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

function toNumber(name: string, value: JsonValue): JsonValue {
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

/** No value in a request can be longer than an item (400 KB), so a rendered value stops there. */
const VALUE_MAX_LENGTH = 400 * 1024;

/** A template's value: an argument keeps its own type when the template is exactly it, else the rendered text. */
function templateValue(template: ConditionClause['value'] & {}, args: ArgumentValues): JsonValue | undefined {
  if (typeof template !== 'string') return template;
  const only = singlePlaceholder(template);
  if (only !== undefined) return args[only];
  try {
    return renderTemplate(template, args, VALUE_MAX_LENGTH);
  } catch (error) {
    if (error instanceof RenderTooLongError)
      throw new RequestError(`"${shortened(template)}" ${error.message}`);
    throw error;
  }
}

const shortened = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);

/** Attributes declared binary or a set (the first declaration wins): their operands need a type JSON lacks. */
function typedOperandAttributes(design: Design): Map<string, AttributeType> {
  const types = new Map<string, AttributeType>();
  for (const [name, type] of keyAttributeTypes(design)) if (type === 'B') types.set(name, type);
  for (const entity of design.entities) {
    for (const { name, type } of entity.attributes) {
      if (!types.has(name) && (type === 'B' || type === 'BS' || type === 'SS' || type === 'NS'))
        types.set(name, type);
    }
  }
  return types;
}

const SET_MEMBER: Partial<Record<AttributeType, AttributeType>> = { SS: 'S', NS: 'N', BS: 'B' };

/**
 * The type an operand is sent as, when its JSON type is not it: base64 text compared with a binary attribute
 * is B, an array compared with a set is that set, and contains() looks for a member of the set's type.
 */
function operandType(
  declared: AttributeType | undefined,
  op: ConditionOperator,
  value: JsonValue,
): AttributeType | undefined {
  if (declared === 'B') return typeof value === 'string' ? 'B' : undefined;
  if (declared === undefined || !(declared in SET_MEMBER)) return undefined;
  if (Array.isArray(value)) return declared;
  return op === 'contains' && declared === 'BS' && typeof value === 'string' ? 'B' : undefined;
}

/**
 * Filter or condition clauses with their templates rendered; values of numeric attributes become numbers,
 * and operands of binary and set attributes carry the type they are sent as.
 */
export function resolveClauses(
  design: Design,
  clauses: readonly ConditionClause[],
  args: ArgumentValues,
): ResolvedClause[] {
  const numeric = numericAttributes(design);
  const typed = typedOperandAttributes(design);
  return clauses.map((clause) => {
    const resolved: ResolvedClause = { attribute: clause.attribute, op: clause.op };
    for (const field of ['value', 'to'] as const) {
      const template = clause[field];
      if (template === undefined) continue;
      const value = templateValue(template, args);
      if (value === undefined)
        throw new RequestError(`${clause.attribute} ${clause.op}: "${template}" has no value`);
      resolved[field] = numeric.has(clause.attribute) ? toNumber(clause.attribute, value) : value;
    }
    const type =
      resolved.value === undefined
        ? undefined
        : operandType(typed.get(clause.attribute), clause.op, resolved.value);
    if (type) {
      resolved.type = type;
      for (const operand of [resolved.value, resolved.to]) {
        if (operand === undefined) continue;
        try {
          marshallValue(operand, type);
        } catch (error) {
          if (!(error instanceof RequestError)) throw error;
          throw new RequestError(`${clause.attribute} ${clause.op}: ${error.message}`);
        }
      }
    }
    return resolved;
  });
}

/** A key template rendered as a key of this type; a RequestError when it cannot be (a list, not a number). */
export function renderKey(template: string, args: ArgumentValues, type: KeyType, keyName: string): KeyValue {
  let value: KeyValue | undefined;
  try {
    value = renderKeyValue(template, args, type);
  } catch (error) {
    if (error instanceof RenderTooLongError)
      throw new RequestError(
        `${keyName} "${shortened(template)}" ${error.message}, longer than any DynamoDB key`,
      );
    throw error;
  }
  if (value === undefined) {
    const used = placeholders(template).map((name) => `${name}=${JSON.stringify(args[name])}`);
    throw new RequestError(
      `${keyName} "${template}" cannot be rendered as type ${type} from ${used.join(', ')}`,
    );
  }
  return value;
}

/**
 * The read a GetItem, Query or Scan pattern makes with these arguments, typed once as the design declares
 * them: the one resolution the editor, the grid, the worker, the server and the dock share.
 */
export function resolvePattern(design: Design, pattern: AccessPattern, args: ArgumentValues): ReadSpec {
  return resolveTypedRead(design, pattern, coerceArguments(design, args));
}

/** resolvePattern of arguments already typed (buildRequest types them once for reads and writes alike). */
export function resolveTypedRead(design: Design, pattern: AccessPattern, values: ArgumentValues): ReadSpec {
  if (!isReadPattern(pattern))
    throw new RequestError(`pattern ${pattern.id} is a ${pattern.operation}, not a read`);
  requireArguments(pattern, patternArguments(design, pattern), values);
  const index = pattern.operation === 'GetItem' ? undefined : pattern.index;
  const schema = keySchemaFor(design, index);
  if (!schema) throw new RequestError(`pattern ${pattern.id} reads index "${index}", which does not exist`);
  const spec: ReadSpec = { operation: pattern.operation };
  if (index !== undefined) spec.index = index;
  if (pattern.operation !== 'Scan') {
    if (pattern.keyCondition.sort && !schema.sortKey)
      throw new RequestError(`pattern ${pattern.id}: ${index ?? 'the table'} has no sort key`);
    // Lists aligned with the index's key attributes: a single key is a list of one.
    const { partition, sort } = keyConditionParts(schema, pattern.keyCondition);
    const partitionValues = partition.map(({ attribute: { name, type }, template }) =>
      renderKey(template, values, type, name),
    );
    if (schema.partitionKeys.length > 1) spec.partitionKeys = partitionValues;
    else spec.partition = partitionValues[0];
    const last = sort[sort.length - 1];
    if (last) {
      const { name, type } = last.attribute;
      spec.sort = { op: last.op, value: renderKey(last.value, values, type, name) };
      if (last.to !== undefined) spec.sort.to = renderKey(last.to, values, type, name);
      if (sort.length > 1)
        spec.sortPrefix = sort
          .slice(0, -1)
          .map(({ attribute: { name, type }, value }) => renderKey(value, values, type, name));
    }
  }
  if (pattern.scanIndexForward !== undefined) spec.scanIndexForward = pattern.scanIndexForward;
  if (pattern.limit !== undefined) spec.limit = pattern.limit;
  if (pattern.consistentRead !== undefined) spec.consistentRead = pattern.consistentRead;
  if (pattern.filter?.length) spec.filter = resolveClauses(design, pattern.filter, values);
  if (pattern.projection?.length) spec.projection = [...pattern.projection];
  return spec;
}
