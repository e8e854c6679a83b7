// Validation of a design document: the zod schema for shape, then the reference checks a schema cannot
// express. Every problem names its JSON path (`entities[2].keys.GSI1PK: unknown attribute {statuz}`).
// This module parses and runs the checks in order; each part of the design is checked by a neighbour
// (validate-table, -entities, -copies, -patterns, -samples, -numbers, -key-lengths).
import type { z } from 'zod';
import { designErrorMap, formatPath } from '../model/design-errors.ts';
import { designItemCount, designLimitProblem, itemLimitMessage } from '../model/design-limits.ts';
import { type Design, designSchema } from '../model/schema.ts';
import { isExactNumber, parseExactJson } from '../values/exact-json.ts';
import { NestingTooDeepError } from '../values/json-depth.ts';
import { messageOf } from '../values/text/message.ts';
import { checkCopies } from './validate-copies.ts';
import { checkEntity } from './validate-entities.ts';
import { checkItemKeys } from './validate-key-lengths.ts';
import { checkNumberLimits } from './validate-numbers.ts';
import { checkPattern } from './validate-patterns.ts';
import { designRefs, duplicates } from './validate-refs.ts';
import { checkItems } from './validate-samples.ts';
import { checkTable } from './validate-table.ts';
import type { ValidationProblem, ValidationResult } from './validation-types.ts';

// The zod messages and paths of the design schema's issues are the model's (model/design-errors.ts).
export { designErrorMap, formatPath, sameEntityName } from '../model/design-errors.ts';

// The result types have a module of their own so the checks this one runs can name them without a circle.
export type { ValidationProblem, ValidationResult } from './validation-types.ts';

export function formatProblems(problems: ValidationProblem[]): string {
  return problems.map((p) => `${p.path}: ${p.message}`).join('\n');
}

function zodProblems(error: z.ZodError): ValidationProblem[] {
  return error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message }));
}

/** Parses and fully checks an unknown value (already JSON-parsed) as a design document. */
export function validateDesign(input: unknown): ValidationResult {
  // Counted first: a design past a limit is refused before a single part of it is checked.
  const tooLarge = designLimitProblem(input);
  if (tooLarge) return { ok: false, problems: [{ path: tooLarge.path, message: tooLarge.message }] };
  const parsed = parseWithPlainItems(input) ?? designSchema.safeParse(input, { error: designErrorMap });
  if (!parsed.success) return { ok: false, problems: zodProblems(parsed.error) };
  const problems = referenceProblems(parsed.data);
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, design: parsed.data, problems: [] };
}

/**
 * The design parsed with its samples checked by a plain walk instead of zod, which takes a third of a second
 * on 100,000 samples: when every sample is an object of JSON values (what the schema asks of them), the
 * rest is parsed by zod and the samples are kept as they are. Undefined when a sample is not, or anything
 * else fails: the full zod parse then gives its problems, with every path, exactly as before.
 */
function parseWithPlainItems(input: unknown): { success: true; data: Design } | undefined {
  if (!isPlainObject(input) || !isPlainObject(input.items)) return undefined;
  const items = input.items as Record<string, unknown>;
  for (const name in items) {
    const samples = items[name];
    if (!Array.isArray(samples) || !samples.every((sample) => isPlainObject(sample) && isJsonRecord(sample)))
      return undefined;
  }
  const parsed = designSchema.safeParse({ ...input, items: {} }, { error: designErrorMap });
  if (!parsed.success) return undefined;
  // Own enumerable keys, as zod's record gives them.
  parsed.data.items = { ...(items as Design['items']) };
  return { success: true, data: parsed.data };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function isJsonRecord(record: Record<string, unknown>): boolean {
  for (const name in record) if (!isJsonValue(record[name])) return false;
  return true;
}

// What schema.ts's jsonValue accepts.
function isJsonValue(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object':
      if (value === null || isExactNumber(value)) return true;
      if (Array.isArray(value)) return value.every(isJsonValue);
      return isPlainObject(value) && isJsonRecord(value);
    default:
      return false;
  }
}

/** Parses JSON text and validates it; a syntax error names the line and column. */
export function validateDesignText(text: string): ValidationResult {
  let value: unknown;
  try {
    value = parseExactJson(text);
  } catch (error) {
    return { ok: false, problems: [{ path: '(document)', message: jsonSyntaxMessage(text, error) }] };
  }
  return validateDesign(value);
}

export function jsonSyntaxMessage(text: string, error: unknown): string {
  // Valid JSON, refused for its depth: the message names the limit, not a syntax error.
  if (error instanceof NestingTooDeepError) return error.message;
  const message = messageOf(error);
  const position = /position (\d+)/.exec(message);
  if (!position) return `invalid JSON: ${message}`;
  const offset = Number(position[1]);
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `invalid JSON at line ${line}, column ${column}: ${message.replace(/ in JSON at position \d+.*$/, '')}`;
}

/** Checks that a schema-valid design refers only to things it declares. */
export function referenceProblems(design: Design): ValidationProblem[] {
  const problems: ValidationProblem[] = [];
  const add = (path: string, message: string) => problems.push({ path, message });
  const tooMany = itemLimitMessage(designItemCount(design));
  if (tooMany) add('items', tooMany);
  checkTable(design, add);
  // sameEntityName: names that differ only in case are the same.
  const firstByName = new Map<string, number>();
  design.entities.forEach((entity, i) => {
    const name = entity.name.toLowerCase();
    const first = firstByName.get(name) ?? i;
    if (first === i) return void firstByName.set(name, i);
    const other = design.entities[first].name;
    add(
      `entities[${i}].name`,
      other === entity.name
        ? `duplicate entity name "${other}"`
        : `entity name "${entity.name}" differs only in case from "${other}" (entities[${first}]): entity names must differ in more than case`,
    );
  });
  const refs = designRefs(design);
  design.entities.forEach((entity, i) => checkEntity(refs, entity, `entities[${i}]`, add));
  design.entities.forEach((entity, i) =>
    checkCopies(design, entity, `entities[${i}]`, add, (form, at, report) =>
      checkEntity(refs, form, at, report),
    ),
  );
  for (const [i, id] of duplicates(design.accessPatterns, (p) => p.id))
    add(`accessPatterns[${i}].id`, `duplicate pattern id "${id}"`);
  design.accessPatterns.forEach((pattern, i) => checkPattern(refs, pattern, `accessPatterns[${i}]`, add));
  checkItems(design, add);
  checkNumberLimits(design, add);
  checkItemKeys(design, add);
  return problems;
}
