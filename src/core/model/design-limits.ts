// Keyplan's own limits on a design, defined once: the app (Open, Generate, every edit), the server (apply,
// load, run, a workshop's reports and pushes) and the CLI (every command that reads a design) refuse a design
// above one with the same message, through designLimitProblem, before any other work is done on it. Each
// value is far beyond what a real design holds and keeps every check over a design (validation, lint,
// derivation, requests) bounded: bench/design-scale.ts measures them at these sizes. 100,000 sample items is
// a month of orders or a real data sample: what a design tool holds live, saves, opens and applies.

// The JSON nesting limit sits with the depth check, below the design (values/json-depth.ts).
export { MAX_JSON_DEPTH, nestingLimitMessage } from '../values/json-depth.ts';

/** The most sample items one design holds, all entities together. */
export const MAX_DESIGN_ITEMS = 100_000;

/** The most of each part of a design's structure (sample items: MAX_DESIGN_ITEMS). */
export const DESIGN_LIMITS = {
  /** Entities of one design: a large real single-table design has a few dozen. */
  entities: 1_000,
  /** Access patterns: a few per entity in a real design; twice the entities here. */
  accessPatterns: 2_000,
  /** Attributes of one entity: real entities have tens. */
  attributesPerEntity: 1_000,
  /**
   * Attributes of all entities together: 1,000 entities of 1,000 attributes each would be a million, seconds
   * of checking for a design no one writes; 20,000 is 200 entities of 100.
   */
  attributes: 20_000,
  /**
   * Key templates of one entity (its `keys`, and each copy's): DynamoDB's 2 table key attributes, 20 GSIs
   * of up to 8 and 5 LSIs make 167 key attributes at most.
   */
  keysPerEntity: 200,
  /** Copies of one entity (each stores every sample once more): real designs have one or two. */
  copiesPerEntity: 100,
  /** Copies of all entities together. */
  copies: 2_000,
  /**
   * GSIs of the table: five times DynamoDB's default quota of 20, which an account can have raised (the
   * index-limits lint rule warns past 20, so a design past the quota still opens and is told why).
   */
  globalSecondaryIndexes: 100,
  /** LSIs of the table: four times DynamoDB's 5 per table (index-limits reports the ones past 5). */
  localSecondaryIndexes: 20,
  /** Values of one enum attribute (a status, a country list). */
  enumValues: 1_000,
  /** Review comments (see commentSchema): a long review has hundreds. */
  comments: 10_000,
  /** Characters of a name or id: entity, copy, attribute, pattern id, comment id (DynamoDB's names: 255). */
  nameLength: 255,
  /** Characters of a free text: the design's name, a description, a pattern's name, a comment. */
  textLength: 10_000,
  /** Characters of a key template or a key condition value: DynamoDB's partition key holds 2,048 bytes. */
  templateLength: 2_048,
  /**
   * Members of one list of a pattern or an index (filter clauses, projected or set attributes, returned
   * entities, gets, example arguments), of a copy's attributes and of an INCLUDE projection.
   */
  listLength: 1_000,
  /** Rules and suppressions of the design's lint configuration. */
  lintEntries: 10_000,
} as const;

export type DesignLimit = keyof typeof DESIGN_LIMITS;

const count = (n: number) => n.toLocaleString('en-US');

/** Sample items of a design, or of a value still to be validated (`items` an object of arrays); 0 otherwise. */
export function designItemCount(design: unknown): number {
  const items = (design as { items?: unknown } | null)?.items;
  if (typeof items !== 'object' || items === null) return 0;
  let total = 0;
  for (const samples of Object.values(items)) if (Array.isArray(samples)) total += samples.length;
  return total;
}

/** Part of every refusal's text: what callers (the app's Open) look for to tell this refusal from others. */
export const DESIGN_LIMIT_TEXT = 'a design may hold';
export const ITEM_LIMIT_TEXT = `more than the ${count(MAX_DESIGN_ITEMS)} ${DESIGN_LIMIT_TEXT}`;

/**
 * The refusal of a design with `items` sample items, naming the limit; undefined within it. `subject` says
 * whose items they are (an edit refused: `this would give the design`).
 */
export function itemLimitMessage(items: number, subject = 'the design has'): string | undefined {
  if (items <= MAX_DESIGN_ITEMS) return undefined;
  return `${subject} ${count(items)} sample items, ${ITEM_LIMIT_TEXT}; remove some, or split the design`;
}

/**
 * Bytes of one lesson file (YAML or JSON), read from disk (`keyplan lesson check`, `serve --lessons`), opened
 * in the app or pushed to a workshop: the built-in lessons are under 40 KB, so 2 MiB is room for fifty times
 * more steps while a parse of it stays well under a second.
 */
export const MAX_LESSON_BYTES = 2 * 1024 * 1024;

/**
 * Copies a YAML lesson's aliases (`*name`) may expand to (the yaml package's maxAliasCount): reuse of a
 * design between steps takes a few; ten levels of nine aliases each (a "billion laughs") would take 9^10.
 */
export const MAX_YAML_ALIASES = 100;

/**
 * Bytes a share link's data may inflate to: the server's limit on a request body (LIMITS.bodyBytes), which a
 * design at MAX_DESIGN_ITEMS fits. Deflate expands up to about 1,000 times, so a link within the
 * 1 MiB a browser opens could otherwise ask for a gigabyte; inflating stops at this many.
 */
export const MAX_SHARED_DESIGN_BYTES = 32 * 1024 * 1024;

/** A design past one of DESIGN_LIMITS: where, which limit, and the message every boundary shows. */
export interface DesignLimitProblem {
  path: string;
  limit: DesignLimit | 'items';
  max: number;
  found: number;
  message: string;
}

const WHAT: Record<DesignLimit, string> = {
  entities: 'entities',
  accessPatterns: 'access patterns',
  attributesPerEntity: 'attributes in one entity',
  attributes: 'attributes in all entities',
  keysPerEntity: 'key templates in one entity',
  copiesPerEntity: 'copies of one entity',
  copies: 'copies in all entities',
  globalSecondaryIndexes: 'GSIs',
  localSecondaryIndexes: 'LSIs',
  enumValues: 'enum values',
  comments: 'comments',
  nameLength: 'characters in a name',
  textLength: 'characters in a text',
  templateLength: 'characters in a template',
  listLength: 'entries in a list',
  lintEntries: 'lint rules or suppressions',
};

/** The refusal of `found` of a limit's parts, naming the limit and its value (the path is the problem's). */
export function designLimitMessage(limit: DesignLimit, found: number): string {
  const max = DESIGN_LIMITS[limit];
  return `${count(found)} ${WHAT[limit]}, more than the ${count(max)} ${DESIGN_LIMIT_TEXT} (DESIGN_LIMITS.${limit}); split or shorten the design`;
}

type Value = Record<string, unknown>;
const isObject = (v: unknown): v is Value => typeof v === 'object' && v !== null && !Array.isArray(v);
const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const sizeOf = (v: unknown): number =>
  typeof v === 'string' || Array.isArray(v) ? v.length : isObject(v) ? Object.keys(v).length : 0;

class Exceeded extends Error {
  constructor(readonly problem: DesignLimitProblem) {
    super(problem.message);
  }
}

function check(limit: DesignLimit, found: number, path: string): void {
  if (found > DESIGN_LIMITS[limit])
    throw new Exceeded({
      path,
      limit,
      max: DESIGN_LIMITS[limit],
      found,
      message: designLimitMessage(limit, found),
    });
}

/** `what` of each listed field of `value` (a string's characters, a list's members, an object's keys). */
function checkFields(value: unknown, path: string, limit: DesignLimit, fields: readonly string[]): void {
  if (!isObject(value)) return;
  for (const field of fields) check(limit, sizeOf(value[field]), `${path}.${field}`);
}

function checkTemplates(templates: unknown, path: string): void {
  if (!isObject(templates)) return;
  check('keysPerEntity', Object.keys(templates).length, path);
  for (const name in templates) check('templateLength', sizeOf(templates[name]), `${path}.${name}`);
}

const PATTERN_LISTS = ['filter', 'projection', 'returns', 'set', 'remove', 'gets', 'actions', 'example'];

function checkPattern(pattern: unknown, path: string): void {
  if (!isObject(pattern)) return;
  checkFields(pattern, path, 'nameLength', ['id']);
  checkFields(pattern, path, 'textLength', ['name', 'description']);
  checkFields(pattern, path, 'listLength', PATTERN_LISTS);
  const condition = pattern.keyCondition;
  if (!isObject(condition)) return;
  const at = `${path}.keyCondition`;
  check('templateLength', sizeOf(condition.partition), `${at}.partition`);
  checkFields(condition.sort, `${at}.sort`, 'templateLength', ['value', 'to']);
  if (isObject(condition.partitionKeys)) checkTemplates(condition.partitionKeys, `${at}.partitionKeys`);
  listOf(condition.sortKeys).forEach((sort, i) =>
    checkFields(sort, `${at}.sortKeys[${i}]`, 'templateLength', ['value', 'to']),
  );
}

function checkEntities(entities: unknown[]): void {
  let attributes = 0;
  let copies = 0;
  entities.forEach((entity, i) => {
    if (!isObject(entity)) return;
    const path = `entities[${i}]`;
    checkFields(entity, path, 'nameLength', ['name']);
    checkFields(entity, path, 'textLength', ['description']);
    const own = listOf(entity.attributes);
    check('attributesPerEntity', own.length, `${path}.attributes`);
    attributes += own.length;
    check('attributes', attributes, `${path}.attributes`);
    own.forEach((attribute, j) => {
      const at = `${path}.attributes[${j}]`;
      checkFields(attribute, at, 'nameLength', ['name']);
      checkFields(attribute, at, 'textLength', ['description']);
      checkFields(attribute, at, 'enumValues', ['enum']);
    });
    checkTemplates(entity.keys, `${path}.keys`);
    const forms = listOf(entity.copies);
    check('copiesPerEntity', forms.length, `${path}.copies`);
    copies += forms.length;
    check('copies', copies, `${path}.copies`);
    forms.forEach((copy, j) => {
      const at = `${path}.copies[${j}]`;
      checkFields(copy, at, 'nameLength', ['name']);
      checkFields(copy, at, 'textLength', ['description']);
      checkFields(copy, at, 'listLength', ['attributes']);
      if (isObject(copy)) checkTemplates(copy.keys, `${at}.keys`);
    });
  });
}

function checkStructure(design: Value): void {
  checkFields(design, 'design', 'textLength', ['name', 'description']);
  const table = isObject(design.table) ? design.table : {};
  const gsis = listOf(table.globalSecondaryIndexes);
  const lsis = listOf(table.localSecondaryIndexes);
  check('globalSecondaryIndexes', gsis.length, 'table.globalSecondaryIndexes');
  check('localSecondaryIndexes', lsis.length, 'table.localSecondaryIndexes');
  for (const [list, name] of [
    [gsis, 'globalSecondaryIndexes'],
    [lsis, 'localSecondaryIndexes'],
  ] as const)
    list.forEach((index, i) => {
      if (isObject(index))
        checkFields(index.projection, `table.${name}[${i}].projection`, 'listLength', ['attributes']);
    });
  const entities = listOf(design.entities);
  check('entities', entities.length, 'entities');
  checkEntities(entities);
  // Samples of more entities than a design may have: each is at least a problem to report.
  check('entities', sizeOf(design.items), 'items');
  const patterns = listOf(design.accessPatterns);
  check('accessPatterns', patterns.length, 'accessPatterns');
  patterns.forEach((pattern, i) => checkPattern(pattern, `accessPatterns[${i}]`));
  const comments = listOf(design.comments);
  check('comments', comments.length, 'comments');
  comments.forEach((comment, i) => checkFields(comment, `comments[${i}]`, 'nameLength', ['id']));
  checkFields(design.lint, 'lint', 'lintEntries', ['rules', 'suppress']);
}

/**
 * The first limit a design (or a value still to be validated, as JSON gives it) goes past, counted on the
 * raw value before anything else reads it: its sample items (MAX_DESIGN_ITEMS), then DESIGN_LIMITS in the
 * order of the document. Undefined within every limit. Linear in the size of the value's structure (its
 * samples are only counted).
 */
export function designLimitProblem(design: unknown): DesignLimitProblem | undefined {
  const items = designItemCount(design);
  const tooMany = itemLimitMessage(items);
  if (tooMany)
    return { path: 'items', limit: 'items', max: MAX_DESIGN_ITEMS, found: items, message: tooMany };
  if (!isObject(design)) return undefined;
  try {
    checkStructure(design);
    return undefined;
  } catch (error) {
    if (error instanceof Exceeded) return error.problem;
    throw error;
  }
}
