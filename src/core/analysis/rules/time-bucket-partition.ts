// A partition key made of a time bucket alone (ORDERBYDATE#{month}, a GSI keyed by a date) puts every
// item of one bucket in one partition: every new write of the entity goes to the current bucket, and a
// day's batch (payments due on 2023-06-28) is one partition, at most 1,000 writes and 3,000 reads a second.
import { parseTemplate } from '../../keys/template.ts';
import type { Entity } from '../../model/schema.ts';
import { indexLabel, keyPath } from '../lint-context.ts';
import type { LintRule, RuleFinding } from '../lint-types.ts';
import { requestsPerSecond } from '../rates.ts';
import { PARTITION_WRITES_PER_SECOND } from './hot-partition.ts';
import { samplesOf, timestampShape } from './sample-values.ts';

const BUCKET_NAME = /(date|day|month|year|week|hour|period|bucket)$/i;

/** Whether the attribute holds a time bucket: a date format, a bucket-like name, or date samples. */
function isBucket(design: Parameters<LintRule['check']>[0], entity: Entity, name: string): boolean {
  const attribute = entity.attributes.find((a) => a.name === name);
  if (!attribute) return false;
  if (attribute.format === 'date' || attribute.format === 'date-time') return true;
  const samples = samplesOf(design, entity, name);
  if (samples.length > 0)
    return samples.every(
      (v) => typeof v === 'string' && (timestampShape(v) !== undefined || /^\d{4}-\d{2}$/.test(v)),
    );
  return BUCKET_NAME.test(name) && attribute.type === 'S';
}

export const timeBucketPartition: LintRule = {
  id: 'time-bucket-partition',
  family: 'throughput',
  severity: 'warning',
  description:
    'A partition key whose only placeholders are a date, month or day (ORDERBYDATE#{month}, a GSI keyed by a date): each bucket is one partition, which takes every new write, or a whole daily batch.',
  explanation:
    "A partition serves at most 1,000 write units and 3,000 read units a second. When the partition key is a time bucket, all items written in the current bucket share one partition: the entity's whole write rate lands there, and adaptive capacity cannot split a key. " +
    "A date that schedules work (payments due that day) makes each day's batch one partition, written and read at once. Add a shard to the key ({month}#{shard}, N shards read by N Queries) or key by the owner and sort by time.",
  check(design, context) {
    const findings: RuleFinding[] = [];
    for (const schema of context.schemas) {
      if (schema.kind === 'lsi' || schema.partitionKeys.length > 1 || schema.partitionKey.type !== 'S')
        continue;
      const keyName = schema.partitionKey.name;
      for (const ref of context.entities()) {
        const template = ref.entity.keys[keyName];
        if (template === undefined) continue;
        const names = parseTemplate(template).flatMap((p) => (p.kind === 'placeholder' ? [p.name] : []));
        if (names.length === 0 || !names.every((n) => isBucket(design, ref.entity, n))) continue;
        let rate: number | undefined;
        for (const p of design.accessPatterns) {
          const r = requestsPerSecond(p);
          if (
            r !== undefined &&
            (p.operation === 'PutItem' || p.operation === 'UpdateItem') &&
            p.entity === ref.entity.name
          )
            rate = (rate ?? 0) + r;
        }
        const load =
          rate === undefined
            ? ''
            : ` (${rate.toLocaleString('en-US')} writes/s declared; one partition takes ${PARTITION_WRITES_PER_SECOND.toLocaleString('en-US')})`;
        // A sparse key (an optional bucket: published products only) takes part of the writes: info.
        const sparse = names.some((n) => !ref.entity.attributes.find((a) => a.name === n)?.required);
        findings.push({
          severity: sparse ? 'info' : 'warning',
          target: keyPath(ref, keyName),
          message:
            `${ref.entity.name}'s ${keyName} ${template} is a time bucket: each ${names.join('/')} is one partition of ${indexLabel(schema)}, taking all its writes${load}.`.slice(
              0,
              160,
            ),
          fix: `Shard the bucket: ${template}#{shard} with shard = a hash of the item's id modulo N (N Queries to read a bucket), or key ${indexLabel(schema)} by the owner and sort by ${names[0]}.`,
        });
      }
    }
    return findings;
  },
};
