// DynamoDB's limits on indexes: 20 GSIs and 5 LSIs per table (default quotas), an LSI only on a table
// with a sort key and with a sort key of its own, and at most 100 projected non-key attributes over all
// of a table's INCLUDE projections.
import type { LintRule, RuleFinding } from '../lint-types.ts';

export const MAX_GSIS = 20;
export const MAX_LSIS = 5;
export const MAX_PROJECTED_ATTRIBUTES = 100;

export const indexLimits: LintRule = {
  id: 'index-limits',
  family: 'table',
  explanation:
    "DynamoDB accepts at most 20 global secondary indexes and 5 local secondary indexes per table, an LSI only on a table with a sort key and with a sort key other than the table's, and at most 100 projected non-key attributes across all INCLUDE projections. A design past these limits cannot be created: CreateTable or UpdateTable fails. Merge indexes by overloading their keys, or project fewer attributes.",
  severity: 'error',
  description:
    "More than 20 GSIs or 5 LSIs, an LSI on a table without a sort key or sorting by the table's own sort key, or more than 100 INCLUDE-projected attributes in all.",
  check(design) {
    const { table } = design;
    const findings: RuleFinding[] = [];
    if (table.globalSecondaryIndexes.length > MAX_GSIS)
      findings.push({
        target: 'table.globalSecondaryIndexes',
        message: `The table has ${table.globalSecondaryIndexes.length} GSIs; DynamoDB allows ${MAX_GSIS} per table by default. Overload GSIs (one index, several entities with their own prefixes) or raise the quota with AWS.`,
      });
    if (table.localSecondaryIndexes.length > MAX_LSIS)
      findings.push({
        target: 'table.localSecondaryIndexes',
        message: `The table has ${table.localSecondaryIndexes.length} LSIs; DynamoDB allows ${MAX_LSIS} per table. Use GSIs for the others.`,
      });
    table.localSecondaryIndexes.forEach((lsi, i) => {
      const target = `table.localSecondaryIndexes[${i}]`;
      if (!table.sortKey)
        findings.push({
          target,
          message: `${lsi.name} is an LSI, which shares the table's partition key ${table.partitionKey.name} and needs a table with a sort key; this table has none. Make it a GSI, or give the table a sort key (only when creating it).`,
        });
      else if (lsi.sortKey.name === table.sortKey.name)
        findings.push({
          target: `${target}.sortKey`,
          message: `${lsi.name} sorts by ${lsi.sortKey.name}, the table's own sort key: it would order items exactly as the table does, and DynamoDB rejects it. Give it another sort key attribute.`,
        });
    });
    const projected = [...table.globalSecondaryIndexes, ...table.localSecondaryIndexes].flatMap((index) =>
      index.projection.type === 'INCLUDE' ? (index.projection.attributes ?? []) : [],
    );
    if (projected.length > MAX_PROJECTED_ATTRIBUTES)
      findings.push({
        target: 'table',
        message: `The INCLUDE projections name ${projected.length} attributes in all; DynamoDB allows ${MAX_PROJECTED_ATTRIBUTES} over all of a table's indexes. Project ALL where an index needs most attributes.`,
      });
    return findings;
  },
};
