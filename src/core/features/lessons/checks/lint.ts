// The `lint` check: lint has no finding of `rule` (any rule when absent) at `severity` or worse (default
// 'error'), optionally only about `target`; a failure gives the first finding with its fix.
import { z } from 'zod';
import { type Finding, lintDesign, SEVERITIES } from '../../../analysis/lint.ts';
import { LINT_RULES } from '../../../analysis/rules/index.ts';
import type { ValidationProblem } from '../../../checks/validate.ts';
import type { Design } from '../../../model/schema.ts';
import { plural } from '../../../values/text/plural.ts';
import { type CheckContext, result } from '../check-context.ts';
import { defineCheck } from '../check-definition.ts';
import type { CheckResult } from '../check-result.ts';
import { checkFields } from '../lesson-fields.ts';

/** Lint has no finding of `rule` (any rule when absent) at `severity` or worse (default 'error'), optionally only about `target`. */
const schema = z
  .object({
    ...checkFields,
    kind: z.literal('lint'),
    rule: z.string().min(1).optional(),
    severity: z.enum(['error', 'warning', 'info']).optional(),
    /** Only findings whose target mentions this (an entity, index or pattern name). */
    target: z.string().min(1).optional(),
  })
  .strict();

export type LintCheck = z.infer<typeof schema>;

export const lintCheck = defineCheck({ kind: 'lint', schema, check: checkLint, problems: lintProblems });

const lintCache = new WeakMap<object, Finding[]>();

function findings(context: CheckContext): Finding[] {
  let found = lintCache.get(context.design);
  if (!found) {
    found = lintDesign(context.design).filter((f) => !f.suppressed);
    lintCache.set(context.design, found);
  }
  return found;
}

/** A finding as a reason: its message, where, and its fix. */
function findingText(finding: Finding): string {
  return `${finding.rule}: ${finding.message.replace(/\.$/, '')}${finding.target ? ` (at ${finding.target})` : ''}${finding.fix ? ` Fix: ${finding.fix}` : ''}`;
}

/** The JSON path prefixes of what a lint check's `target` names: a pattern, an entity or an index. */
function targetPaths(context: CheckContext, name: string): string[] {
  const { design } = context;
  const paths: string[] = [];
  design.accessPatterns.forEach((p, i) => p.id === name && paths.push(`accessPatterns[${i}]`));
  design.entities.forEach((e, i) => e.name === name && paths.push(`entities[${i}]`, `items.${e.name}`));
  design.table.globalSecondaryIndexes.forEach(
    (g, i) => g.name === name && paths.push(`table.globalSecondaryIndexes[${i}]`),
  );
  design.table.localSecondaryIndexes.forEach(
    (l, i) => l.name === name && paths.push(`table.localSecondaryIndexes[${i}]`),
  );
  return paths;
}

function isUnder(path: string, prefixes: string[]): boolean {
  return prefixes.some((p) => path === p || path.startsWith(`${p}.`) || path.startsWith(`${p}[`));
}

function checkLint(context: CheckContext, check: LintCheck): CheckResult {
  const severity = check.severity ?? 'error';
  const worst = SEVERITIES.slice(0, SEVERITIES.indexOf(severity) + 1);
  const paths = check.target === undefined ? [] : targetPaths(context, check.target);
  const about = (f: Finding) =>
    check.target === undefined ||
    (paths.length > 0
      ? [f.target, ...(f.related ?? [])].some((p) => isUnder(p, paths))
      : f.message.includes(check.target));
  const found = findings(context).filter(
    (f) => (check.rule === undefined || f.rule === check.rule) && worst.includes(f.severity) && about(f),
  );
  const what = `${check.rule ? `${check.rule} ` : ''}${severity === 'error' ? 'error' : `${severity} or worse`}${check.target ? ` about ${check.target}` : ''}`;
  const target = lintTarget(context, check.target);
  if (found.length === 0) return result(check, 'pass', `lint finds no ${what}`, target);
  const more = found.length > 1 ? ` (and ${plural(found.length - 1, 'more finding')})` : '';
  return result(
    check,
    'fail',
    `lint finds ${plural(found.length, 'finding')} (${what}): ${findingText(found[0])}${more}`,
    target,
  );
}

function lintTarget(context: CheckContext, name: string | undefined): CheckResult['target'] {
  if (name === undefined) return { kind: 'design' };
  if (context.pattern(name)) return { kind: 'pattern', id: name };
  if (context.entity(name)) return { kind: 'entity', name };
  return { kind: 'index', name };
}

/** The rule a lint check names must be a lint rule. */
function lintProblems(check: LintCheck, _solution: Design, at: string): ValidationProblem[] {
  if (check.rule === undefined || LINT_RULES.some((rule) => rule.id === check.rule)) return [];
  return [
    {
      path: `${at}.rule`,
      message: `unknown lint rule "${check.rule}"; the rules are ${LINT_RULES.map((r) => r.id).join(', ')}`,
    },
  ];
}
