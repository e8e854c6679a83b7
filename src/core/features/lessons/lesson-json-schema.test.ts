// The lesson file's JSON Schema, as an editor uses it: committed up to date with the zod schema, it accepts
// a lesson and names the field of one that is wrong, inside a step's design too.
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { shopLesson } from '../../test-support/test-lesson.ts';
import { stringifyExactJson } from '../../values/exact-json.ts';
import { lessonJsonSchemaText } from './lesson-json-schema.ts';

describe('lesson JSON Schema', () => {
  it('is committed up to date with the zod schema (run npm run schema)', () => {
    const committed = readFileSync(new URL('./lesson.schema.json', import.meta.url), 'utf8');
    expect(committed).toBe(lessonJsonSchemaText());
  });

  it('accepts a lesson and refuses a wrong check kind and a wrong design field', () => {
    const validate = new Ajv2020({ strict: false, allErrors: true }).compile(
      JSON.parse(lessonJsonSchemaText()),
    );
    const lesson = JSON.parse(stringifyExactJson(shopLesson));
    expect(validate(lesson), JSON.stringify(validate.errors)).toBe(true);
    lesson.steps[0].checks[0].kind = 'returnz';
    lesson.steps[1].solution.table.billing = { mode: 'FREE' };
    expect(validate(lesson)).toBe(false);
    const paths = new Set(validate.errors?.map((e) => e.instancePath));
    expect(paths).toContain('/steps/0/checks/0/kind');
    expect(paths).toContain('/steps/1/solution/table/billing/mode');
  });
});
