// The lint corpus (fixtures/lint-corpus): every design linted and scored against the findings an expert
// expects, per rule family and overall (the bar of #16: precision ≥ 90%, recall ≥ 70%), then what was
// missed and what was flagged without being expected.

import { loadLintCorpus, ruleFamily } from '../scripts/lint-corpus.ts';
import { corpusTable, scoreCorpus } from '../src/core/analysis/corpus.ts';
import { printTable } from './measure.ts';

export function runLintBench(): void {
  const cases = loadLintCorpus();
  const score = scoreCorpus(cases, ruleFamily);
  console.log(`${cases.length} designs\n`);
  printTable(corpusTable(score));
  if (score.missed.length > 0) {
    console.log('\nmissed (expected, not found):');
    for (const m of score.missed) console.log(`  ${m.design}: ${m.rule} @ ${m.target}`);
  }
  if (score.falseAlarms.length > 0) {
    console.log('\nfindings not expected:');
    for (const f of score.falseAlarms)
      console.log(
        `  ${f.design}: ${f.rule} @ ${f.target}${f.unexpected ? ' (listed as a false alarm)' : ''}`,
      );
  }
}
