// The linter: a second opinion on a design before it is deployed. Each rule is a module of rules/ with a
// stable id; a finding names what is wrong, how to fix it, and the JSON path of the part of the design it
// is about (`entities[1].keys.GSI1PK`, `accessPatterns[3].keyCondition.sort`) so the UI can jump there.

import type { ValidationProblem } from '../checks/validate.ts';
import type { Design } from '../model/schema.ts';
import { LintContext } from './lint-context.ts';
import type { Finding, LintRule, Severity } from './lint-types.ts';
import { LINT_RULES } from './rules/index.ts';

// The vocabulary of findings and rules has a module of its own (lint-types.ts), so a rule names it
// without importing the engine that imports every rule.
export {
  type Finding,
  LINT_FAMILIES,
  type LintFamily,
  type LintRule,
  type RuleFinding,
  SEVERITIES,
  type Severity,
} from './lint-types.ts';

/** The rule of an id, if there is one. */
export function findRule(id: string, rules: readonly LintRule[] = LINT_RULES): LintRule | undefined {
  return rules.find((rule) => rule.id === id);
}

/** The rule id findings about the design's own `lint` configuration carry. */
export const LINT_CONFIG_RULE = 'lint-config';

/**
 * What is wrong with the design's `lint` configuration that its schema cannot tell: a rule id the linter
 * does not have (in `lint.rules` or a suppression). The CLI refuses such a design; the UI lists the problems.
 */
export function lintConfigProblems(
  design: Design,
  rules: readonly LintRule[] = LINT_RULES,
): ValidationProblem[] {
  const problems: ValidationProblem[] = [];
  const unknown = (id: string) => {
    if (findRule(id, rules)) return undefined;
    return `unknown lint rule "${id}"; the rules are ${rules.map((r) => r.id).join(', ')}`;
  };
  for (const id of Object.keys(design.lint?.rules ?? {})) {
    const message = unknown(id);
    if (message) problems.push({ path: `lint.rules.${id}`, message });
  }
  design.lint?.suppress?.forEach((suppression, i) => {
    const message = unknown(suppression.rule);
    if (message) problems.push({ path: `lint.suppress[${i}].rule`, message });
  });
  return problems;
}

/** A finding's message is one line of at most this many characters; the detail goes in its fix. */
export const MESSAGE_MAX = 160;

/**
 * A rule's message as one line of at most MESSAGE_MAX characters: the whole sentences that fit, else the
 * first sentence up to its last `: `, `; ` or `, ` that fits. What is cut goes first in the fix, as written.
 */
export function oneLineMessage(text: string, fix?: string): { message: string; fix?: string } {
  const flat = text.replace(/\s*\n\s*/g, ' ').trim();
  if (flat.length <= MESSAGE_MAX) return { message: flat, fix };
  let message: string;
  let rest: string;
  const sentence = flat.lastIndexOf('. ', MESSAGE_MAX - 1);
  const clause = [': ', '; ', ', ']
    .map((mark) => flat.lastIndexOf(mark, MESSAGE_MAX - 2))
    .find((at) => at > 0);
  if (sentence > 0) {
    message = flat.slice(0, sentence + 1);
    rest = flat.slice(sentence + 2);
  } else if (clause !== undefined) {
    message = `${flat.slice(0, clause)}.`;
    rest = flat.charAt(clause + 2).toUpperCase() + flat.slice(clause + 3);
  } else {
    const space = flat.lastIndexOf(' ', MESSAGE_MAX - 2);
    message = `${flat.slice(0, space)}…`;
    rest = `…${flat.slice(space + 1)}`;
  }
  return { message, fix: fix === undefined ? rest : `${rest} ${fix}` };
}

/**
 * Every finding of every rule on a design that validates (validateDesign), rule by rule in LINT_RULES
 * order. Rules share one LintContext, so derived items, index views and template shapes are computed once.
 * The design's `lint` configuration applies: a rule set to `off` is not run, a rule given a severity reports
 * every finding at that severity, and a finding a suppression names (same rule, same target) comes back
 * with `suppressed: { reason }`. Problems of the configuration itself come first, as `lint-config` errors.
 */
export function lintDesign(design: Design, rules: readonly LintRule[] = LINT_RULES): Finding[] {
  const context = new LintContext(design);
  const levels = design.lint?.rules ?? {};
  const suppressions = design.lint?.suppress ?? [];
  const configFindings = lintConfigProblems(design, rules).map(
    (problem): Finding => ({
      rule: LINT_CONFIG_RULE,
      severity: 'error',
      message: problem.message,
      target: problem.path,
    }),
  );
  return configFindings.concat(
    rules.flatMap((rule) => {
      const level = levels[rule.id];
      if (level === 'off') return [];
      return rule.check(design, context).map((f) => {
        const suppression = suppressions.find((s) => s.rule === rule.id && s.target === f.target);
        const { message, fix } = oneLineMessage(f.message, f.fix);
        return {
          rule: rule.id,
          severity: level ?? f.severity ?? rule.severity,
          message,
          target: f.target,
          ...(fix === undefined ? {} : { fix }),
          ...(f.related === undefined || f.related.length === 0 ? {} : { related: f.related }),
          ...(suppression ? { suppressed: { reason: suppression.reason } } : {}),
        };
      });
    }),
  );
}

/** Unsuppressed findings per severity, errors first: how the CLI prints and counts them and the UI groups them. */
export function groupBySeverity(findings: readonly Finding[]): Record<Severity, Finding[]> {
  const groups: Record<Severity, Finding[]> = { error: [], warning: [], info: [] };
  for (const finding of findings) if (!finding.suppressed) groups[finding.severity].push(finding);
  return groups;
}
