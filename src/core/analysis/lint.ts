// The linter: a second opinion on a design before it is deployed. Each rule is a module of rules/ with a
// stable id; a finding names what is wrong, how to fix it, and the JSON path of the part of the design it
// is about (`entities[1].keys.GSI1PK`, `accessPatterns[3].keyCondition.sort`) so the UI can jump there.
import type { Design } from '../model/schema.ts';
import { LintContext } from './lint-context.ts';
import { LINT_RULES } from './rules/index.ts';

export const SEVERITIES = ['error', 'warning', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];

export interface Finding {
  rule: string;
  severity: Severity;
  message: string;
  /** JSON path into the design document; `` for the design as a whole. */
  target: string;
}

/** What a rule's check reports; the engine adds the rule id, and the rule's severity unless one is given. */
export interface RuleFinding {
  message: string;
  target: string;
  severity?: Severity;
}

export interface LintRule {
  id: string;
  /** The severity of its findings, unless a finding says otherwise (always less severe). */
  severity: Severity;
  /** What it catches, in one sentence (the README's rule table, the UI's tooltip). */
  description: string;
  check(design: Design, context: LintContext): RuleFinding[];
}

/**
 * Every finding of every rule on a design that validates (validateDesign), rule by rule in LINT_RULES
 * order. Rules share one LintContext, so derived items, index views and template shapes are computed once.
 */
export function lintDesign(design: Design, rules: readonly LintRule[] = LINT_RULES): Finding[] {
  const context = new LintContext(design);
  return rules.flatMap((rule) =>
    rule.check(design, context).map((f) => ({
      rule: rule.id,
      severity: f.severity ?? rule.severity,
      message: f.message,
      target: f.target,
    })),
  );
}

/** Findings per severity, errors first: how the CLI prints them and the UI groups them. */
export function groupBySeverity(findings: readonly Finding[]): Record<Severity, Finding[]> {
  const groups: Record<Severity, Finding[]> = { error: [], warning: [], info: [] };
  for (const finding of findings) groups[finding.severity].push(finding);
  return groups;
}
