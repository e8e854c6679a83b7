// `npm run bench [suite…]`: runs the named benchmark suites, or all of them. Each suite is a module that
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

// prints its own table; add one by adding it here.
import { runCoreBench } from './core.ts';
import { runDesignScaleBench } from './design-scale.ts';
import { runDynamoBench } from './dynamodb.ts';
import { runFormatsBench } from './formats.ts';
import { runLintBench } from './lint.ts';
import { runLiveBench } from './live.ts';
import { runLoadBench } from './load.ts';
import { runMigrateBench } from './migrate.ts';
import { runUiBench } from './ui.ts';
import { runWorkshopBench } from './workshop.ts';

/** `--attack`: load and workshop run with a 31st client attacking the server meanwhile (bench/attacker.ts). */
export interface BenchOptions {
  attack: boolean;
}

const suites: Record<string, (options: BenchOptions) => void | Promise<void>> = {
  core: runCoreBench,
  'design-scale': runDesignScaleBench,
  dynamodb: runDynamoBench,
  formats: runFormatsBench,
  ui: runUiBench,
  load: runLoadBench,
  lint: runLintBench,
  workshop: runWorkshopBench,
  live: runLiveBench,
  migrate: runMigrateBench,
};

const args = process.argv.slice(2);
const options: BenchOptions = { attack: args.includes('--attack') };
const requested = args.filter((arg) => arg !== '--attack');
const unknown = requested.filter((name) => !(name in suites));
if (unknown.length > 0) {
  console.error(`unknown suite ${unknown.join(', ')}; known: ${Object.keys(suites).join(', ')}`);
  process.exit(2);
}
for (const name of requested.length > 0 ? requested : Object.keys(suites)) {
  console.log(`\n## ${name}\n`);
  await suites[name](options);
}
