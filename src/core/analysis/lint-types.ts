// What the linter speaks in: severities, rule families, a rule and what it finds. Apart from the engine
// (lint.ts) because every rule names these and the engine imports every rule.
import type { Design } from '../model/schema.ts';
import type { LintContext } from './lint-context.ts';

export const SEVERITIES = ['error', 'warning', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** The kind of problem a rule catches: how the README, the corpus's scores and the UI group rules. */
export const LINT_FAMILIES = [
  'keys',
  'patterns',
  'throughput',
  'ttl',
  'values',
  'growth',
  'projections',
  'table',
] as const;
export type LintFamily = (typeof LINT_FAMILIES)[number];

export interface Finding {
  rule: string;
  severity: Severity;
  /** One line, at most 160 characters: what is wrong. The rule's explanation says why it matters. */
  message: string;
  /** JSON path into the design document; `` for the design as a whole. */
  target: string;
  /** The concrete fix, in the design's own terms (its real prefixes and attributes). */
  fix?: string;
  /** Other JSON paths of the same root cause: one root cause is one finding. */
  related?: string[];
  /** Set when the design's `lint.suppress` silences it: shown, never counted. */
  suppressed?: { reason: string };
}

/** What a rule's check reports; the engine adds the rule id, and the rule's severity unless one is given. */
export interface RuleFinding {
  message: string;
  target: string;
  severity?: Severity;
  fix?: string;
  related?: string[];
}

export interface LintRule {
  id: string;
  family?: LintFamily;
  /** The severity of its findings, unless a finding says otherwise (always less severe). */
  severity: Severity;
  /** What it catches, in one sentence (the README's rule table, the UI's tooltip). */
  description: string;
  /** The long "why": what goes wrong in DynamoDB and when (`keyplan lint --explain RULE`, the UI's details). */
  explanation?: string;
  check(design: Design, context: LintContext): RuleFinding[];
}
