// A partition key with many values can still be one hot partition when one value holds a large share of
// the items: a celebrity's followers, a big tenant, a default category. Seen in the samples: one value of
// the partition key holding at least half of an entity's items among several partitions.
import { placeholders } from '../../keys/template.ts';
import { indexLabel, keyPath } from '../lint-context.ts';
import type { LintRule, RuleFinding } from '../lint-types.ts';

/** Samples needed before a share means anything, and the share that makes a celebrity. */
const MIN_ITEMS = 10;
const MIN_PARTITIONS = 3;
const CELEBRITY_SHARE = 0.5;

export const celebrityPartition: LintRule = {
  id: 'celebrity-partition',
  family: 'growth',
  severity: 'info',
  description:
    "One value of a partition key holds a large share of an entity's items in the samples (a celebrity, a big tenant): its partition takes that share of every write and read.",
  explanation:
    'DynamoDB spreads load by partition key value; a single value is served by one partition (1,000 write units and 3,000 read units a second, 10 GB with an LSI). When one value holds a large share of the items — the celebrity with millions of followers, the tenant with most of the data — writes and reads for it queue on that partition however many others exist. Shard the hot values (append #{shard} of a few values computed from the item, read all shards in parallel), or keep the large collection apart from the small ones.',
  check(_design, context) {
    const findings: RuleFinding[] = [];
    for (const ref of context.entities()) {
      const { entity } = ref;
      const items = context.derived.filter((d) => d.entity === entity.name && d.copy === undefined);
      if (items.length < MIN_ITEMS) continue;
      const hits: { path: string; share: number; value: string; label: string; key: string }[] = [];
      for (const schema of context.schemas) {
        if (schema.partitionKeys.length !== 1) continue;
        const key = schema.partitionKey.name;
        const template = entity.keys[key];
        // A constant or a lone enum is hot-partition's: every item in few partitions by design.
        if (template === undefined || placeholders(template).length === 0) continue;
        if (placeholders(template).every((n) => entity.attributes.find((a) => a.name === n)?.enum)) continue;
        const counts = new Map<string, number>();
        for (const { item } of items) {
          const value = item[key];
          if (value === undefined) continue;
          counts.set(String(value), (counts.get(String(value)) ?? 0) + 1);
        }
        const total = [...counts.values()].reduce((a, b) => a + b, 0);
        if (counts.size < MIN_PARTITIONS || total < MIN_ITEMS) continue;
        const [value, count] = [...counts].sort((a, b) => b[1] - a[1])[0];
        if (count / total >= CELEBRITY_SHARE)
          hits.push({ path: keyPath(ref, key), share: count / total, value, label: indexLabel(schema), key });
      }
      if (hits.length === 0) continue;
      const [first, ...others] = hits;
      const pct = Math.round(first.share * 100);
      findings.push({
        target: first.path,
        related: others.map((h) => h.path),
        message: `${first.key} ${first.value} holds ${pct}% of ${entity.name}'s sample items in ${first.label}: a celebrity partition that takes that share of the load.`,
        fix: `Shard large ${first.key} values: ${entity.keys[first.key]}#{shard} with a shard number (0–9) derived from the item, and read all shards in parallel.`,
      });
    }
    return findings;
  },
};
