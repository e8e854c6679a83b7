// Two placeholders that touch (`account#{name}{id}`, as OneTable's own samples write them) render a key
// DynamoDB takes, but nothing in it says where the first value ends: `account#bob7` is name bob and id 7
// or name bo and id b7. Keyplan then reads no values back out of such a key (a live table's items, a
// backfill) and says so, and a begins_with on the first value alone also matches longer values. Info, not a
// warning: the design works for writes and exact reads; only reading keys back and prefixes suffer.
import { adjacentPlaceholders, fixedWidths } from '../../keys/template.ts';
import { keyPath } from '../lint-context.ts';
import type { LintRule, RuleFinding } from '../lint-types.ts';

export const adjacentPlaceholdersRule: LintRule = {
  id: 'adjacent-placeholders',
  family: 'keys',
  severity: 'info',
  description:
    'A key template has two placeholders with nothing between them ({name}{id}) and the first has no fixed width: a stored key cannot be split back into its values, and begins_with on the first also matches longer values.',
  explanation:
    "A key is one string. In account#{name}{id}, the key account#bob7 may be name bob with id 7 or name bo with id b7, so Keyplan reads no values back out of it (importing a live table, backfilling a changed design) and a begins_with for name bo also returns bob's items. Put a delimiter between them (account#{name}#{id}), pad the first ({n:6}), or give it a fixed-width format (uuid, ulid, date).",
  check(_design, context) {
    const findings: RuleFinding[] = [];
    for (const ref of context.forms()) {
      const widths = fixedWidths(ref.entity.attributes);
      for (const [keyName, template] of Object.entries(ref.entity.keys)) {
        const pair = adjacentPlaceholders(template, widths);
        if (!pair) continue;
        findings.push({
          target: keyPath(ref, keyName),
          message: `${ref.entity.name}'s ${keyName} ${template} puts {${pair.first}} right before {${pair.second}}: a stored key does not say where ${pair.first} ends, so its values cannot be read back.`,
          fix: `Put a delimiter between them: ${template.replace(`{${pair.first}}{`, `{${pair.first}}#{`)} (or pad {${pair.first}}, or give it a fixed-width format).`,
        });
      }
    }
    return findings;
  },
};
