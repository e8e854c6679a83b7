// Sessions, tokens, caches, one-time codes and locks are short-lived by nature: without an expiry they
// pile up forever. Said as info: the entity's name or attributes suggest it, the design may know better.
import type { Entity } from '../../model/schema.ts';
import type { LintRule, RuleFinding } from '../lint-types.ts';
import { TTL_NAME } from './ttl-not-enabled.ts';

const SHORT_LIVED_NAME =
  /session|token|cache|otp|nonce|verification|reset|magic_?link|lock|idempoten|invite/i;
const SHORT_LIVED_ATTRIBUTE = /^(session(_?id|_?state)?|access_?token|refresh_?token|otp|nonce)$/i;

function shortLived(entity: Entity): string | undefined {
  if (SHORT_LIVED_NAME.test(entity.name)) return `its name, ${entity.name}`;
  const attribute = entity.attributes.find((a) => SHORT_LIVED_ATTRIBUTE.test(a.name));
  return attribute ? `its attribute ${attribute.name}` : undefined;
}

export const missingTtl: LintRule = {
  id: 'missing-ttl',
  family: 'ttl',
  severity: 'info',
  description:
    'Session-, token-, cache- or lock-like entities (by name or attributes) with no expiry: the table has no TTL attribute, or they do not carry it.',
  explanation:
    'Short-lived data (sessions, access tokens, caches, one-time codes, locks) is only valid for a while. Without Time to Live, every expired item stays in the table: storage grows without bound, ' +
    "Queries over a user's sessions page through dead ones, and a leaked token item lives forever. TTL deletes expired items at no cost.",
  check(design) {
    const ttl = design.table.ttlAttribute;
    const refs = design.entities.flatMap((entity, index) => {
      const why = shortLived(entity);
      if (!why) return [];
      // The entity carries an expiry already: ttl-not-enabled says what to do with it.
      if (entity.attributes.some((a) => a.name === ttl || (!ttl && TTL_NAME.test(a.name)))) return [];
      return [{ entity, index, why }];
    });
    if (refs.length === 0) return [];
    const findings: RuleFinding[] = [];
    if (!ttl) {
      const names = refs.map((r) => r.entity.name).join(', ');
      findings.push({
        target: 'table',
        related: refs.map((r) => `entities[${r.index}]`),
        message:
          `${names} look${refs.length === 1 ? 's' : ''} short-lived (${refs[0].why}) but the table has no TTL attribute: expired items stay forever.`.slice(
            0,
            160,
          ),
        fix: `Give ${refs.map((r) => r.entity.name).join(' and ')} an expiresAt attribute (N, epoch seconds) and set the table's ttlAttribute to expiresAt.`,
      });
      return findings;
    }
    for (const r of refs)
      findings.push({
        target: `entities[${r.index}]`,
        message: `${r.entity.name} looks short-lived (${r.why}) but does not carry the table's TTL attribute ${ttl}: its items never expire.`,
        fix: `Add ${ttl} (N, epoch seconds) to ${r.entity.name} and set it on every write.`,
      });
    return findings;
  },
};
