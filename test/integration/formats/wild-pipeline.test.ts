// Issue #28's Done-when over the wild corpus: every input of fixtures/wild/README.md goes through the pipeline
// of wild-pipeline.ts (import, validate, derive, export and import again, the library on DynamoDB Local);
// each input loses exactly what KNOWN lists (each loss with its reason), at least 90% of the inputs their own
// library accepts hold every step, and the README's `## Pipeline results` table is the one measured here.
// With KEYPLAN_PIPELINE_REPORT=FILE the results are also written to FILE (for `npm run bench formats`).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { testClient } from '../../../server/test-support/dynamo.ts';
import { moduleDirectory } from './library-support.ts';
import {
  type PipelineResult,
  pipelineTable,
  runPipeline,
  stemOf,
  WILD,
  wildInputs,
} from './wild-pipeline.ts';

/** Each input's losses, and why Keyplan cannot (or should not) do better. */
const KNOWN: Record<string, string[]> = {};

const { dir, remove } = moduleDirectory('wild-pipeline');
afterAll(remove);
const context = { client: testClient(), endpoint: inject('dynamoEndpoint'), moduleDir: dir };
const results: PipelineResult[] = [];
const inputs = wildInputs();

describe('the wild corpus through the whole pipeline (#28)', () => {
  it('reads every row of the README', () => expect(inputs.length).toBeGreaterThanOrEqual(35));

  for (const wild of inputs) {
    const stem = stemOf(wild.input);
    it(`${wild.format} ${stem}: loses only what is listed`, { timeout: 180_000 }, async () => {
      const result = await runPipeline(wild, context);
      results.push(result);
      expect(result.losses).toEqual(KNOWN[stem] ?? []);
    });
  }

  it('≥ 90% of the inputs their library accepts hold every step; the README table is the one measured', () => {
    const report = process.env.KEYPLAN_PIPELINE_REPORT;
    if (report) {
      mkdirSync(path.dirname(report), { recursive: true });
      writeFileSync(report, JSON.stringify(results, null, 2));
    }
    expect(results).toHaveLength(inputs.length);
    const accepted = results.filter((r) => r.accepted);
    const every = accepted.filter((r) => r.losses.length === 0);
    expect(every.length / accepted.length).toBeGreaterThanOrEqual(0.9);
    const readme = readFileSync(path.join(WILD, 'README.md'), 'utf8');
    expect(readme).toContain(pipelineTable(results));
  });
});
