// A placeholder followed straight by a letter or digit (`C#{categoryId}P#{productId}`) has no end in the
// key: begins_with(GSI1SK, "C#1") for category 1 also matches category 10's "C#10P#…", and the value cannot
// be read back out of the key. A delimiter after it (`C#{categoryId}#P#{productId}`) ends it.
import { parseTemplate } from '../../keys/template.ts';
import { keyPath } from '../lint-context.ts';
import type { LintRule, RuleFinding } from '../lint-types.ts';

export const unterminatedPlaceholder: LintRule = {
  id: 'unterminated-placeholder',
  family: 'keys',
  severity: 'warning',
  description:
    'A key template has a placeholder followed directly by a letter or digit (C#{categoryId}P#…): where its value ends is unknown, so begins_with on it also matches longer values (C#1 matches C#10…).',
  explanation:
    "A key is one string: nothing marks where a placeholder's value ends unless the template puts a delimiter there. In C#{categoryId}P#{productId}, a Query for category 1 with begins_with(SK, 'C#1') also returns category 10, 11, 100…, and a key cannot be split back into its values. End every placeholder with a delimiter (#, |, :) or give it a fixed width ({categoryId:5}); values of an enum, a UUID or a ULID have no such ambiguity.",
  check(_design, context) {
    const findings: RuleFinding[] = [];
    for (const ref of context.forms()) {
      for (const [keyName, template] of Object.entries(ref.entity.keys)) {
        const parts = parseTemplate(template);
        const open = parts.findIndex((part, i) => {
          if (part.kind !== 'placeholder' || part.width !== undefined) return false;
          const next = parts[i + 1];
          if (next?.kind !== 'literal' || !/^[\p{L}\p{N}]/u.test(next.text)) return false;
          const attribute = ref.entity.attributes.find((a) => a.name === part.name);
          return !(attribute?.enum || attribute?.format === 'uuid' || attribute?.format === 'ulid');
        });
        if (open < 0) continue;
        const name = (parts[open] as { name: string }).name;
        const fixed = `${parts
          .slice(0, open + 1)
          .map((p) => (p.kind === 'literal' ? p.text : `{${p.name}}`))
          .join('')}#${template.slice(template.indexOf(`{${name}}`) + name.length + 2)}`;
        findings.push({
          target: keyPath(ref, keyName),
          message: `${ref.entity.name}'s ${keyName} ${template} has no delimiter after {${name}}: begins_with on it also matches longer ${name} values.`,
          fix: `End {${name}} with a delimiter: ${fixed} (or give it a fixed width, {${name}:N}).`,
        });
      }
    }
    return findings;
  },
};
