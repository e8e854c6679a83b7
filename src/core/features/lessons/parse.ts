// Reading a lesson file (JSON or YAML): its shape (lesson-schema.ts), each of its designs as a design
// document (validateDesign, problems under the lesson path), and the references a schema cannot express
// (a check's pattern, entity and attribute exist in the step's solution; ids are unique; `start: previous`
// has a previous step). Numbers keep every digit in both syntaxes (exact-json.ts). A file past MAX_LESSON_BYTES,
// nested past MAX_JSON_DEPTH or whose YAML aliases expand past MAX_YAML_ALIASES is refused before it is built,
// in one problem naming the limit. Pure: no Node imports.
import { parseDocument, visit } from 'yaml';
import {
  designErrorMap,
  formatPath,
  jsonSyntaxMessage,
  sameEntityName,
  type ValidationProblem,
  validateDesign,
} from '../../checks/validate.ts';
import {
  MAX_JSON_DEPTH,
  MAX_LESSON_BYTES,
  MAX_YAML_ALIASES,
  nestingLimitMessage,
} from '../../model/design-limits.ts';
import { utf8Length } from '../../model/item-size.ts';
import { lineColumnAt } from '../../model/json-locate.ts';
import type { Design, DesignInput } from '../../model/schema.ts';
import { numberFromText, parseExactJson } from '../../values/exact-json.ts';
import { checkDefinition } from './checks/index.ts';
import { lessonSchema } from './lesson-schema.ts';
import type { Lesson, LessonCheck } from './lesson-types.ts';
import { yamlNestsDeeperThan } from './yaml-depth.ts';

export type LessonProblem = ValidationProblem;

export type LessonParseResult =
  | { ok: true; lesson: Lesson; problems?: undefined }
  | { ok: false; lesson?: undefined; problems: LessonProblem[] };

/** JSON when the source is a .json file or the text starts with "{", else YAML (of which JSON is a subset). */
function isJsonText(text: string, source: string | undefined): boolean {
  if (source) return /\.json$/i.test(source);
  return text.trimStart().startsWith('{');
}

const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/**
 * YAML text as a value with exact numbers: a plain decimal scalar is read from its own digits (numberFromText),
 * so `total: 12345678901234567890.5` keeps them; a syntax problem names its line and column.
 */
function parseYaml(text: string): { value: unknown } | { problems: LessonProblem[] } {
  if (yamlNestsDeeperThan(text, MAX_JSON_DEPTH))
    return { problems: [{ path: '(document)', message: nestingLimitMessage('the YAML') }] };
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length > 0)
    return {
      // The first few: one mistake in YAML often makes the parser stumble over all that follows.
      problems: doc.errors.slice(0, 3).map((error) => ({
        path: '(document)',
        message: `invalid YAML: ${error.message.split('\n')[0].replace(/:$/, '')}`,
      })),
    };
  const problems: LessonProblem[] = [];
  visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value !== 'number') return;
      const source = node.source?.replace(/^\+/, '');
      if (source !== undefined && DECIMAL.test(source)) node.value = numberFromText(source);
      else if (!Number.isFinite(node.value)) {
        const at = node.range ? lineColumnAt(text, node.range[0]) : undefined;
        problems.push({
          path: '(document)',
          message: `invalid YAML${at ? ` at line ${at.line}, column ${at.column}` : ''}: ${node.source ?? node.value} is not a number DynamoDB can store`,
        });
      }
    },
  });
  if (problems.length > 0) return { problems };
  // An ExactNumber is kept as the object it is (toJS copies plain scalars only).
  try {
    return { value: doc.toJS({ maxAliasCount: MAX_YAML_ALIASES }) };
  } catch (error) {
    // The yaml package's refusal of an alias bomb (a ReferenceError); anything else is a bug, with its stack.
    if (!(error instanceof ReferenceError) || !/alias/i.test(error.message)) throw error;
    return { problems: [{ path: '(document)', message: aliasLimitMessage() }] };
  }
}

const aliasLimitMessage = () =>
  `the YAML's aliases (*name) expand to more than ${MAX_YAML_ALIASES.toLocaleString('en-US')} copies, the most Keyplan expands: write the repeated part out, or reuse it less`;

const lessonBytesMessage = (bytes: number) =>
  `the lesson file is ${bytes.toLocaleString('en-US')} bytes, more than the ${MAX_LESSON_BYTES.toLocaleString('en-US')} a lesson may have`;

/**
 * Parses and fully checks a lesson file's text. `source` is its file name (or URL): a name ending in .json
 * is read as JSON, any other as YAML; without one, text starting with "{" is JSON.
 */
export function parseLessonText(text: string, source?: string): LessonParseResult {
  // A character is at least a byte: only a text that may be too long is counted.
  const bytes = text.length > MAX_LESSON_BYTES / 3 ? utf8Length(text) : 0;
  if (bytes > MAX_LESSON_BYTES)
    return { ok: false, problems: [{ path: '(document)', message: lessonBytesMessage(bytes) }] };
  let value: unknown;
  if (isJsonText(text, source)) {
    try {
      value = parseExactJson(text);
    } catch (error) {
      return { ok: false, problems: [{ path: '(document)', message: jsonSyntaxMessage(text, error) }] };
    }
  } else {
    const parsed = parseYaml(text);
    if ('problems' in parsed) return { ok: false, problems: parsed.problems };
    value = parsed.value;
  }
  return parseLesson(value);
}

/** Checks an already parsed value (numbers exact) as a lesson. */
export function parseLesson(value: unknown): LessonParseResult {
  const parsed = lessonSchema.safeParse(value, { error: designErrorMap });
  if (!parsed.success)
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => ({
        path: formatPath(issue.path),
        message: issue.message,
      })),
    };
  const lesson = parsed.data as Lesson;
  const problems = lessonProblems(lesson);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, lesson };
}

/** A design of a lesson, validated: its problems under `path`, or the design. */
function checkedDesign(input: DesignInput, path: string, problems: LessonProblem[]): Design | undefined {
  const result = validateDesign(input);
  if (result.ok) return result.design;
  for (const problem of result.problems)
    problems.push({
      path: problem.path === '(document)' ? path : `${path}.${problem.path.replace(/^\./, '')}`,
      message: problem.message,
    });
  return undefined;
}

function duplicateIds(ids: string[], path: (i: number) => string, what: string): LessonProblem[] {
  const seen = new Map<string, number>();
  const problems: LessonProblem[] = [];
  ids.forEach((id, i) => {
    const first = seen.get(id);
    if (first !== undefined)
      problems.push({ path: path(i), message: `${what} id "${id}" is already the id of ${path(first)}` });
    else seen.set(id, i);
  });
  return problems;
}

const listed = (names: string[]) => (names.length ? names.join(', ') : 'none');

/** What a check refers to that the step's solution must have, and what its kind adds (checks/<kind>.ts). */
function checkReferences(design: Design, check: LessonCheck, at: string): LessonProblem[] {
  const problems: LessonProblem[] = [];
  const patternIds = design.accessPatterns.map((p) => p.id);
  const pattern = 'pattern' in check ? check.pattern : undefined;
  if (pattern !== undefined && !patternIds.includes(pattern))
    problems.push({
      path: `${at}.pattern`,
      message: `the step's solution has no access pattern "${pattern}"; it has: ${listed(patternIds)}`,
    });
  const entityName = 'entity' in check ? check.entity : undefined;
  const entity =
    entityName === undefined ? undefined : design.entities.find((e) => sameEntityName(e.name, entityName));
  if (entityName !== undefined && !entity)
    problems.push({
      path: `${at}.entity`,
      message: `the step's solution has no entity "${entityName}"; it has: ${listed(design.entities.map((e) => e.name))}`,
    });
  problems.push(...(checkDefinition(check).problems?.(check, design, at) ?? []));
  return problems;
}

/** The problems of a lesson that passed its schema: its designs, ids and references. */
function lessonProblems(lesson: Lesson): LessonProblem[] {
  const problems: LessonProblem[] = duplicateIds(
    lesson.steps.map((s) => s.id),
    (i) => `steps[${i}].id`,
    'step',
  );
  lesson.steps.forEach((step, i) => {
    const at = `steps[${i}]`;
    if (step.start === 'previous') {
      if (i === 0)
        problems.push({
          path: `${at}.start`,
          message: 'the first step has no previous step: give a design to start from',
        });
    } else checkedDesign(step.start, `${at}.start`, problems);
    const solution = checkedDesign(step.solution, `${at}.solution`, problems);
    problems.push(
      ...duplicateIds(
        step.checks.map((c) => c.id),
        (j) => `${at}.checks[${j}].id`,
        'check',
      ),
    );
    if (solution)
      step.checks.forEach((check, j) => {
        problems.push(...checkReferences(solution, check, `${at}.checks[${j}]`));
      });
  });
  return problems;
}
