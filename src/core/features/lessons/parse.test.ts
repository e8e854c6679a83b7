// Reading a lesson file: YAML or JSON with every digit of a number kept, and each problem named by its path
// in the lesson, a design's own problems under the design's place in it.
import { describe, expect, it } from 'vitest';
import { BIG_TOTAL, shopLesson } from '../../test-support/test-lesson.ts';
import { isExactNumber, stringifyExactJson } from '../../values/exact-json.ts';
import { checkStep, lessonDesign, lessonStepStart } from './checks.ts';
import { parseLessonText } from './parse.ts';

const design = (total: string, extra = '') => `
      format: keyplan/1
      name: Tiny
      table: { name: Tiny, partitionKey: { name: PK, type: S }, sortKey: { name: SK, type: S } }
      entities:
        - name: Order
          attributes: [{ name: orderId, type: S, required: true }, { name: total, type: N }]
          keys: { PK: "ORDER#{orderId}", SK: "ORDER${extra}" }
      accessPatterns:
        - { id: get-order, name: Get an order, operation: GetItem, keyCondition: { partition: "ORDER#{orderId}", sort: { op: "=", value: ORDER } }, example: { orderId: o1 } }
      items:
        Order: [{ orderId: o1, total: ${total} }]`;

const lesson = (solution: string, checks: string, start = 'previous') => `
format: keyplan-lesson/1
id: tiny
title: Tiny
level: beginner
summary: One order.
minutes: 5
steps:
  - id: one
    title: One
    instructions: Get the order.
    start:${design('1')}
    hints: []
    solution:${solution}
    checks:
${checks}
  - id: two
    title: Two
    instructions: Again.
    start: ${start}
    hints: [Look again.]
    solution:${solution}
    checks:
${checks}
`;

const exactCheck = `      - id: total
        title: The total, to the cent
        kind: returns
        pattern: get-order
        items: [{ $entity: Order, total: ${BIG_TOTAL}0 }]`;

describe('parseLessonText', () => {
  it('reads YAML with exact numbers, and the same lesson as JSON', () => {
    const parsed = parseLessonText(lesson(design(BIG_TOTAL), exactCheck), 'tiny.lesson.yaml');
    expect(parsed.problems).toBeUndefined();
    if (!parsed.ok) return;
    const solution = lessonDesign(parsed.lesson.steps[0].solution);
    const total = solution.items.Order[0].total;
    expect(isExactNumber(total) && total.value).toBe(BIG_TOTAL);
    expect(checkStep(solution, parsed.lesson.steps[0]).results[0]).toMatchObject({ status: 'pass' });
    expect(checkStep(lessonStepStart(parsed.lesson, 0), parsed.lesson.steps[0]).done).toBe(false);

    // The same lesson as JSON: the expected 12345678901234567890.50 still matches every digit of the item's.
    const json = parseLessonText(stringifyExactJson(shopLesson, 2), 'shop.lesson.json');
    if (!json.ok) throw new Error(JSON.stringify(json.problems));
    const step = json.lesson.steps[0];
    expect(checkStep(lessonDesign(step.solution), step).results[0]).toMatchObject({ status: 'pass' });
  });

  it('names every problem by its path: the schema, a design under the lesson, references, ids', () => {
    const checks = `${exactCheck}
      - { id: total, title: Twice, kind: served, pattern: list-orders }
      - { id: rule, title: A rule, kind: lint, rule: no-such-rule }
      - { id: attr, title: An attribute, kind: attribute, entity: Order, attribute: price }
      - { id: rcu, title: Cheap, kind: bound, measure: pattern-rcu, max: 1 }
      - { id: vague, title: Something, kind: returns, pattern: get-order }`;
    const parsed = parseLessonText(lesson(design('1', '#{statuz}'), checks, 'previous'), 'tiny.lesson.yaml');
    expect(parsed.ok).toBe(false);
    expect(parsed.problems).toEqual(
      expect.arrayContaining([
        { path: 'steps[0].solution.entities[0].keys.SK', message: 'unknown attribute {statuz}' },
        {
          path: 'steps[0].checks[1].id',
          message: 'check id "total" is already the id of steps[0].checks[0].id',
        },
      ]),
    );
    const valid = parseLessonText(lesson(design('1'), checks, 'previous'), 'tiny.lesson.yaml');
    expect(valid.problems?.filter((p) => p.path.startsWith('steps[0]'))).toEqual([
      {
        path: 'steps[0].checks[1].id',
        message: 'check id "total" is already the id of steps[0].checks[0].id',
      },
      {
        path: 'steps[0].checks[1].pattern',
        message: 'the step\'s solution has no access pattern "list-orders"; it has: get-order',
      },
      {
        path: 'steps[0].checks[2].rule',
        message: expect.stringMatching(/^unknown lint rule "no-such-rule"; the rules are .*pattern-unserved/),
      },
      {
        path: 'steps[0].checks[3].attribute',
        message: 'the solution\'s Order has no attribute "price"; it has: orderId, total',
      },
      { path: 'steps[0].checks[4].pattern', message: 'pattern-rcu measures a pattern: name it' },
      {
        path: 'steps[0].checks[5]',
        message: 'say what the pattern returns: items, count, every or sortedBy',
      },
    ]);

    const first = parseLessonText(
      lesson(design('1'), exactCheck).replace(/start:\n\s+format[\s\S]*?hints/, 'start: previous\n    hints'),
    );
    expect(first.problems).toEqual([
      { path: 'steps[0].start', message: 'the first step has no previous step: give a design to start from' },
    ]);
    expect(
      parseLessonText('format: keyplan-lesson/1\nid: Tiny Lesson\nlevel: expert\n', 'x.yaml').problems,
    ).toEqual(
      expect.arrayContaining([
        { path: 'id', message: 'must be kebab-case: lower-case letters and digits joined by "-"' },
        { path: 'level', message: 'must be one of beginner, intermediate, advanced (got "expert")' },
        { path: 'title', message: expect.stringMatching(/expected string/) },
      ]),
    );
    expect(parseLessonText('steps: [\n', 'x.lesson.yaml').problems?.[0].message).toMatch(
      /^invalid YAML: .*line 2, column 1/,
    );
    expect(parseLessonText('{ "id": ', 'x.lesson.json').problems?.[0].message).toMatch(/^invalid JSON/);
  });
});
