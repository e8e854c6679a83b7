// How `keyplan lint` prints findings for people and for CI: text grouped by severity, JSON, SARIF 2.1.0 (code
// scanning) and GitHub workflow annotations. A finding's target, a JSON path, is placed at its line and column
// in the design file (json-locate.ts), so annotations land on the line that is wrong.
import { type Finding, findRule, groupBySeverity, SEVERITIES, type Severity } from '../core/analysis/lint.ts';
import { LINT_RULES } from '../core/analysis/rules/index.ts';
import { lineColumnAt, locateJsonPath } from '../core/model/json-locate.ts';

export const LINT_FORMATS = ['text', 'json', 'sarif', 'github'] as const;
export type LintFormat = (typeof LINT_FORMATS)[number];

export interface Position {
  line: number;
  column: number;
}

/** A finding with where its target is in the file (line 1, column 1 when the text does not say). */
export interface LocatedFinding extends Finding {
  line: number;
  column: number;
}

/** The line and column of a JSON path in the design text; the document's start if it cannot be placed. */
export function positionOf(text: string, path: string): Position {
  const range = locateJsonPath(text, path);
  return range ? lineColumnAt(text, range.start) : { line: 1, column: 1 };
}

export function locate(text: string, findings: readonly Finding[]): LocatedFinding[] {
  return findings.map((finding) => ({ ...finding, ...positionOf(text, finding.target) }));
}

const HEADINGS = { error: 'Errors', warning: 'Warnings', info: 'Info' } as const;

export function textReport(file: string, findings: readonly LocatedFinding[]): string {
  const groups = groupBySeverity(findings) as Record<Severity, LocatedFinding[]>;
  const suppressed = findings.filter((f) => f.suppressed);
  const row = (f: LocatedFinding) =>
    [
      `  ${f.rule} at ${f.target || '(design)'} (${file}:${f.line}:${f.column})`,
      `    ${f.message}`,
      ...(f.fix ? [`    fix: ${f.fix}`] : []),
      ...(f.related ? [`    also: ${f.related.join(', ')}`] : []),
      ...(f.suppressed ? [`    suppressed: ${f.suppressed.reason}`] : []),
    ].join('\n');
  const sections = [
    ...SEVERITIES.map((severity) => [HEADINGS[severity], groups[severity]] as const),
    ['Suppressed', suppressed] as const,
  ];
  return sections
    .filter(([, list]) => list.length > 0)
    .map(([heading, list]) => `${heading} (${list.length})\n${list.map(row).join('\n')}\n\n`)
    .join('');
}

/** `%`, CR and LF escaped as GitHub's workflow commands read them; in a property, `:` and `,` too. */
const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
const GITHUB_LEVEL = { error: 'error', warning: 'warning', info: 'notice' } as const;

/** One workflow command per unsuppressed finding: `::error file=F,line=L,col=C,title=RULE::message`. */
export function githubReport(file: string, findings: readonly LocatedFinding[]): string {
  return findings
    .filter((f) => !f.suppressed)
    .map((f) => {
      const props = `file=${escapeProperty(file)},line=${f.line},col=${f.column},title=${escapeProperty(f.rule)}`;
      const text = f.fix ? `${f.message}\nFix: ${f.fix}` : f.message;
      return `::${GITHUB_LEVEL[f.severity]} ${props}::${escapeData(text)}\n`;
    })
    .join('');
}

const SARIF_LEVEL = { error: 'error', warning: 'warning', info: 'note' } as const;

/**
 * A SARIF 2.1.0 log of one run: the linter's rules (id, description, explanation, family), and a result per
 * finding at its line and column in `uri`; a suppressed finding carries its reason as the justification.
 */
export function sarifReport(uri: string, text: string, findings: readonly LocatedFinding[]): unknown {
  const ids = [...new Set([...LINT_RULES.map((r) => r.id), ...findings.map((f) => f.rule)])];
  const rules = ids.map((id) => {
    const rule = findRule(id);
    const description = rule?.description ?? 'A problem with the design’s lint configuration.';
    const explanation = rule?.explanation ?? description;
    return {
      id,
      shortDescription: { text: description },
      fullDescription: { text: explanation },
      help: {
        text: `${explanation} Each finding says its fix in the design's own terms; see keyplan lint --explain ${id}.`,
      },
      defaultConfiguration: { level: SARIF_LEVEL[rule?.severity ?? 'error'] },
      ...(rule?.family ? { properties: { tags: [rule.family] } } : {}),
    };
  });
  const physical = (position: Position) => ({
    physicalLocation: {
      artifactLocation: { uri },
      region: { startLine: position.line, startColumn: position.column },
    },
  });
  const results = findings.map((f) => ({
    ruleId: f.rule,
    ruleIndex: ids.indexOf(f.rule),
    level: SARIF_LEVEL[f.severity],
    message: { text: f.fix ? `${f.message} Fix: ${f.fix}` : f.message },
    locations: [
      { ...physical(f), logicalLocations: [{ fullyQualifiedName: f.target || '(design)', kind: 'member' }] },
    ],
    ...(f.related
      ? {
          relatedLocations: f.related.map((path, id) => ({
            id,
            ...physical(positionOf(text, path)),
            message: { text: path },
          })),
        }
      : {}),
    ...(f.suppressed
      ? { suppressions: [{ kind: 'inSource', status: 'accepted', justification: f.suppressed.reason }] }
      : {}),
    properties: { target: f.target, ...(f.fix ? { fix: f.fix } : {}) },
  }));
  return {
    $schema: 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: { name: 'keyplan', rules },
        },
        artifacts: [{ location: { uri } }],
        results,
      },
    ],
  };
}
