// The TTL rules: each on a design where it must fire and one where it must not.
import { describe, expect, it } from 'vitest';
import { entityIn, findingsOf, storeDesign, where } from '../../test-support/analysis-designs.ts';
import { missingTtl } from './missing-ttl.ts';
import { ttlNotEnabled } from './ttl-not-enabled.ts';
import { ttlNotNumber } from './ttl-not-number.ts';

describe('ttl-not-number', () => {
  it('errs on a TTL attribute declared S (DynamoDB ignores it), not on one declared N', () => {
    const withTtl = (type: 'S' | 'N', value: string | number) =>
      storeDesign((doc) => {
        doc.table.ttlAttribute = 'expiresAt';
        entityIn(doc, 'Order').attributes?.push({ name: 'expiresAt', type });
        (doc.items as Record<string, Record<string, unknown>[]>).Order[0].expiresAt = value;
      });
    expect(findingsOf(ttlNotNumber, withTtl('N', 1767225600))).toEqual([]);
    const findings = findingsOf(ttlNotNumber, withTtl('S', '2026-01-01T00:00:00Z'));
    expect(where(findings)).toEqual([['error', 'entities[1].attributes[5]']]);
    expect(findings[0].message).toBe(
      "Order.expiresAt is the table's TTL attribute but is declared S: DynamoDB ignores it, Order items never expire.",
    );
    expect(findings[0].fix).toMatch(/^Declare Order.expiresAt as N/);
  });
});

describe('ttl-not-enabled and missing-ttl', () => {
  const withSession = (ttl?: string) =>
    storeDesign((doc) => {
      if (ttl) doc.table.ttlAttribute = ttl;
      doc.entities.push({
        name: 'Session',
        attributes: [
          { name: 'sessionId', type: 'S', required: true },
          { name: 'expires', type: 'N' },
        ],
        keys: { PK: 'SESSION#{sessionId}', SK: 'SESSION' },
      });
    });

  it('warns on an expiry-named number on a table without TTL; quiet once the table uses it', () => {
    const findings = findingsOf(ttlNotEnabled, withSession());
    expect(where(findings)).toEqual([['warning', 'entities[3].attributes[1]']]);
    expect(findings[0].fix).toBe("Set the table's ttlAttribute to expires; store epoch seconds.");
    expect(findingsOf(ttlNotEnabled, withSession('expires'))).toEqual([]);
    // The session carries an expiry: ttl-not-enabled covers it, missing-ttl stays quiet.
    expect(findingsOf(missingTtl, withSession())).toEqual([]);
  });

  it('notes a session-like entity with no expiry at all, and stays quiet for an online store', () => {
    expect(findingsOf(missingTtl, storeDesign())).toEqual([]);
    const design = storeDesign((doc) => {
      doc.entities.push({
        name: 'Session',
        attributes: [{ name: 'sessionId', type: 'S', required: true }],
        keys: { PK: 'SESSION#{sessionId}', SK: 'SESSION' },
      });
    });
    const findings = findingsOf(missingTtl, design);
    expect(where(findings)).toEqual([['info', 'table']]);
    expect(findings[0].related).toEqual(['entities[3]']);
  });
});
