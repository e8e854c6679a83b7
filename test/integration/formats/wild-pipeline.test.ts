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

/**
 * Each input's losses (the start of each line, which then names the items), and why Keyplan does not do
 * better. Both are one class: ElectroDB's rule for an index key whose composite attributes are only partly
 * given (electrodb 3.9.3, Entity._makeKey and _getIndexImpact), where a Keyplan template with a missing
 * placeholder writes no key at all (a sparse index). Modelling it needs a key-template option Keyplan lacks.
 */
const KNOWN: Record<string, string[]> = {
  // book's gsi2sk is `$works#book_1#loanenddate_{loanEndDate}`: for a sample without loanEndDate, ElectroDB
  // writes the sort key up to the missing attribute's label (`$works#book_1#loanenddate_`), Keyplan none.
  tywalch__electrodb__library: [
    'library: puts: the library stored 12 items, keyplan apply 12 (1 only through the library, 1 only through apply)',
    // That book's item, read back: it holds gsi2sk where Keyplan's has none (and so is in gsi2 only there).
    'library: read book-copies: the library answers 1 items, keyplan query predicts 1 (different items or order)',
    'library: read book-author: the library answers 1 items, keyplan query predicts 0',
    'library: read book-editions: the library answers 1 items, keyplan query predicts 1 (different items or order)',
    'library: read collection-detail: the library answers 1 items, keyplan query predicts 1 (different items or order)',
    'library: read collection-titles: the library answers 1 items, keyplan query predicts 1 (different items or order)',
  ],
  // repository's `created` index takes isPrivate, optional in the model: ElectroDB refuses the put of a
  // sample that gives some of that index's composites but not isPrivate; Keyplan writes the item, sparse.
  tywalch__electrodb__versionControl: [
    'library: Incomplete composite attributes: Without the composite attributes "isPrivate"',
  ],
};

/** Whether the losses are those listed: as many, each starting with its listed line. */
const lossesListed = (losses: string[], known: string[]) =>
  losses.length === known.length && losses.every((loss, i) => loss.startsWith(known[i]));

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
      const known = KNOWN[stem] ?? [];
      expect(lossesListed(result.losses, known), result.losses.join('\n')).toBe(true);
    });
  }

  it('≥ 90% of the inputs their library accepts hold every step; the README table is the one measured', () => {
    const report = process.env.KEYPLAN_PIPELINE_REPORT;
    if (report) {
      mkdirSync(path.dirname(report), { recursive: true });
      writeFileSync(report, JSON.stringify({ table: pipelineTable(results), results }, null, 2));
    }
    expect(results).toHaveLength(inputs.length);
    const accepted = results.filter((r) => r.accepted);
    const every = accepted.filter((r) => r.losses.length === 0);
    expect(every.length / accepted.length).toBeGreaterThanOrEqual(0.9);
    const readme = readFileSync(path.join(WILD, 'README.md'), 'utf8');
    expect(readme).toContain(pipelineTable(results));
  });
});
