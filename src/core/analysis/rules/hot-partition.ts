// A partition takes at most 1,000 write units and 3,000 read units a second. A partition key template with
// one value (ORDERBYDATE) or a few (STATUS#{status}) sends every item of the entity to one or a few
// partitions: fine for a small app, a ceiling at volume. The message shows the write-sharded key and what a
// read then costs (one Query per shard).
import { isConstant, placeholders } from '../../keys/template.ts';
import type { AccessPattern, Design, Entity } from '../../model/schema.ts';
import { type EntityRef, indexLabel, keyPath, patternPath } from '../lint-context.ts';
import type { LintRule, RuleFinding } from '../lint-types.ts';
import { requestsPerSecond } from '../rates.ts';

/** Above this many values a partition key spreads well enough for this rule. */
const FEW_VALUES = 20;
/** DynamoDB's per-partition throughput: 1,000 write units and 3,000 read units a second. */
export const PARTITION_WRITES_PER_SECOND = 1000;

/** How many values a template can take: 1 for a constant, the product of enum sizes, or Infinity. */
function cardinality(template: string, entity: Entity): number {
  let count = 1;
  for (const name of placeholders(template)) {
    const attribute = entity.attributes.find((a) => a.name === name);
    const values = attribute?.type === 'BOOL' ? 2 : attribute?.enum?.length;
    if (!values) return Number.POSITIVE_INFINITY;
    count *= values;
  }
  return count;
}

/** The entities a pattern writes, each as often as it writes it. */
function writtenEntities(pattern: AccessPattern): string[] {
  if (
    pattern.operation === 'PutItem' ||
    pattern.operation === 'UpdateItem' ||
    pattern.operation === 'DeleteItem'
  )
    return [pattern.entity];
  if (pattern.operation === 'TransactWriteItems')
    return pattern.actions.filter((a) => a.operation !== 'ConditionCheck').map((a) => a.entity);
  return [];
}

/**
 * Writes a second of each entity's items that the design's rates declare, in one pass over the patterns;
 * an entity none of whose writes is rated is absent.
 */
function writeRates(design: Design): Map<string, number> {
  const rates = new Map<string, number>();
  for (const pattern of design.accessPatterns) {
    const rate = requestsPerSecond(pattern);
    if (rate === undefined) continue;
    for (const entity of writtenEntities(pattern)) rates.set(entity, (rates.get(entity) ?? 0) + rate);
  }
  return rates;
}

function shard(template: string, keyName: string, entity: Entity): string {
  return `${template}#{shard}, with shard = a hash of ${entity.name}'s id modulo N (a stored attribute); a read of one ${keyName} value then becomes N Queries, one per shard, merged`;
}

function entityFinding(
  design: Design,
  rates: Map<string, number>,
  ref: EntityRef,
  keyName: string,
  where: string,
  sortKey?: string,
): RuleFinding | undefined {
  const { entity } = ref;
  const template = entity.keys[keyName];
  const values = cardinality(template, entity);
  if (values > FEW_VALUES) return undefined;
  if (values === 1) {
    // A constant partition key with a constant sort key is one item, not a crowd.
    if (sortKey && entity.keys[sortKey] !== undefined && isConstant(entity.keys[sortKey])) return undefined;
    // With no access pattern at all (a Workbench model on import) a constant is no evidence of load: the
    // importer makes a literal of a value every sample shares (ForumName "Amazon DynamoDB", a "UUID-UUID"
    // placeholder, one booking's hotel "H1"), and a small reference list (BRANDS) is fine in one partition.
    if (design.accessPatterns.length === 0) return undefined;
    return {
      target: keyPath(ref, keyName),
      message: `${keyName} ${template} is one value: every ${entity.name} in ${where} shares one partition (at most ${PARTITION_WRITES_PER_SECOND.toLocaleString('en-US')} writes, 3,000 reads a second).`,
      fix: `Add a placeholder that spreads them (a time bucket, an id) or shard it: ${shard(template, keyName, entity)}.`,
    };
  }
  const rate = rates.get(entity.name);
  const busy = rate !== undefined && rate > PARTITION_WRITES_PER_SECOND;
  const load =
    rate === undefined
      ? 'no write rate is given for it'
      : `its patterns write ${rate.toLocaleString('en-US')} ${entity.name} items a second`;
  return {
    severity: busy ? 'warning' : 'info',
    target: keyPath(ref, keyName),
    message: `${keyName} ${template} has only ${values} values: ${entity.name} items in ${where} share ${values} partitions at most; ${load}.`,
    fix: `${busy ? `More than one partition's ${PARTITION_WRITES_PER_SECOND.toLocaleString('en-US')} writes a second: shard it` : `Fine while one value gets fewer than ${PARTITION_WRITES_PER_SECOND.toLocaleString('en-US')} writes a second; beyond that, shard it`}: ${shard(template, keyName, entity)}.`,
  };
}

export const hotPartition: LintRule = {
  id: 'hot-partition',
  family: 'throughput',
  explanation:
    "DynamoDB spreads a table's load by partition key value; all items with one value live in one partition, which serves at most 1,000 write units and 3,000 read units a second. A key built from a literal (ORDERBYDATE) or from an attribute with few values (a status) puts every write of the entity, in the table or in a GSI, on one or a few partitions, however large the table grows; a GSI partition that cannot keep up throttles the table's writes too. Add a high-cardinality value to the key, bucket it by time (ORDERBYDATE#{month}), or shard it (#{shard}, one Query per shard).",
  severity: 'warning',
  description:
    'A partition key with one value (a literal such as ORDERBYDATE) or a few (a status) on the table or a GSI concentrates writes on one partition; info instead of a warning for a few values at modest declared write rates.',
  check(design, context) {
    const findings: RuleFinding[] = [];
    const rates = writeRates(design);
    for (const schema of context.schemas) {
      // A multi-attribute partition key spreads over the tuple of its attributes: one few-valued
      // attribute of it says nothing about the partitions.
      if (schema.kind === 'lsi' || schema.partitionKeys.length > 1) continue;
      for (const ref of context.entities()) {
        if (ref.entity.keys[schema.partitionKey.name] === undefined) continue;
        const finding = entityFinding(
          design,
          rates,
          ref,
          schema.partitionKey.name,
          indexLabel(schema),
          schema.sortKey?.name,
        );
        if (finding) findings.push(finding);
      }
    }
    // A read of a constant partition nothing writes yet: the design it asks for would be hot.
    design.accessPatterns.forEach((pattern, i) => {
      const reach = context.reach(i);
      if (!reach || reach.byPartition.length > 0 || pattern.operation !== 'Query') return;
      const { partition } = pattern.keyCondition;
      if (partition === undefined || !isConstant(partition)) return;
      findings.push({
        target: `${patternPath(i)}.keyCondition.partition`,
        message: `${pattern.id} reads the single partition ${partition} of ${indexLabel(reach.schema)}: every item it lists is written to that one partition.`,
        fix: `Bucket the key (${partition}#{month}) or shard it (${partition}#{shard}, one Query per shard): one partition takes at most ${PARTITION_WRITES_PER_SECOND.toLocaleString('en-US')} writes a second.`,
      });
    });
    return findings;
  },
};
