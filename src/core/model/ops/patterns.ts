// Access patterns: add, replace, convert between operations, reorder, duplicate, example and rate.
import { keySchemaFor, tableKeySchema } from '../indexes.ts';
import {
  type AccessPattern,
  type ArgumentValue,
  accessPatternSchema,
  type KeyCondition,
  type Operation,
  type ReadPattern,
  rateSchema,
  type WriteAction,
} from '../pattern-schema.ts';
import { isReadPattern } from '../read-pattern.ts';
import type { Design } from '../schema.ts';
import { assertValid, DesignOpError, firstFree, moveTo, replaceAt, withoutUndefined } from './shared.ts';

export type PatternRate = NonNullable<AccessPattern['rate']>;

function patternIndex(design: Design, id: string): number {
  const index = design.accessPatterns.findIndex((p) => p.id === id);
  if (index < 0) throw new DesignOpError(`no access pattern with id ${id}`);
  return index;
}

function assertIdFree(design: Design, id: string) {
  if (design.accessPatterns.some((p) => p.id === id))
    throw new DesignOpError(`an access pattern with id ${id} already exists`);
}

function mapPattern(design: Design, id: string, fn: (pattern: AccessPattern) => AccessPattern): Design {
  const i = patternIndex(design, id);
  const next = fn(design.accessPatterns[i]);
  if (next === design.accessPatterns[i]) return design;
  return { ...design, accessPatterns: replaceAt(design.accessPatterns, i, next) };
}

/** The entities a pattern reads, writes or gets, in order. */
function entitiesOf(pattern: AccessPattern): string[] {
  switch (pattern.operation) {
    case 'GetItem':
    case 'Query':
    case 'Scan':
      return pattern.returns ?? [];
    case 'PutItem':
    case 'UpdateItem':
    case 'DeleteItem':
      return [pattern.entity];
    case 'TransactWriteItems':
      return pattern.actions.map((a) => a.entity);
    case 'TransactGetItems':
    case 'BatchGetItem':
      return pattern.gets.map((g) => g.entity);
  }
}

/** The single write of a write pattern, or the first action of a transaction. */
function firstWrite(pattern: AccessPattern): WriteAction | undefined {
  switch (pattern.operation) {
    case 'PutItem':
    case 'DeleteItem':
    case 'UpdateItem': {
      const { operation, entity, condition } = pattern;
      const changes = operation === 'UpdateItem' ? { set: pattern.set, remove: pattern.remove } : {};
      return withoutUndefined({ operation, entity, condition, ...changes });
    }
    case 'TransactWriteItems':
      return pattern.actions[0];
    default:
      return undefined;
  }
}

/** A key condition the pattern already spells out: its own, or the key of its first get. */
function keyConditionOf(pattern: AccessPattern): KeyCondition | undefined {
  if ('keyCondition' in pattern) return pattern.keyCondition;
  const key = 'gets' in pattern ? pattern.gets[0].key : undefined;
  if (!key) return undefined;
  return key.sort === undefined
    ? { partition: key.partition }
    : { ...key, sort: { op: '=', value: key.sort } };
}

/** The entity's own templates for the key schema read: a Query names the partition, a GetItem the whole key. */
function entityKeyCondition(
  design: Design,
  entity: string | undefined,
  index: string | undefined,
  operation: 'GetItem' | 'Query',
): KeyCondition {
  const schema = keySchemaFor(design, index) ?? tableKeySchema(design);
  const keys = design.entities.find((e) => e.name === entity)?.keys ?? {};
  // A multi-attribute partition key: an "=" on each of its attributes.
  if (operation === 'Query' && schema.partitionKeys.length > 1)
    return {
      partitionKeys: Object.fromEntries(schema.partitionKeys.map((k) => [k.name, keys[k.name] ?? ''])),
    };
  const partition = keys[schema.partitionKey.name] ?? '';
  if (operation === 'Query' || !schema.sortKey) return { partition };
  return { partition, sort: { op: '=', value: keys[schema.sortKey.name] ?? '' } };
}

/**
 * A GetItem's key condition: the whole table key, an "=" on the sort key when the table has one. What the
 * pattern already says about the table's own key attributes is kept (its partition template; its sort
 * value when that was an "="); the rest comes from the entity's templates, so a Query of a partition (any
 * sort key) or of a GSI becomes a GetItem with both key fields filled in.
 */
function getItemKeyCondition(
  design: Design,
  pattern: AccessPattern,
  subject: string | undefined,
): KeyCondition {
  const table = tableKeySchema(design);
  const own = keyConditionOf(pattern);
  const entityKey = entityKeyCondition(design, subject, undefined, 'GetItem');
  const read = keySchemaFor(design, 'index' in pattern ? pattern.index : undefined);
  if (!own || !read) return entityKey;
  const partition = read.partitionKey.name === table.partitionKey.name ? own.partition : entityKey.partition;
  if (!table.sortKey) return { partition };
  const sort = read.sortKey?.name === table.sortKey.name && own.sort?.op === '=' ? own.sort : entityKey.sort;
  return { partition, sort: sort && { op: '=', value: sort.value } };
}

/**
 * The pattern as another operation, keeping what still means something: id, name, description, example
 * and rate always; read options between reads (minus what the target cannot do: GetItem reads the table
 * only, without order, limit or filter; Scan has no key condition or order); the key condition between
 * GetItem and Query (a GetItem's completed to the full table key); entity, condition and set/remove between
 * writes and transactions. What is missing is taken from the pattern's first entity (or the design's
 * first): its key templates, or it as the target.
 */
export function changePatternOperation(
  pattern: AccessPattern,
  operation: Operation,
  design: Design,
): AccessPattern {
  if (pattern.operation === operation) return pattern;
  const { id, name, description, example, rate } = pattern;
  const base = { id, name, description, example, rate };
  const subject = entitiesOf(pattern)[0] ?? design.entities[0]?.name;
  const target = () => {
    if (subject === undefined) throw new DesignOpError(`add an entity before making a ${operation} pattern`);
    return subject;
  };
  const read: Partial<ReadPattern> = isReadPattern(pattern)
    ? pattern
    : { returns: subject ? [subject] : undefined };
  const { index, scanIndexForward, limit, consistentRead, filter, projection, returns } = read;
  const write = firstWrite(pattern);
  let next: AccessPattern;
  switch (operation) {
    case 'GetItem':
      next = {
        ...base,
        operation,
        consistentRead,
        projection,
        returns,
        keyCondition: getItemKeyCondition(design, pattern, subject),
      };
      break;
    case 'Query':
      next = {
        ...base,
        operation,
        index,
        scanIndexForward,
        limit,
        consistentRead,
        filter,
        projection,
        returns,
        keyCondition: keyConditionOf(pattern) ?? entityKeyCondition(design, subject, index, operation),
      };
      break;
    case 'Scan':
      next = { ...base, operation, index, limit, consistentRead, filter, projection, returns };
      break;
    case 'PutItem':
    case 'DeleteItem':
      next = { ...base, operation, entity: write?.entity ?? target(), condition: write?.condition };
      break;
    case 'UpdateItem':
      next = {
        ...base,
        operation,
        entity: write?.entity ?? target(),
        condition: write?.condition,
        set: write?.set,
        remove: write?.remove,
      };
      break;
    case 'TransactWriteItems':
      next = { ...base, operation, actions: [write ?? { operation: 'PutItem', entity: target() }] };
      break;
    case 'TransactGetItems':
    case 'BatchGetItem': {
      // A GetItem's key becomes the key of the get; other reads fetch the entity by its own key templates.
      const key =
        pattern.operation === 'GetItem'
          ? withoutUndefined({
              partition: pattern.keyCondition.partition ?? '',
              sort: pattern.keyCondition.sort?.value,
            })
          : undefined;
      // TransactGetItems takes at most 100 gets.
      const gets =
        'gets' in pattern ? pattern.gets.slice(0, 100) : [withoutUndefined({ entity: target(), key })];
      next = { ...base, operation, gets };
      break;
    }
  }
  return withoutUndefined(next);
}

/**
 * Defaults: the next free id `p<n>`, named "New access pattern", a Query of the table on the partition
 * template of the first entity (which it returns). Fields given in `input` override the defaults.
 */
export function addPattern(design: Design, input: Partial<AccessPattern> = {}): Design {
  const id =
    input.id ??
    firstFree(
      (n) => `p${n}`,
      (n) => design.accessPatterns.some((p) => p.id === n),
    );
  assertIdFree(design, id);
  const subject = ('entity' in input && input.entity) || design.entities[0]?.name;
  const seed: AccessPattern = { id, name: 'New access pattern', operation: 'Scan' };
  if (subject) seed.returns = [subject];
  const defaults = changePatternOperation(seed, input.operation ?? 'Query', design);
  const pattern = withoutUndefined({ ...defaults, ...input, id }) as AccessPattern;
  assertValid(accessPatternSchema, pattern, 'access pattern');
  return { ...design, accessPatterns: [...design.accessPatterns, pattern] };
}

/** Replaces the pattern (its id may change, to one not taken). */
export function updatePattern(design: Design, id: string, next: AccessPattern): Design {
  patternIndex(design, id);
  if (next.id !== id) assertIdFree(design, next.id);
  assertValid(accessPatternSchema, next, 'access pattern');
  return mapPattern(design, id, () => next);
}

/** The operation picker: the pattern becomes `operation`, converted by changePatternOperation. */
export function setPatternOperation(design: Design, id: string, operation: Operation): Design {
  return mapPattern(design, id, (pattern) => changePatternOperation(pattern, operation, design));
}

export function removePattern(design: Design, id: string): Design {
  const i = patternIndex(design, id);
  return { ...design, accessPatterns: design.accessPatterns.filter((_, j) => j !== i) };
}

export function movePattern(design: Design, id: string, toIndex: number): Design {
  const accessPatterns = moveTo(design.accessPatterns, patternIndex(design, id), toIndex);
  return accessPatterns === design.accessPatterns ? design : { ...design, accessPatterns };
}

/** A copy right after the original, with id `<id>-copy` (then `<id>-copy-2`, …) and "(copy)" after its name. */
export function duplicatePattern(design: Design, id: string): Design {
  const i = patternIndex(design, id);
  const original = design.accessPatterns[i];
  const copyId = firstFree(
    (n) => (n === 1 ? `${id}-copy` : `${id}-copy-${n}`),
    (candidate) => design.accessPatterns.some((p) => p.id === candidate),
  );
  const copy: AccessPattern = { ...original, id: copyId, name: `${original.name} (copy)` };
  const accessPatterns = [...design.accessPatterns];
  accessPatterns.splice(i + 1, 0, copy);
  return { ...design, accessPatterns };
}

/** Sets the example value of one argument; undefined removes it (and the example once it is empty). */
export function setPatternExample(
  design: Design,
  id: string,
  name: string,
  value: ArgumentValue | undefined,
): Design {
  return mapPattern(design, id, (pattern) => {
    if (pattern.example?.[name] === value) return pattern;
    const { [name]: _removed, ...others } = pattern.example ?? {};
    const example = value === undefined ? others : { ...pattern.example, [name]: value };
    return withoutUndefined({ ...pattern, example: Object.keys(example).length > 0 ? example : undefined });
  });
}

/** Sets the expected load used by estimates; undefined removes it. */
export function setPatternRate(design: Design, id: string, rate: PatternRate | undefined): Design {
  if (rate) assertValid(rateSchema, rate, 'rate');
  return mapPattern(design, id, (pattern) => withoutUndefined({ ...pattern, rate }));
}
