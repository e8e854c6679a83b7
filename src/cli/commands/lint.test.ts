// keyplan lint in CI: each output format (text, JSON, SARIF 2.1.0 validated against the official schema, GitHub
// annotations) places findings at their line in the design file; a suppression with a reason silences exactly
// its finding and shows as suppressed; --fail-on and --max-warnings set the exit code; an invalid or unreadable
// file exits 2 with the error as JSON; --explain prints a rule's explanation.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Ajv from 'ajv-draft-04';
import { beforeAll, describe, expect, it } from 'vitest';
import { LINT_RULES } from '../../core/analysis/rules/index.ts';
import { runKeyplan } from '../run-in-process.ts';

const SEED_000 = new URL('../../core/analysis/fixtures/seed-000.keyplan.json', import.meta.url).pathname;
const SARIF_SCHEMA = new URL('../../../fixtures/sarif/sarif-schema-2.1.0.json', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'keyplan-lint-'));

interface JsonFinding {
  rule: string;
  severity: string;
  message: string;
  target: string;
  line: number;
  column: number;
  suppressed?: { reason: string };
}

/** Writes the design (pretty-printed, two spaces) to a file of its own and returns its path and text. */
function designFile(name: string, edit: (doc: Record<string, unknown>) => void = () => {}) {
  const doc = JSON.parse(readFileSync(SEED_000, 'utf8'));
  edit(doc);
  const path = join(dir, `${name}.keyplan.json`);
  const text = `${JSON.stringify(doc, null, 2)}\n`;
  writeFileSync(path, text);
  return { path, text, lines: text.split('\n') };
}

/** The finding an editor would show at `line:column`: the text there starts with the target's property name. */
function textAt(lines: string[], f: { line: number; column: number }) {
  return lines[f.line - 1].slice(f.column - 1);
}

const REASON = 'Reviewed with the team: the pattern is served by the cache in front of the table';

describe('keyplan lint for CI', () => {
  const plain = designFile('plain');
  let before: JsonFinding[] = [];
  let errors: JsonFinding[] = [];
  // The first error: silenced by a suppression naming its rule and target.
  let silenced: JsonFinding;
  let suppressedDesign: ReturnType<typeof designFile>;
  beforeAll(async () => {
    before = (await runKeyplan(['lint', plain.path, '--json'])).json().findings;
    errors = before.filter((f) => f.severity === 'error');
    silenced = errors[0];
    suppressedDesign = designFile('suppressed', (doc) => {
      doc.lint = { suppress: [{ rule: silenced.rule, target: silenced.target, reason: REASON }] };
    });
  });

  it('places every finding at its target in the file (JSON)', () => {
    expect(errors.length).toBeGreaterThan(1);
    for (const f of before) {
      const last = f.target.match(/(?:\.([^.[\]]+)|\[(\d+)\])$/);
      // A property's finding points at its name; an array element's at the element.
      if (last?.[1])
        expect(
          textAt(plain.lines, f).startsWith(`"${last[1]}"`),
          `${f.target} at ${f.line}:${f.column}`,
        ).toBe(true);
      else expect(f.line).toBeGreaterThan(1);
    }
  });

  it('silences exactly the suppressed finding, and shows it as suppressed in text and JSON', async () => {
    const json = await runKeyplan(['lint', suppressedDesign.path, '--json']);
    const after: JsonFinding[] = json.json().findings;
    expect(after.filter((f) => f.suppressed)).toEqual([
      { ...silenced, line: expect.any(Number), suppressed: { reason: REASON } },
    ]);
    // Every other finding is unchanged (the file gained a `lint` field, so lines after it did not move: it is last).
    expect(after.filter((f) => !f.suppressed)).toEqual(before.filter((f) => f !== silenced));
    expect(json.stderr).toMatch(new RegExp(`: ${errors.length - 1} errors?, .* 1 suppressed\\n$`));

    const text = await runKeyplan(['lint', suppressedDesign.path]);
    const errorSection = text.stdout.slice(0, text.stdout.indexOf('\n\n'));
    expect(errorSection).toMatch(new RegExp(`^Errors \\(${errors.length - 1}\\)\\n`));
    const suppressedSection = text.stdout.slice(text.stdout.indexOf('Suppressed (1)\n'));
    expect(suppressedSection).toContain(
      `  ${silenced.rule} at ${silenced.target} (${suppressedDesign.path}:`,
    );
    expect(suppressedSection).toContain(`    suppressed: ${REASON}\n`);
    expect(text.code).toBe(errors.length > 1 ? 1 : 0);
  });

  it('writes SARIF 2.1.0 that the official schema accepts, with rules, locations and the suppression', async () => {
    const result = await runKeyplan(['lint', suppressedDesign.path, '--format', 'sarif']);
    const sarif = JSON.parse(result.stdout);
    const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
    const validate = ajv.compile(JSON.parse(readFileSync(SARIF_SCHEMA, 'utf8')));
    expect(validate(sarif), ajv.errorsText(validate.errors)).toBe(true);

    const [run] = sarif.runs;
    expect(run.tool.driver.rules.map((r: { id: string }) => r.id)).toEqual(LINT_RULES.map((r) => r.id));
    const rule = run.tool.driver.rules.find((r: { id: string }) => r.id === silenced.rule);
    expect(rule.shortDescription.text).toBe(LINT_RULES.find((r) => r.id === silenced.rule)!.description);
    expect(rule.fullDescription.text.length).toBeGreaterThan(0);
    expect(run.results).toHaveLength(before.length);
    const suppressed = run.results.filter((r: { suppressions?: unknown }) => r.suppressions);
    expect(suppressed).toHaveLength(1);
    expect(suppressed[0].ruleId).toBe(silenced.rule);
    expect(suppressed[0].suppressions).toEqual([
      { kind: 'inSource', status: 'accepted', justification: REASON },
    ]);
    for (const [i, r] of run.results.entries()) {
      expect(run.tool.driver.rules[r.ruleIndex].id).toBe(r.ruleId);
      const { artifactLocation, region } = r.locations[0].physicalLocation;
      expect(artifactLocation.uri).toBe(pathToFileURL(suppressedDesign.path).href);
      const json = (await runKeyplan(['lint', suppressedDesign.path, '--json'])).json().findings[i];
      expect(region).toEqual({ startLine: json.line, startColumn: json.column });
      expect(r.locations[0].logicalLocations[0].fullyQualifiedName).toBe(json.target || '(design)');
    }
    expect(result.code).toBe(errors.length > 1 ? 1 : 0);
  });

  it('writes GitHub annotations with file, line, column and rule, and leaves the suppressed finding out', async () => {
    const result = await runKeyplan(['lint', suppressedDesign.path, '--format', 'github']);
    const lines = result.stdout.trimEnd().split('\n');
    const json: JsonFinding[] = (await runKeyplan(['lint', suppressedDesign.path, '--json'])).json().findings;
    const shown = json.filter((f) => !f.suppressed);
    expect(lines).toHaveLength(shown.length);
    const level = { error: 'error', warning: 'warning', info: 'notice' } as Record<string, string>;
    shown.forEach((f, i) => {
      const match = lines[i].match(/^::(\w+) file=([^,]+),line=(\d+),col=(\d+),title=([^:]+)::(.*)$/);
      expect(match, lines[i]).not.toBeNull();
      const [, kind, file, line, col, title, message] = match!;
      expect([kind, file, Number(line), Number(col), title]).toEqual([
        level[f.severity],
        suppressedDesign.path,
        f.line,
        f.column,
        f.rule,
      ]);
      expect(message.startsWith(f.message.replace(/%/g, '%25'))).toBe(true);
    });
  });

  it('fails on warnings with --fail-on warning, and past --max-warnings', async () => {
    // Only the rule of the first error, reported as a warning: no error is left.
    const onlyWarnings = designFile('warnings', (doc) => {
      doc.lint = {
        rules: { ...Object.fromEntries(LINT_RULES.map((r) => [r.id, 'off'])), [silenced.rule]: 'warning' },
      };
    });
    const count = before.filter((f) => f.rule === silenced.rule).length;
    const run = (...flags: string[]) => runKeyplan(['lint', onlyWarnings.path, ...flags]);
    const plainRun = await run();
    expect([plainRun.code, plainRun.stderr]).toEqual([
      0,
      `${onlyWarnings.path}: 0 errors, ${count} warning${count === 1 ? '' : 's'}, 0 info\n`,
    ]);
    expect((await run('--fail-on', 'warning')).code).toBe(1);
    expect((await run('--fail-on', 'error')).code).toBe(0);
    expect((await run('--max-warnings', String(count))).code).toBe(0);
    const over = await run('--max-warnings', String(count - 1));
    expect(over.code).toBe(1);
    expect(over.stderr).toContain('(--max-warnings)');
    expect((await run('--fail-on', 'notice')).code).toBe(2);
    expect((await run('--format', 'xml')).code).toBe(2);
  });

  it('exits 2 on an invalid or unreadable file, with the error as JSON', async () => {
    const invalid = designFile('invalid', (doc) => {
      doc.lint = { rules: { 'no-such-rule': 'off' }, suppress: [{ rule: silenced.rule, target: '' }] };
    });
    const result = await runKeyplan(['lint', invalid.path, '--json']);
    expect(result.code).toBe(2);
    expect(result.json()).toEqual({
      error: {
        code: 'InvalidDesign',
        message: `${invalid.path}: lint.suppress[0].reason: missing: say why the finding does not apply`,
        problems: [
          { path: 'lint.suppress[0].reason', message: 'missing: say why the finding does not apply' },
        ],
      },
    });
    const unknown = designFile('unknown-rule', (doc) => {
      doc.lint = { rules: { 'no-such-rule': 'off' } };
    });
    const unknownResult = await runKeyplan(['lint', unknown.path, '--format', 'json']);
    expect(unknownResult.code).toBe(2);
    expect(unknownResult.json().error.problems).toEqual([
      {
        path: 'lint.rules.no-such-rule',
        message: expect.stringMatching(/^unknown lint rule "no-such-rule"/),
      },
    ]);
    const annotated = await runKeyplan(['lint', unknown.path, '--format', 'github']);
    const line = unknown.lines.findIndex((l) => l.includes('"no-such-rule"')) + 1;
    expect(annotated.stdout).toMatch(
      new RegExp(
        `^::error file=${unknown.path},line=${line},col=\\d+,title=invalid design::lint.rules.no-such-rule: unknown lint rule`,
      ),
    );

    const missing = await runKeyplan(['lint', join(dir, 'nothing.json'), '--json']);
    expect(missing.code).toBe(2);
    expect(missing.json().error).toEqual({
      code: 'UnreadableFile',
      message: `${join(dir, 'nothing.json')}: no such file`,
      problems: [],
    });
    expect((await runKeyplan(['lint', '-', '--json'], '{ "format": ')).json().error.code).toBe(
      'InvalidDesign',
    );
  });

  it('explains a rule with --explain; an unknown rule is a usage error', async () => {
    const rule = LINT_RULES.find((r) => r.id === 'hot-partition')!;
    const result = await runKeyplan(['lint', '--explain', 'hot-partition']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`hot-partition (${rule.severity}, throughput)\n${rule.description}\n`);
    if (rule.explanation) expect(result.stdout).toContain(rule.explanation);
    const unknown = await runKeyplan(['lint', '--explain', 'hot-partitions']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--explain hot-partitions: unknown lint rule');
  });
});
