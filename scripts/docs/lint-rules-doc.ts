// docs/analysis.md's table of lint rules, written from the rules themselves (their id, severity, family
// and description in src/core/analysis/rules), so a rule's text is written once, in its own file.
import { LINT_RULES } from '../../src/core/analysis/rules/index.ts';
import type { GeneratedBlock } from './blocks.ts';
import { table } from './blocks.ts';

export const lintRulesBlock: GeneratedBlock = {
  name: 'lint-rules',
  source: 'LINT_RULES, src/core/analysis/rules',
  render: () =>
    table(
      ['rule', 'severity', 'family', 'catches'],
      LINT_RULES.map((rule) => [`\`${rule.id}\``, rule.severity, rule.family ?? '', rule.description]),
    ),
};
