// `npm run bench formats`: the wild corpus (fixtures/wild/) through the whole pipeline of issue #28 — import,
// validate, derive, export and import again, the library itself on DynamoDB Local — per format, how many inputs
// hold each step, and every loss by input and step. The pipeline is the integration test's
// (test/integration/formats/wild-pipeline.test.ts, run by vitest with its own DynamoDB Local), so the bench and
// the test can never measure different things; the test writes its results where this asks
// (KEYPLAN_PIPELINE_REPORT) and this prints them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PipelineResult } from '../test/integration/formats/wild-pipeline.ts';

export async function runFormatsBench(): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'keyplan-bench-formats-'));
  const report = path.join(folder, 'pipeline.json');
  try {
    const run = spawnSync(
      'node_modules/.bin/vitest',
      ['run', 'test/integration/formats/wild-pipeline.test.ts', '--reporter=dot'],
      { env: { ...process.env, KEYPLAN_PIPELINE_REPORT: report }, encoding: 'utf8' },
    );
    let parsed: { table: string; results: PipelineResult[] };
    try {
      parsed = JSON.parse(readFileSync(report, 'utf8'));
    } catch {
      throw new Error(
        `the pipeline wrote no results (vitest exit ${run.status}):\n${run.stdout}\n${run.stderr}`,
      );
    }
    console.log(parsed.table);
    const accepted = parsed.results.filter((r) => r.accepted);
    const every = accepted.filter((r) => r.losses.length === 0).length;
    console.log(
      `\n${every} of the ${accepted.length} inputs their library accepts hold every step (${Math.round((100 * every) / accepted.length)}%); ${parsed.results.length} inputs in all.`,
    );
    const lost = parsed.results.filter((r) => r.losses.length > 0);
    console.log(lost.length === 0 ? '\nNo losses.' : '\nLosses:');
    for (const result of lost) {
      console.log(`- ${result.input}${result.accepted ? '' : ' (library acceptance not determined)'}`);
      for (const loss of result.losses)
        console.log(`    ${loss.length > 300 ? `${loss.slice(0, 300)}…` : loss}`);
    }
    if (run.status !== 0)
      console.log(`\n(the test itself failed, exit ${run.status}: a loss is not the listed one)`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
