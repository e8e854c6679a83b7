// The lint corpus (fixtures/lint-corpus): every design linted, scored against what an expert expects.
// Done when (#16): precision ≥ 90% and recall ≥ 70%, overall and per rule family.
import { describe, expect, it } from 'vitest';
import { loadLintCorpus, ruleFamily } from '../../../scripts/lint-corpus.ts';
import { type CorpusCase, corpusTable, scoreCorpus } from './corpus.ts';
import type { Finding } from './lint.ts';
import { LINT_RULES } from './rules/index.ts';

const finding = (rule: string, target: string, related?: string[]): Finding => ({
  rule,
  severity: 'warning',
  message: `${rule} at ${target}`,
  target,
  ...(related ? { related } : {}),
});

describe('scoreCorpus', () => {
  it('matches by rule and target or a related path, per family and overall', () => {
    const cases: CorpusCase[] = [
      {
        name: 'a',
        expectation: {
          expected: [
            { rule: 'k', target: 'entities[0].keys.SK', why: '' },
            { rule: 'k', target: 'entities[1].keys.SK', why: '' },
            { rule: 'future', family: 'ttl', target: 'table', why: 'no rule yet' },
          ],
          unexpected: [{ rule: 'p', target: 'table.globalSecondaryIndexes[0]', why: '' }],
        },
        findings: [
          finding('k', 'entities[0].keys.SK', ['entities[1].keys.SK']),
          finding('p', 'table.globalSecondaryIndexes[0]'),
          { ...finding('p', 'table.globalSecondaryIndexes[1]'), suppressed: { reason: 'x' } },
        ],
      },
    ];
    const families = { k: 'keys', p: 'projections' } as const;
    const score = scoreCorpus(cases, (rule) => families[rule as keyof typeof families]);
    expect(score.overall).toMatchObject({ findings: 2, matchedFindings: 1, expected: 3, matchedExpected: 2 });
    expect(score.families.keys).toMatchObject({ precision: 1, recall: 1 });
    expect(score.families.projections).toMatchObject({ precision: 0, recall: undefined });
    expect(score.families.ttl).toMatchObject({ findings: 0, recall: 0 });
    expect(score.missed.map((m) => m.rule)).toEqual(['future']);
    expect(score.falseAlarms).toMatchObject([{ rule: 'p', unexpected: true }]);
    expect(corpusTable(score).at(-1)).toEqual(['overall', '2', '1', '50%', '3', '2', '67%']);
  });
});

describe('the lint corpus', () => {
  const cases = loadLintCorpus();
  const score = scoreCorpus(cases, ruleFamily);

  it('holds the built-in examples, Workbench models and written designs, each design valid', () => {
    expect(cases.length).toBeGreaterThanOrEqual(9);
    for (const c of cases)
      for (const entry of [...c.expectation.expected, ...c.expectation.unexpected])
        expect(
          ruleFamily(entry.rule) ?? entry.family,
          `${c.name}: ${entry.rule} needs a family`,
        ).toBeDefined();
  });

  it('gives every finding a one-line message of at most 160 characters (detail goes in fix and explanation)', () => {
    const long = cases.flatMap((c) =>
      c.findings
        .filter((f) => f.message.includes('\n') || f.message.length > 160)
        .map((f) => `${c.name}: ${f.rule} @ ${f.target} (${f.message.length}): ${f.message}`),
    );
    expect(long).toEqual([]);
  });

  const matchesEntry = (f: Finding, rule: string, target: string) =>
    f.rule === rule && (f.target === target || (f.related ?? []).includes(target));
  const isExpected = (c: (typeof cases)[number], f: Finding) =>
    c.expectation.expected.some((e) => matchesEntry(f, e.rule, e.target));
  const workbench = cases.filter((c) => c.name.startsWith('wb-'));

  it('holds every public Workbench model of the fixtures, each table of a multi-table one', () => {
    expect(workbench.length).toBeGreaterThanOrEqual(27);
  });

  it('gives no Workbench model an error-severity finding the expert did not expect', () => {
    const wrong = workbench.flatMap((c) =>
      c.findings
        .filter((f) => f.severity === 'error' && !f.suppressed && !isExpected(c, f))
        .map((f) => `${c.name}: ${f.rule} @ ${f.target}: ${f.message}`),
    );
    expect(wrong).toEqual([]);
  });

  it('gives every Workbench model at least one true finding from its types and sample values', () => {
    // unused-index's "no access patterns yet" note is true of any import: it does not count here.
    const none = workbench.filter(
      (c) => !c.findings.some((f) => !f.suppressed && f.rule !== 'unused-index' && isExpected(c, f)),
    );
    expect(none.map((c) => c.name)).toEqual([]);
  });

  it('has, for every rule, a design where it must fire (and does) and one where it stays quiet', () => {
    const gaps = LINT_RULES.flatMap((rule) => {
      const fires = cases.some((c) =>
        c.expectation.expected.some(
          (e) => e.rule === rule.id && c.findings.some((f) => matchesEntry(f, e.rule, e.target)),
        ),
      );
      const quiet = cases.some((c) => !c.findings.some((f) => f.rule === rule.id));
      return [
        ...(fires ? [] : [`${rule.id}: fires nowhere as expected`]),
        ...(quiet ? [] : [`${rule.id}: never quiet`]),
      ];
    });
    expect(gaps).toEqual([]);
  });

  it('scores precision ≥ 90% and recall ≥ 70%, overall and per family', () => {
    const report = corpusTable(score)
      .map((row) => row.join('\t'))
      .join('\n');
    const below = [['overall', score.overall] as const, ...Object.entries(score.families)].filter(
      ([, s]) =>
        (s!.precision !== undefined && s!.precision < 0.9) || (s!.recall !== undefined && s!.recall < 0.7),
    );
    expect(
      below.map(([family]) => family),
      `${report}\nmissed: ${JSON.stringify(score.missed, null, 1)}\nfalse alarms: ${JSON.stringify(score.falseAlarms, null, 1)}`,
    ).toEqual([]);
  });
});
