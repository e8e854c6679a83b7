// The ValidationExceptions DynamoDB answers a read with before it reads anything, in DynamoDB Local's own
// words (each message was taken from DynamoDB Local 2026-05-28 by sending the request) and in its order:
// the expressions first (filter operand types, overlapping projection paths), then the key values (an
// empty S or B), then what an index does not project. validate.ts refuses the same for what a design
// states (designReadProblems); the evaluator refuses it for the arguments of one read.

import { type KeySchema, projectedAttributeNames } from '../model/indexes.ts';
import type { ConditionOperator, Design, JsonValue, KeyAttribute, KeyType } from '../model/schema.ts';
import type { ResolvedClause } from '../requests/read-spec.ts';
import { compareKeyValues, decodeBase64, isNumeric } from '../values/compare.ts';
import { stringifyExactJson } from '../values/exact-json.ts';
import type { KeyValue, PlainItem } from '../values/item.ts';
import { plainType } from '../values/marshall.ts';
import { EvaluationError } from './evaluation-error.ts';

/** The DynamoDB type an operand is sent as: its declared type, else its JSON type (marshalled so). */
export function operandType(value: JsonValue, declared?: string): string {
  return declared || plainType(value);
}

/** Operators that order their operands, and begins_with: which operand types DynamoDB takes for them. */
const ORDERED_OPS: ReadonlySet<ConditionOperator> = new Set(['<', '<=', '>', '>=', 'between']);

/** Why DynamoDB refuses this filter clause before reading, in its words; undefined when it takes it. */
export function clauseProblem(clause: ResolvedClause): string | undefined {
  const { op, value, to } = clause;
  if (value === undefined) return undefined;
  const type = operandType(value, clause.type);
  const name = op === 'between' ? 'BETWEEN' : op;
  const wrong = (t: string) =>
    `Invalid FilterExpression: Incorrect operand type for operator or function; operator or function: ${name}, operand type: ${t}`;
  if (ORDERED_OPS.has(op) && !['S', 'N', 'B'].includes(type)) return wrong(type);
  if (op === 'begins_with' && type !== 'S' && type !== 'B') return wrong(type);
  if (op !== 'between' || to === undefined) return undefined;
  const upper = operandType(to, clause.type);
  if (!['S', 'N', 'B'].includes(upper)) return wrong(upper);
  const bounds = `lower bound operand: AttributeValue: ${attributeValueText(type, value)}, upper bound operand: AttributeValue: ${attributeValueText(upper, to)}`;
  if (upper !== type)
    return `Invalid FilterExpression: The BETWEEN operator requires same data type for lower and upper bounds; ${bounds}`;
  if (orderOf(value, to, type) > 0)
    return `Invalid FilterExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; ${bounds}`;
  return undefined;
}

function text(value: JsonValue): string {
  return typeof value === 'string' ? value : stringifyExactJson(value);
}

/**
 * An operand as DynamoDB Local's messages print it: `{N:5}`, `{S:x}`, and a binary one as the Java buffer
 * holding it (`{B:java.nio.HeapByteBuffer[pos=0 lim=2 cap=2]}`), which Keyplan reproduces word for word.
 */
export function attributeValueText(type: string, value: JsonValue): string {
  if (type !== 'B') return `{${type}:${text(value)}}`;
  const n = decodeBase64(String(value)).length;
  return `{B:java.nio.HeapByteBuffer[pos=0 lim=${n} cap=${n}]}`;
}

/** Orders two operands of one type as DynamoDB Local compares them (lone surrogates as "?"). */
function orderOf(a: JsonValue, b: JsonValue, type: string): number {
  return compareKeyValues(asStoredText(a) as KeyValue, asStoredText(b) as KeyValue, type as KeyType);
}

/**
 * A key condition's BETWEEN whose bounds are the wrong way round. DynamoDB parses it before it looks at
 * the values (an empty bound is refused as such only after), and prints the bounds as they were sent.
 */
export function sortBoundsProblem(
  sort: { op: string; value: KeyValue; to?: KeyValue },
  key: KeyAttribute | undefined,
): string | undefined {
  if (sort.op !== 'between' || sort.to === undefined || !key) return undefined;
  const valid = (v: KeyValue) => (key.type === 'N' ? isNumeric(v) : typeof v === 'string');
  if (!valid(sort.value) || !valid(sort.to)) return undefined;
  if (orderOf(sort.value as JsonValue, sort.to as JsonValue, key.type) <= 0) return undefined;
  return (
    'Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; ' +
    `lower bound operand: AttributeValue: ${attributeValueText(key.type, sort.value as JsonValue)}, upper bound operand: AttributeValue: ${attributeValueText(key.type, sort.to as JsonValue)}`
  );
}

/**
 * A ProjectionExpression naming one attribute twice. DynamoDB Local's "path two" is not always the
 * repeated path (for `a, b, a` it names [b]); Keyplan names the repeated one both times.
 */
export function projectionOverlap(projection: readonly string[] | undefined): string | undefined {
  const seen = new Set<string>();
  const repeated = projection?.find((name) => seen.has(name) || !seen.add(name));
  if (repeated === undefined) return undefined;
  return `Invalid ProjectionExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [${repeated}], path two: [${repeated}]`;
}

/**
 * The names a Query of a GSI or LSI (or a Scan or Query of a GSI, for the projection) asks of it that it
 * does not hold: DynamoDB refuses a filter on them ("Secondary index … does not project one or more filter
 * attributes") and, on a GSI, a projection of them ("Global secondary index … does not project"). An LSI
 * fetches a projection's other attributes from the table. A Scan's filter is not checked: DynamoDB Local
 * evaluates it on the table's item (AWS documents nothing either way), and so does the evaluator (paging.ts).
 */
export function indexProjectionProblem(
  design: Design,
  schema: KeySchema,
  operation: 'GetItem' | 'Query' | 'Scan',
  filter: readonly { attribute: string }[] | undefined,
  projection: readonly string[] | undefined,
  /** What the index holds (projectedAttributeNames), when the caller asks for many names of one index. */
  held = projectedAttributeNames(design, schema),
): string | undefined {
  if (!held) return undefined;
  const missing = (names: readonly string[]) => [...new Set(names.filter((n) => !held.has(n)))];
  if (operation === 'Query') {
    const unheld = missing((filter ?? []).map((c) => c.attribute));
    // DynamoDB Local lists them in an order of its own (a hash set); Keyplan sorts them.
    if (unheld.length > 0)
      return `One or more parameter values were invalid: Secondary index ${schema.name} does not project one or more filter attributes: [${unheld.sort().join(', ')}]`;
  }
  if (schema.kind === 'gsi') {
    const unheld = missing(projection ?? []);
    if (unheld.length > 0)
      return `One or more parameter values were invalid: Global secondary index ${schema.name} does not project [${unheld.sort().join(', ')}]`;
  }
  return undefined;
}

/** DynamoDB's refusal of an empty S or B key value; `index` is the secondary index read, if one is. */
export function emptyKeyProblem(
  value: KeyValue | undefined,
  key: KeyAttribute,
  index?: KeySchema,
): string | undefined {
  if (key.type === 'N' || typeof value !== 'string') return undefined;
  const empty = key.type === 'S' ? value === '' : decodeBase64(value).length === 0;
  if (!empty) return undefined;
  const what = key.type === 'S' ? 'an empty string value' : 'an empty binary value';
  const onIndex = index !== undefined && index.kind !== 'table';
  return onIndex
    ? `One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain ${what}. IndexName: ${index.name}, IndexKey: ${key.name}`
    : `One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain ${what}. Key: ${key.name}`;
}

/** Throws the first of these problems, if any. */
export function refuse(...problems: (string | undefined)[]): void {
  const problem = problems.find((p) => p !== undefined);
  if (problem !== undefined) throw new EvaluationError(problem);
}

/** An ExclusiveStartKey with an empty S or B key value, as DynamoDB refuses it. */
export function emptyStartKeyProblem(
  keys: readonly KeyAttribute[],
  schema: KeySchema,
  startKey: PlainItem,
): string | undefined {
  const indexKeys = new Set([schema.partitionKey.name, schema.sortKey?.name]);
  for (const key of keys) {
    const problem = emptyKeyProblem(
      startKey[key.name] as KeyValue,
      key,
      indexKeys.has(key.name) ? schema : undefined,
    );
    if (problem) return `The provided starting key is invalid: ${problem}`;
  }
  return undefined;
}

// A lone surrogate (UTF-16 that is not well-formed) has no UTF-8 encoding. DynamoDB Local, which takes the
// JSON escape, encodes each as "?" before it stores or compares the text (checked: "a\uD800" is stored as
// "a?", and begins_with "a\uDC00" finds it). AWS documents nothing for it, so the evaluator follows Local.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// The same, without the global flag's lastIndex: one compiled expression for every test (validating 100,000
// samples compiled one per string value, half a second).
const ONE_LONE_SURROGATE = new RegExp(LONE_SURROGATE.source);

/** Text as DynamoDB Local stores it: each lone surrogate replaced by "?". */
export function asStoredText<T>(value: T): T {
  if (typeof value === 'string') return value.replace(LONE_SURROGATE, '?') as T;
  if (Array.isArray(value)) return value.map(asStoredText) as T;
  if (value !== null && typeof value === 'object' && !isNumeric(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asStoredText(v)])) as T;
  return value;
}

/** Whether text holds a lone surrogate. */
export function hasLoneSurrogate(value: string): boolean {
  return ONE_LONE_SURROGATE.test(value);
}

/** A read pattern as validate.ts sees it: what DynamoDB refuses in it whatever its arguments. */
interface ReadPatternParts {
  operation: 'GetItem' | 'Query' | 'Scan';
  keyCondition?: { partition?: string; sort?: { value: string; to?: string } };
  filter?: { attribute: string; op: ConditionOperator }[];
  projection?: string[];
}

/**
 * What DynamoDB refuses in a read pattern as the design states it (paths relative to the pattern), in
 * DynamoDB's words: a projection naming an attribute twice or one a GSI does not hold, a Query filter on an
 * attribute the index does not hold, begins_with on a numeric attribute (its operand is always a number),
 * an empty literal key value. validate.ts reports them; the evaluator refuses the same for any arguments.
 */
export function readPatternProblems(
  design: Design,
  pattern: ReadPatternParts,
  schema: KeySchema,
  numeric: ReadonlySet<string>,
): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const { operation, projection, filter, keyCondition } = pattern;
  const seen = new Set<string>();
  const held = projectedAttributeNames(design, schema);
  projection?.forEach((name, j) => {
    if (seen.has(name) || !seen.add(name))
      problems.push({ path: `projection[${j}]`, message: projectionOverlap([name, name])! });
    else {
      const unheld = indexProjectionProblem(design, schema, 'GetItem', undefined, [name], held);
      if (unheld) problems.push({ path: `projection[${j}]`, message: unheld });
    }
  });
  filter?.forEach((clause, j) => {
    if (clause.op === 'begins_with' && numeric.has(clause.attribute))
      problems.push({ path: `filter[${j}].op`, message: clauseProblem({ ...clause, value: 0 })! });
    if (operation !== 'Query') return;
    const unheld = indexProjectionProblem(design, schema, 'Query', [clause], undefined, held);
    if (unheld) problems.push({ path: `filter[${j}].attribute`, message: unheld });
  });
  if (operation !== 'Scan' && keyCondition) {
    const index = operation === 'Query' ? schema : undefined;
    const empty = (path: string, template: string | undefined, key: KeyAttribute | undefined) => {
      const problem = key && template === '' ? emptyKeyProblem('', key, index) : undefined;
      if (problem) problems.push({ path, message: problem });
    };
    empty('keyCondition.partition', keyCondition.partition, schema.partitionKey);
    empty('keyCondition.sort.value', keyCondition.sort?.value, schema.sortKey);
    empty('keyCondition.sort.to', keyCondition.sort?.to, schema.sortKey);
  }
  return problems;
}

/**
 * Where a value holds text that is not well-formed UTF-16 (a lone surrogate): its path below the value
 * (`""`, `[2]`, `.note`) and the code unit. DynamoDB stores text as UTF-8, which cannot hold one.
 */
export function loneSurrogateIn(value: JsonValue): { path: string; unit: string } | undefined {
  if (typeof value === 'string') {
    const match = ONE_LONE_SURROGATE.exec(value);
    return match ? { path: '', unit: match[0] } : undefined;
  }
  if (value === null || typeof value !== 'object' || isNumeric(value)) return undefined;
  const entries: [string, JsonValue][] = Array.isArray(value)
    ? value.map((v, i) => [`[${i}]`, v])
    : Object.entries(value).map(([k, v]) => [`.${k}`, v]);
  for (const [step, inner] of entries) {
    const found = loneSurrogateIn(inner);
    if (found) return { path: `${step}${found.path}`, unit: found.unit };
  }
  return undefined;
}
