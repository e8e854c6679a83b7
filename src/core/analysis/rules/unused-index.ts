// Every index costs a write for each item in it and storage for its copy of the items. One that no
// pattern reads is paid for and never used; one no entity has keys for stays empty.
import type { LintRule, RuleFinding } from '../lint-types.ts';

export const unusedIndex: LintRule = {
  id: 'unused-index',
  family: 'projections',
  severity: 'info',
  description:
    'An index no access pattern reads (it still costs writes and storage), or that no entity has keys for (it stays empty); a design with no access patterns yet is only told that none uses it yet.',
  explanation:
    "Every write of an item that has an index's keys is also written to the index (a write unit per 1 KB, per index), and the index stores its own copy of the projected attributes. " +
    'An index that no access pattern reads is paid for and never used. A design with no access patterns yet (an imported model) cannot tell which index is unused, so it is only noted.',
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
    // A design without patterns yet (an imported model) has nothing to judge its indexes by: one note for
    // the design, not one per index, and never "remove it".
    const unjudged: string[] = [];
    for (const { index, path } of indexes) {
      const schema = context.schemas.find((s) => s.name === index.name)!;
      const members = context.inIndex(schema);
      const keys = `${schema.partitionKey.name}${schema.sortKey ? ` and ${schema.sortKey.name}` : ''}`;
      if (members.length === 0)
        findings.push({
          target: path,
          message: `${index.name} is empty: no entity has templates for ${keys}.`,
          fix: `Give the entities it is for ${keys} templates, or remove ${index.name}.`,
        });
      else if (design.accessPatterns.length === 0) unjudged.push(index.name);
      else if (!read.has(index.name))
        findings.push({
          target: path,
          message: `${index.name} is read by no access pattern, yet every write of an item in it costs an index write.`,
          fix: `Add the pattern ${index.name} is for, or remove ${index.name} (and its ${keys} templates).`,
        });
    }
    if (unjudged.length > 0) {
      const named =
        unjudged.length > 3
          ? `${unjudged.slice(0, 3).join(', ')} and ${unjudged.length - 3} more`
          : unjudged.join(', ');
      findings.push({
        target: 'accessPatterns',
        message: `The design has no access patterns yet, so none uses ${named} yet.`,
        fix: `Add the access patterns the table serves (those that read ${unjudged.join(', ')} first), so lint and the estimates can judge each index.`,
      });
    }
    return findings;
  },
};
