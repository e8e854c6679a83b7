// Items that carry an expiry (`ttl`, `expiresAt`, `TTL`, `expiration_ttl` holding epoch seconds) on a table
// with no TTL attribute: the expiry is written and nothing ever reads it, so the items stay forever.
import type { LintRule, RuleFinding } from '../lint-types.ts';
import { attributeRefs, samplesOf } from './sample-values.ts';

/** Names an expiry goes by: ttl, TTL, expiresAt, expires, expiry, expireAt, expiration_ttl, expirationTime. */
export const TTL_NAME =
  /^(ttl|expires?(_?at|_?on|_?time)?|expiry(_?time|_?at)?|expir(e|ation)_?(at|time|ttl|epoch)|.*_ttl|ttl_.*)$/i;

/** Epoch seconds between 2001 and 2286: ten digits. */
const EPOCH_SECONDS = /^\d{10}$/;

export const ttlNotEnabled: LintRule = {
  id: 'ttl-not-enabled',
  family: 'ttl',
  severity: 'warning',
  description:
    'Items carry a number named like an expiry (ttl, expiresAt, expiration_ttl) but the table has no TTL attribute, so they never expire.',
  explanation:
    "DynamoDB deletes expired items only for the one attribute named in the table's Time to Live setting. An attribute that holds an expiry time on a table without that setting is never read: " +
    'the items it should remove stay, and keep costing storage and read capacity on every Query that pages past them.',
  check(design) {
    if (design.table.ttlAttribute) return [];
    const findings: RuleFinding[] = [];
    for (const { entity, attribute, path } of attributeRefs(design)) {
      if (!TTL_NAME.test(attribute.name)) continue;
      const samples = samplesOf(design, entity, attribute.name);
      const asText =
        attribute.type === 'S' &&
        samples.length > 0 &&
        samples.every((v) => typeof v === 'string' && EPOCH_SECONDS.test(v));
      if (attribute.type !== 'N' && !asText) continue;
      findings.push({
        target: path,
        message: `${entity.name}.${attribute.name} looks like an expiry time, but the table has no TTL attribute: ${entity.name} items never expire.`,
        fix: `Set the table's ttlAttribute to ${attribute.name}${asText ? ` and declare it N (a String TTL is ignored: ${JSON.stringify(samples[0])} must be a number)` : ''}; store epoch seconds.`,
      });
    }
    return findings;
  },
};
