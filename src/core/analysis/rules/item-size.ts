// DynamoDB refuses an item over 400 KB, and a large item costs a read unit per 4 KB and a write unit per
// 1 KB every time it is touched. Measured on the design's sample items, largest attributes named.
import { sampleIndexer } from '../../items/sample-positions.ts';
import {
  attributeTypesByEntity,
  ITEM_LIMIT_BYTES,
  itemSize,
  utf8Length,
  valueSize,
} from '../../model/item-size.ts';
import type { PlainItem } from '../../values/item.ts';
import { entityPath } from '../lint-context.ts';
import type { LintRule, RuleFinding } from '../lint-types.ts';

export const LARGE_ITEM_BYTES = 100 * 1024;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export const itemSizeRule: LintRule = {
  id: 'item-size',
  family: 'growth',
  explanation:
    'DynamoDB refuses an item over 400 KB, key names and values included. Well before that, size is cost: a read costs one unit per 4 KB and a write one unit per 1 KB, so a 100 KB item costs 100 write units on every change, even of one small attribute, and a Query returns few of them per 1 MB page. Move large or growing parts (long text, lists of records) into items of their own, or into S3 with a pointer.',
  severity: 'error',
  description:
    "A sample item is over DynamoDB's 400 KB item limit (error) or over 100 KB (warning: every read and write of it costs many units); the largest attributes are named.",
  check(_design, context) {
    const types = attributeTypesByEntity(context.design);
    const largest = new Map<string, { size: number; sample: number; item: PlainItem }>();
    const sampleIndexOf = sampleIndexer(context.design);
    for (const derived of context.derived) {
      const size = itemSize(derived.item, types.get(derived.entity));
      const current = largest.get(derived.entity);
      if (size > LARGE_ITEM_BYTES && (!current || size > current.size))
        largest.set(derived.entity, { size, sample: sampleIndexOf(derived), item: derived.item });
    }
    const findings: RuleFinding[] = [];
    for (const [entityName, { size, sample, item }] of largest) {
      const ref = context.entityRef(entityName)!;
      const entityTypes = types.get(entityName);
      const top = Object.entries(item)
        .map(([name, value]) => [name, utf8Length(name) + valueSize(value, entityTypes?.get(name))] as const)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([name, bytes]) => `${name} ${kb(bytes)}`)
        .join(', ');
      const over = size > ITEM_LIMIT_BYTES;
      findings.push({
        severity: over ? 'error' : 'warning',
        target: entityPath(ref),
        message: `${entityName} sample ${sample} is ${kb(size)}: ${over ? "over DynamoDB's 400 KB item limit, so it cannot be written" : `over 100 KB, so each read of it costs ${Math.ceil(size / 4096)} read units and each write ${Math.ceil(size / 1024)} write units`}. Largest attributes: ${top}. Move large values to S3 and store a pointer, or split the item into several under one partition key.`,
      });
    }
    return findings;
  },
};
