// One item lives in one partition: a counter or a singleton updated faster than 1,000 write units a second
// is throttled whatever the table's capacity. The load is the design's declared rates (estimate's inputs)
// times each write's units, spread over the items the pattern can address.
import { isConstant } from '../../keys/template.ts';
import { primaryKeyNames } from '../../model/indexes.ts';
import { estimatePattern } from '../estimate.ts';
import { patternPath } from '../lint-context.ts';
import type { LintRule, RuleFinding } from '../lint-types.ts';
import { requestsPerSecond } from '../rates.ts';
import { PARTITION_WRITES_PER_SECOND } from './hot-partition.ts';

export const hotItem: LintRule = {
  id: 'hot-item',
  family: 'throughput',
  severity: 'warning',
  description:
    'A write pattern whose declared rate puts more than 1,000 write units a second on one item (a counter, a singleton with constant keys, or an entity of expectedItems few).',
  explanation:
    'An item is stored in one partition, and a partition takes at most 1,000 write units a second; every update of a counter item is a full write of it. ' +
    'Beyond that rate DynamoDB throttles the writes however much capacity the table has. Shard the counter (N items COUNTER#{shard}, summed on read) or aggregate writes (a stream or a buffer that adds in batches).',
  check(design, context) {
    const findings: RuleFinding[] = [];
    const keyNames = primaryKeyNames(design);
    design.accessPatterns.forEach((pattern, i) => {
      if (pattern.operation !== 'UpdateItem' && pattern.operation !== 'PutItem') return;
      const rate = requestsPerSecond(pattern);
      const entity = design.entities.find((e) => e.name === pattern.entity);
      if (rate === undefined || !entity) return;
      const single = keyNames.every((k) => entity.keys[k] !== undefined && isConstant(entity.keys[k]));
      const items = single ? 1 : entity.expectedItems;
      if (items === undefined || items < 1) return;
      const estimate = estimatePattern(design, pattern, context.views);
      const units = estimate.perIndex.find((t) => t.target === 'table')?.units ?? 1;
      const perItem = (rate * Math.max(units, 1)) / items;
      if (perItem <= PARTITION_WRITES_PER_SECOND) return;
      const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
      findings.push({
        target: patternPath(i),
        message: `${pattern.id} writes ${fmt(perItem)} units a second to ${items === 1 ? `the one ${entity.name} item` : `each of ${items} ${entity.name} items`}; one item takes at most ${fmt(PARTITION_WRITES_PER_SECOND)}.`,
        fix: `Shard ${entity.name}: ${Math.ceil(perItem / PARTITION_WRITES_PER_SECOND) * 2} items (a {shard} suffix in ${keyNames[0]}), each write to a random one and reads summing them; or buffer the updates and write them in batches.`,
      });
    });
    return findings;
  },
};
