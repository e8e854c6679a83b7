// A GSI key built by concatenating attributes (`{status}#{region}`) that every read of the index gives
// whole, with "=", is what a multi-attribute key does natively (DynamoDB, November 2025): the index keys on
// the attributes themselves, items carry no synthetic key attribute, and numbers sort as numbers.
import { placeholders } from '../../keys/template.ts';
import type { KeyAttribute } from '../../model/schema.ts';
import type { LintRule, RuleFinding } from '../lint-types.ts';

export const multiAttributeKey: LintRule = {
  id: 'multi-attribute-key',
  family: 'keys',
  explanation:
    "DynamoDB's multi-attribute GSI keys index up to four attributes of their own types for the partition and the sort key, without a concatenated string attribute. A GSI key that concatenates attributes (TENANT#{tenantId}#REGION#{region}) and is only ever read by equality is a candidate: the index keeps the attributes' own types, needs no extra attribute written and kept in step on every update, and cannot go stale. This is advice, not a fault: concatenated keys stay valid, and they are needed for begins_with across parts.",
  severity: 'info',
  description:
    'A GSI key whose templates concatenate two or more attributes, read only by equality: a multi-attribute key would index the attributes themselves.',
  check(design, context) {
    const findings: RuleFinding[] = [];
    design.table.globalSecondaryIndexes.forEach((gsi, i) => {
      const schema = context.schemas.find((s) => s.name === gsi.name);
      if (!schema) return;
      const reads = design.accessPatterns.filter((p) => p.operation === 'Query' && p.index === gsi.name);
      const members = context.inIndex(schema);
      if (reads.length === 0 || members.length === 0) return;
      const roles: { key: KeyAttribute | undefined; field: string; role: string; equalOnly: boolean }[] = [
        // A Query always gives the partition key with "=".
        { key: gsi.partitionKey, field: 'partitionKey', role: 'partition key', equalOnly: true },
        {
          key: gsi.sortKey,
          field: 'sortKey',
          role: 'sort key',
          equalOnly: reads.every(
            (p) =>
              p.operation === 'Query' && !p.keyCondition.sortKeys && (p.keyCondition.sort?.op ?? '=') === '=',
          ),
        },
      ];
      for (const { key, field, role, equalOnly } of roles) {
        if (!key || !equalOnly) continue;
        const templates = members.map((ref) => ({ ref, template: ref.entity.keys[key.name] ?? '' }));
        if (!templates.every(({ template }) => placeholders(template).length >= 2)) continue;
        const shown = templates.map(({ ref, template }) => `${ref.entity.name}: ${template}`).join('; ');
        const first = placeholders(templates[0].template);
        findings.push({
          target: `table.globalSecondaryIndexes[${i}].${field}`,
          message: `${gsi.name}'s ${role} ${key.name} concatenates attributes (${shown}), never read in part: a multi-attribute key could index them as they are.`,
          fix: `Make ${gsi.name}'s ${field}s ${first.join(', ')}: the index keys on those attributes themselves, without the ${key.name} each item stores, and sorts numbers as numbers.`,
        });
      }
    });
    return findings;
  },
};
