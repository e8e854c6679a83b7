// Every index costs a write for each item in it and storage for its copy of the items. One that no
// pattern reads is paid for and never used; one no entity has keys for stays empty.
import type { LintRule, RuleFinding } from '../lint.ts';

export const unusedIndex: LintRule = {
  id: 'unused-index',
  family: 'projections',
  severity: 'info',
  description:
    'An index no access pattern reads (it still costs writes and storage), or that no entity has keys for (it stays empty).',
  check(design, context) {
    const findings: RuleFinding[] = [];
    const read = new Set(
      design.accessPatterns.flatMap((p) =>
        (p.operation === 'Query' || p.operation === 'Scan') && p.index ? [p.index] : [],
      ),
    );
    const indexes = [
      ...design.table.globalSecondaryIndexes.map((index, i) => ({
        index,
        path: `table.globalSecondaryIndexes[${i}]`,
      })),
      ...design.table.localSecondaryIndexes.map((index, i) => ({
        index,
        path: `table.localSecondaryIndexes[${i}]`,
      })),
    ];
    for (const { index, path } of indexes) {
      const schema = context.schemas.find((s) => s.name === index.name)!;
      const members = context.inIndex(schema);
      if (members.length === 0)
        findings.push({
          target: path,
          message: `${index.name} is empty: no entity has templates for its keys. Give the entities it is for ${schema.partitionKey.name}${schema.sortKey ? ` and ${schema.sortKey.name}` : ''} templates, or remove it.`,
        });
      else if (!read.has(index.name))
        findings.push({
          target: path,
          message: `${index.name} is read by no access pattern, yet every write of an item in it costs an index write and its copy costs storage. Add the pattern it is for, or remove it.`,
        });
    }
    return findings;
  },
};
