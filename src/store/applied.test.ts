import { describe, expect, it } from 'vitest';
import type { HealthResponse } from '../core/contract/contract.ts';
import { getExample } from '../core/features/examples/index.ts';
import { type Design, designSchema } from '../core/model/schema.ts';
import { type AppliedRecord, fingerprintOf, isOutOfDate, lostSinceApply } from './applied.ts';

const design: Design = designSchema.parse(structuredClone(getExample('online-store')!.design));
const health = (instance?: string, namespace = 'kp-a-'): HealthResponse => ({
  ok: true,
  dynamodb: { status: 'up', mode: 'embedded', instance },
  namespace,
});
const applied: AppliedRecord = {
  fingerprint: fingerprintOf(design),
  namespace: 'kp-a-',
  instance: 'i1',
  at: 1,
};

describe('isOutOfDate', () => {
  it('is false before any Apply, and while the design creates what was applied', () => {
    expect(isOutOfDate(design, undefined, health('i1'))).toBe(false);
    expect(isOutOfDate(design, applied, health('i1'))).toBe(false);
    // After a reload, before the first health answer: the fingerprint alone decides.
    expect(isOutOfDate(design, applied, null)).toBe(false);
    // A pattern edit (its example) is not a table change.
    const pattern = { ...design.accessPatterns[0], example: { customerId: 'c9' } };
    expect(isOutOfDate({ ...design, accessPatterns: [pattern] }, applied, health('i1'))).toBe(false);
  });

  it('is true when the table is gone or unknown: DynamoDB Local restarted, another session, a failed Apply', () => {
    expect(isOutOfDate(design, applied, health('i2'))).toBe(true);
    expect(isOutOfDate(design, applied, health('i1', 'kp-b-'))).toBe(true);
    expect(isOutOfDate(design, { ...applied, fingerprint: null }, health('i1'))).toBe(true);
    // A server that cannot tell (external endpoint): not flagged.
    expect(isOutOfDate(design, applied, health(undefined))).toBe(false);
  });

  it('is true when the design now creates other items', () => {
    const [customer] = design.entities;
    const edited = {
      ...design,
      entities: [{ ...customer, keys: { ...customer.keys, SK: 'PROFILE#v2' } }, ...design.entities.slice(1)],
    };
    expect(isOutOfDate(edited, applied, health('i1'))).toBe(true);
  });

  it('is true while the table also holds items that are not in the design (kept until a replace)', () => {
    expect(isOutOfDate(design, { ...applied, notInDesign: 3 }, health('i1'))).toBe(true);
    expect(isOutOfDate(design, { ...applied, notInDesign: 0 }, health('i1'))).toBe(false);
  });
});

describe('lostSinceApply', () => {
  it('says the table is gone, and when, once DynamoDB Local is another instance than the Apply went to', () => {
    expect(lostSinceApply(applied, health('i1'))).toBeUndefined();
    const restarted: HealthResponse = {
      ...health('i2'),
      dynamodb: { status: 'up', mode: 'embedded', instance: 'i2', dataLostAt: '2026-01-02T03:04:05.000Z' },
    };
    expect(lostSinceApply(applied, restarted)).toEqual({ at: '2026-01-02T03:04:05.000Z' });
    // Before health answers, never applied, or a server that cannot tell: no offer.
    expect(lostSinceApply(applied, null)).toBeUndefined();
    expect(lostSinceApply(undefined, restarted)).toBeUndefined();
    expect(lostSinceApply(applied, health(undefined))).toBeUndefined();
  });
});
