// Loads the lint corpus (fixtures/lint-corpus, see its README) and lints every design in it: what the
// corpus test (src/core/analysis/corpus.test.ts) and `npm run bench lint` score with scoreCorpus.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CorpusCase, parseCorpusExpectation } from '../src/core/analysis/corpus.ts';
import { type LintFamily, lintDesign } from '../src/core/analysis/lint.ts';
import { LINT_RULES } from '../src/core/analysis/rules/index.ts';
import { formatProblems, validateDesign, validateDesignText } from '../src/core/checks/validate.ts';
import { getExample } from '../src/core/features/examples/index.ts';
import { importWorkbenchText } from '../src/core/io/nosql-workbench/import.ts';
import type { Design } from '../src/core/model/schema.ts';

export const CORPUS_DIR = fileURLToPath(new URL('../fixtures/lint-corpus/', import.meta.url));
const WORKBENCH_DIR = fileURLToPath(new URL('../fixtures/workbench-models/', import.meta.url));

/** Where a corpus design comes from: `<name>.keyplan.json` beside it unless `source` names another. */
interface Source {
  example?: string;
  workbench?: string;
  table?: string;
}

function loadDesign(name: string, source: Source | undefined, file: string): Design {
  const fail = (what: string): never => {
    throw new Error(`${file}: ${what}`);
  };
  if (source?.example !== undefined) {
    const example =
      getExample(source.example) ?? fail(`source.example: no built-in example "${source.example}"`);
    const result = validateDesign(example.design);
    return result.ok ? result.design : fail(`source.example: ${formatProblems(result.problems)}`);
  }
  if (source?.workbench !== undefined) {
    const text = readFileSync(join(WORKBENCH_DIR, source.workbench), 'utf8');
    const result = importWorkbenchText(text, source.table === undefined ? {} : { table: source.table });
    return result.ok ? result.design : fail(`source.workbench: ${result.message}`);
  }
  const path = join(CORPUS_DIR, `${name}.keyplan.json`);
  const result = validateDesignText(readFileSync(path, 'utf8'));
  return result.ok ? result.design : fail(`${basename(path)}: ${formatProblems(result.problems)}`);
}

export interface LoadedCase extends CorpusCase {
  design: Design;
}

/** Every design of the corpus with its expectation and its findings (every registered rule). */
export function loadLintCorpus(): LoadedCase[] {
  return readdirSync(CORPUS_DIR)
    .filter((f) => f.endsWith('.expected.json'))
    .sort()
    .map((file) => {
      const name = file.slice(0, -'.expected.json'.length);
      const json = JSON.parse(readFileSync(join(CORPUS_DIR, file), 'utf8')) as { source?: Source };
      const expectation = parseCorpusExpectation(json, file);
      const design = loadDesign(name, json.source, file);
      return { name, design, expectation, findings: lintDesign(design) };
    });
}

/** A registered rule's family. */
export function ruleFamily(rule: string): LintFamily | undefined {
  return LINT_RULES.find((r) => r.id === rule)?.family;
}
