// docs/lesson-format.md is the contract of the lesson file; this keeps it current mechanically: every field and
// allowed value of the lesson schema, every check kind (a section each), every field of a result and of
// progress, and `keyplan lesson` with each option are named in it; and its complete example is a lesson
// whose solution passes its checks and whose start fails one.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lessonCommand } from '../../../cli/commands/lesson.ts';
import { inlineCodeTokens, missingFrom, schemaNames } from '../../model/doc-tokens.ts';
import { CHECK_KINDS } from './checks/index.ts';
import { checkStep, lessonDesign, lessonStepStart } from './checks.ts';
import { lessonSchema } from './lesson-schema.ts';
import { parseLessonText } from './parse.ts';

const text = readFileSync(new URL('../../../../docs/lesson-format.md', import.meta.url), 'utf8');
const doc = inlineCodeTokens(text);

/** What lesson-types.ts declares beyond the file: a check's result, a step's outcome, progress. */
const RESULT_NAMES = [
  'checkId',
  'status',
  'reason',
  'target',
  'pass',
  'fail',
  'needs-server',
  'pattern',
  'entity',
  'index',
  'design',
  'results',
  'passed',
  'total',
  'done',
  'LessonProgress',
  'hintsShown',
  'solutionShown',
];

describe('docs/lesson-format.md', () => {
  it('names every field and allowed value of the lesson schema, and of results and progress', () => {
    const { fields, values } = schemaNames(
      z.toJSONSchema(lessonSchema, { io: 'input', unrepresentable: 'any' }),
    );
    expect(fields.size).toBeGreaterThan(25);
    expect(missingFrom(doc, [...fields, ...values, ...RESULT_NAMES]), 'not in docs/lesson-format.md').toEqual(
      [],
    );
  });

  it('gives every check kind a section', () => {
    const headings = [...text.matchAll(/^### `([a-z-]+)`/gm)].map(([, kind]) => kind);
    expect(headings).toEqual([...CHECK_KINDS]);
  });

  it('names keyplan lesson check and each of its options', () => {
    const wanted = [
      'keyplan lesson check FILE|DIR…',
      ...Object.keys(lessonCommand.options).map((o) => `--${o}`),
    ];
    expect(missingFrom(doc, wanted)).toEqual([]);
  });

  it('has a complete example that is a valid lesson, proved', () => {
    const example = /## 7\. A complete example\n\n```yaml\n([\s\S]*?)```/.exec(text)?.[1];
    const parsed = parseLessonText(example ?? '', 'example.lesson.yaml');
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    const [step] = parsed.lesson.steps;
    expect(checkStep(lessonDesign(step.solution), step)).toMatchObject({ passed: 3, total: 4, done: true });
    expect(checkStep(lessonStepStart(parsed.lesson, 0), step).done).toBe(false);
  });
});
