// The lint corpus's scorer (fixtures/lint-corpus): designs with the findings an expert expects and the
// false alarms seen before, held against what lintDesign reports. Pure: the caller loads the designs.
//
// A finding matches an entry when the rule ids are equal and the entry's target is the finding's target or
// one of its related paths (one root cause is one finding, its other places listed). Precision is matched
// findings over all findings not suppressed; recall is matched expected entries over all expected entries;
// both per rule family and overall. An expected entry for a rule that does not exist yet counts against
// recall in the family it names: the corpus says what an expert finds, not what Keyplan can find today.
import type { Finding, LintFamily } from './lint.ts';

export interface CorpusEntry {
  rule: string;
  target: string;
  /** Why an expert expects this finding (or calls it a false alarm): the corpus's review, in one place. */
  why: string;
  /** The rule's family; needed only while no registered rule has this id. */
  family?: LintFamily;
}

export interface CorpusExpectation {
  expected: CorpusEntry[];
  unexpected: CorpusEntry[];
}

export interface CorpusCase {
  name: string;
  expectation: CorpusExpectation;
  findings: readonly Finding[];
}

export interface Score {
  /** Findings (not suppressed) of the family's rules, and how many matched an expected entry. */
  findings: number;
  matchedFindings: number;
  expected: number;
  matchedExpected: number;
  /** matchedFindings / findings; undefined with no findings. */
  precision?: number;
  /** matchedExpected / expected; undefined with nothing expected. */
  recall?: number;
}

export interface CorpusMiss {
  design: string;
  rule: string;
  target: string;
  /** For a missed entry, the corpus's why; for a false alarm, the finding's message. */
  detail: string;
}

export interface CorpusScore {
  overall: Score;
  families: Partial<Record<LintFamily | 'unknown', Score>>;
  /** Expected entries no finding matched. */
  missed: CorpusMiss[];
  /** Findings no expected entry matched (`unexpected` true when the corpus lists them as false alarms). */
  falseAlarms: (CorpusMiss & { unexpected: boolean })[];
}

const matches = (finding: Finding, entry: CorpusEntry) =>
  finding.rule === entry.rule &&
  (finding.target === entry.target || (finding.related ?? []).includes(entry.target));

const isSuppressed = (finding: Finding) => finding.suppressed !== undefined;

const emptyScore = (): Score => ({ findings: 0, matchedFindings: 0, expected: 0, matchedExpected: 0 });

function finish(score: Score): Score {
  return {
    ...score,
    precision: score.findings === 0 ? undefined : score.matchedFindings / score.findings,
    recall: score.expected === 0 ? undefined : score.matchedExpected / score.expected,
  };
}

/** Scores the corpus; familyOf gives a registered rule's family (undefined for an unknown id). */
export function scoreCorpus(
  cases: readonly CorpusCase[],
  familyOf: (rule: string) => LintFamily | undefined,
): CorpusScore {
  const overall = emptyScore();
  const families = new Map<LintFamily | 'unknown', Score>();
  const of = (family: LintFamily | 'unknown') => {
    if (!families.has(family)) families.set(family, emptyScore());
    return families.get(family)!;
  };
  const missed: CorpusMiss[] = [];
  const falseAlarms: CorpusScore['falseAlarms'] = [];
  for (const { name, expectation, findings } of cases) {
    const active = findings.filter((f) => !isSuppressed(f));
    for (const finding of active) {
      const matched = expectation.expected.some((entry) => matches(finding, entry));
      for (const score of [overall, of(familyOf(finding.rule) ?? 'unknown')]) {
        score.findings++;
        if (matched) score.matchedFindings++;
      }
      if (!matched)
        falseAlarms.push({
          design: name,
          rule: finding.rule,
          target: finding.target,
          detail: finding.message,
          unexpected: expectation.unexpected.some((entry) => matches(finding, entry)),
        });
    }
    for (const entry of expectation.expected) {
      const matched = active.some((finding) => matches(finding, entry));
      for (const score of [overall, of(familyOf(entry.rule) ?? entry.family ?? 'unknown')]) {
        score.expected++;
        if (matched) score.matchedExpected++;
      }
      if (!matched) missed.push({ design: name, rule: entry.rule, target: entry.target, detail: entry.why });
    }
  }
  return {
    overall: finish(overall),
    families: Object.fromEntries([...families].map(([family, score]) => [family, finish(score)])),
    missed,
    falseAlarms,
  };
}

const percent = (value: number | undefined) => (value === undefined ? '—' : `${(value * 100).toFixed(0)}%`);

/** The per-family table `npm run bench lint` prints: family, findings, matched, precision, expected, recall. */
export function corpusTable(score: CorpusScore): string[][] {
  const row = (label: string, s: Score) => [
    label,
    String(s.findings),
    String(s.matchedFindings),
    percent(s.precision),
    String(s.expected),
    String(s.matchedExpected),
    percent(s.recall),
  ];
  return [
    ['family', 'findings', 'matched', 'precision', 'expected', 'found', 'recall'],
    ...Object.entries(score.families)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([family, s]) => row(family, s!)),
    row('overall', score.overall),
  ];
}

/** Checks a corpus expectation's shape; the message names the file and the entry (`…expected[2].rule`). */
export function parseCorpusExpectation(json: unknown, file: string): CorpusExpectation {
  const fail = (where: string, what: string): never => {
    throw new Error(`${file}: ${where} ${what}`);
  };
  if (!json || typeof json !== 'object' || Array.isArray(json)) fail('', 'must be a JSON object');
  const doc = json as Record<string, unknown>;
  const list = (key: 'expected' | 'unexpected'): CorpusEntry[] => {
    const value = doc[key] ?? [];
    if (!Array.isArray(value)) fail(key, 'must be an array');
    return (value as unknown[]).map((raw, i) => {
      const entry = (raw ?? {}) as Record<string, unknown>;
      for (const field of ['rule', 'target', 'why'] as const)
        if (typeof entry[field] !== 'string') fail(`${key}[${i}].${field}`, 'must be a string');
      if (entry.family !== undefined && typeof entry.family !== 'string')
        fail(`${key}[${i}].family`, 'must be a string');
      return entry as unknown as CorpusEntry;
    });
  };
  return { expected: list('expected'), unexpected: list('unexpected') };
}
