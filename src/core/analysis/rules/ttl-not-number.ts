// DynamoDB's TTL deletes an item when the table's TTL attribute holds a Number of epoch seconds in the
// past; an item whose TTL attribute is a String (an ISO date, or "1700000000" as text) is never deleted,
// silently. The design declares the attribute's type per entity, so this is certain.
import type { LintRule, RuleFinding } from '../lint-types.ts';
import { attributeRefs, NUMERIC_TEXT, samplesOf } from './sample-values.ts';

export const ttlNotNumber: LintRule = {
  id: 'ttl-not-number',
  family: 'ttl',
  severity: 'error',
  description:
    "An entity declares the table's TTL attribute with a type other than N (or its samples hold text): DynamoDB ignores it and never expires those items.",
  explanation:
    'Time to Live reads one attribute of every item: when it is a Number of epoch seconds in the past, DynamoDB deletes the item (within days, at no cost). ' +
    'Any other type — a String date, a number written as text — is ignored without an error, so the items meant to expire stay forever and keep costing storage.',
  check(design) {
    const ttl = design.table.ttlAttribute;
    if (!ttl) return [];
    const findings: RuleFinding[] = [];
    for (const { entity, attribute, path } of attributeRefs(design)) {
      if (attribute.name !== ttl) continue;
      const text = samplesOf(design, entity, ttl).find((v) => typeof v === 'string');
      if (attribute.type === 'N' && text === undefined) continue;
      const epoch = typeof text === 'string' && NUMERIC_TEXT.test(text);
      findings.push({
        target: path,
        message: `${entity.name}.${ttl} is the table's TTL attribute but ${attribute.type === 'N' ? `a sample holds text ${JSON.stringify(text)}` : `is declared ${attribute.type}`}: DynamoDB ignores it, ${entity.name} items never expire.`,
        fix: `Declare ${entity.name}.${ttl} as N and store epoch seconds${epoch ? ` (${text} as a number)` : ' (1767225600, not an ISO date)'}.`,
      });
    }
    return findings;
  },
};
