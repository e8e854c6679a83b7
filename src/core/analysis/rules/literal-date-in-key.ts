// A date written into a key template (`2023-06-{day}`) fixes every item to that month: next month's items
// get last month's key. A date belongs in a placeholder.
import { parseTemplate } from '../../keys/template.ts';
import { keyPath } from '../lint-context.ts';
import type { LintRule, RuleFinding } from '../lint-types.ts';

const LITERAL_DATE = /(19|20)\d{2}-(0[1-9]|1[0-2])(-\d{2})?/;

export const literalDateInKey: LintRule = {
  id: 'literal-date-in-key',
  family: 'values',
  severity: 'warning',
  description:
    'A key template holds a literal date (2023-06-{day}): every item gets that date, whenever it is written.',
  explanation:
    'Key templates are rendered for every item the entity will ever hold. Literal text in them is the same for all items, so a date written there (ORDERS#2023-06, 2023-06-{day}) is a leftover of one example: items written later land under the wrong date, and queries for the real date find nothing.',
  check(_design, context) {
    const findings: RuleFinding[] = [];
    for (const ref of context.forms()) {
      for (const [keyName, template] of Object.entries(ref.entity.keys)) {
        const literal = parseTemplate(template)
          .map((p) => (p.kind === 'literal' ? p.text : '\u0000'))
          .join('');
        const date = LITERAL_DATE.exec(literal)?.[0];
        if (!date) continue;
        const bucket = date.length > 7 ? '{date}' : '{month}';
        findings.push({
          target: keyPath(ref, keyName),
          message: `${ref.entity.name}'s ${keyName} ${template} holds the literal date ${date}: every item gets it, whenever it is written.`,
          fix: `Replace ${date} with a placeholder of a stored attribute (${template.replace(date, bucket)}, ${bucket.slice(1, -1)} derived from the item's time).`,
        });
      }
    }
    return findings;
  },
};
