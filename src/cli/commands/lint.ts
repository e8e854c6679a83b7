import { isAbsolute, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { findRule, groupBySeverity, lintConfigProblems, lintDesign } from '../../core/analysis/lint.ts';
import { LINT_RULES } from '../../core/analysis/rules/index.ts';
import { formatProblems, type ValidationProblem, validateDesignText } from '../../core/checks/validate.ts';
import { plural } from '../../core/values/text/plural.ts';
import type { Command } from '../command.ts';
import { type CliIo, CommandError, printJson, readText, UsageError } from '../io.ts';
import {
  githubReport,
  LINT_FORMATS,
  type LintFormat,
  locate,
  positionOf,
  sarifReport,
  textReport,
} from '../lint-output.ts';
import type { Failure } from '../refusal.ts';

const FAIL_LEVELS = ['error', 'warning'] as const;

function oneOf<T extends string>(values: readonly T[], value: unknown, option: string, fallback: T): T {
  if (value === undefined) return fallback;
  if (!values.includes(value as T))
    throw new UsageError(`${option} ${String(value)}: expected one of ${values.join(', ')}`);
  return value as T;
}

function maxWarnings(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new UsageError(`--max-warnings ${String(value)}: expected a whole number of at least 0`);
  return n;
}

/** `--explain RULE`: what the rule catches and why it matters. */
function explain(id: string, json: boolean, io: CliIo): number {
  const rule = findRule(id);
  if (!rule)
    throw new UsageError(
      `--explain ${id}: unknown lint rule; the rules are ${LINT_RULES.map((r) => r.id).join(', ')}`,
    );
  const explanation = rule.explanation ?? rule.description;
  if (json)
    printJson(io, {
      rule: rule.id,
      family: rule.family,
      severity: rule.severity,
      description: rule.description,
      explanation,
    });
  else
    io.stdout(
      `${rule.id} (${rule.severity}${rule.family ? `, ${rule.family}` : ''})\n${rule.description}\n\n${explanation === rule.description ? '' : `${explanation}\n`}`,
    );
  return 0;
}

/** An unreadable or invalid design: exit 2, with `{ error: { code, message, problems } }` in JSON. */
function refuse(
  file: string,
  text: string | undefined,
  format: LintFormat,
  failure: Failure & { problems: ValidationProblem[] },
  io: CliIo,
): number {
  if (format === 'json') printJson(io, { error: failure });
  if (format === 'github')
    for (const problem of failure.problems) {
      const { line, column } = text === undefined ? { line: 1, column: 1 } : positionOf(text, problem.path);
      io.stdout(
        `::error file=${file},line=${line},col=${column},title=invalid design::${problem.path}: ${problem.message}\n`,
      );
    }
  io.stderr(`${failure.message}\n`);
  return 2;
}

/** A SARIF artifact URI: a relative path with / separators, or a file: URL for an absolute one. */
function artifactUri(file: string): string {
  if (file === '-') return 'stdin';
  if (isAbsolute(file)) return pathToFileURL(file).href;
  return file.split(sep).map(encodeURIComponent).join('/');
}

export const lintCommand: Command = {
  name: 'lint',
  summary:
    'judge the design: unserved patterns, collisions, hot partitions, sort keys…; exit 1 on an error, 2 on an invalid file',
  synopsis: ['FILE [--format] [--fail-on] [--max-warnings] [--json]', '--explain'],
  options: {
    json: { type: 'boolean', help: 'the same as --format json' },
    format: {
      type: 'string',
      choices: LINT_FORMATS,
      help: 'how findings are printed (default text); sarif is SARIF 2.1.0',
    },
    'fail-on': {
      type: 'string',
      choices: FAIL_LEVELS,
      help: 'exit 1 on a finding at or above this severity (default error)',
    },
    'max-warnings': { type: 'string', value: 'N', help: 'exit 1 on more than N warnings' },
    explain: { type: 'string', value: 'RULE', help: 'say why a rule matters, instead of linting' },
  },
  notes: [
    'Each finding has its rule, severity, one-line message, fix and place (JSON path, and line:column in FILE).',
    'Exit 1 on a finding at or above --fail-on, 2 on an unreadable or invalid file.',
  ],
  async run({ positionals, values }, io) {
    if (values.json && values.format !== undefined && values.format !== 'json')
      throw new UsageError(`--json and --format ${String(values.format)} do not go together`);
    const format = values.json ? 'json' : oneOf(LINT_FORMATS, values.format, '--format', 'text');
    if (typeof values.explain === 'string') return explain(values.explain, format === 'json', io);
    const failOn = oneOf(FAIL_LEVELS, values['fail-on'], '--fail-on', 'error');
    const warningLimit = maxWarnings(values['max-warnings']);
    const file = positionals[0];
    if (!file) throw new UsageError('missing the design file (a path, or - for standard input)');
    const label = file;

    let text: string;
    try {
      text = await readText(file, io);
    } catch (error) {
      if (!(error instanceof CommandError)) throw error;
      return refuse(
        label,
        undefined,
        format,
        { code: 'UnreadableFile', message: error.message, problems: [] },
        io,
      );
    }
    const result = validateDesignText(text);
    const problems = result.ok ? lintConfigProblems(result.design) : result.problems;
    if (!result.ok || problems.length > 0) {
      const message = formatProblems(problems)
        .split('\n')
        .map((line) => `${file === '-' ? '<stdin>' : file}: ${line}`)
        .join('\n');
      return refuse(label, text, format, { code: 'InvalidDesign', message, problems }, io);
    }

    const findings = locate(text, lintDesign(result.design));
    if (format === 'json') printJson(io, { findings });
    else if (format === 'sarif') printJson(io, sarifReport(artifactUri(file), text, findings));
    else if (format === 'github') io.stdout(githubReport(label, findings));
    else io.stdout(textReport(label, findings));

    const groups = groupBySeverity(findings);
    const suppressed = findings.filter((f) => f.suppressed).length;
    const counts = `${plural(groups.error.length, 'error')}, ${plural(groups.warning.length, 'warning')}, ${groups.info.length} info${suppressed ? `, ${suppressed} suppressed` : ''}`;
    io.stderr(`${label}: ${counts}\n`);
    const failing = groups.error.length + (failOn === 'warning' ? groups.warning.length : 0);
    const tooManyWarnings = warningLimit !== undefined && groups.warning.length > warningLimit;
    if (tooManyWarnings)
      io.stderr(`${label}: more than ${plural(warningLimit, 'warning')} (--max-warnings)\n`);
    return failing > 0 || tooManyWarnings ? 1 : 0;
  },
};
