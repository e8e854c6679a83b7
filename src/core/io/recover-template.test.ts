// Key templates recovered from the functions libraries compute keys with: the templates in disguise come
// back as templates (padding included), and every other function is named with what it does instead.
import { describe, expect, it } from 'vitest';
import { recoverTemplate } from './recover-template.ts';

const numeric = new Set(['seq', 'score']);

describe('recoverTemplate', () => {
  it('gives the template of a function that only places values between literal text', () => {
    expect(
      recoverTemplate((v) => `USER#${v.userId}#ORDER#${v.orderId}`, ['userId', 'orderId'], numeric),
    ).toEqual({
      ok: true,
      template: 'USER#{userId}#ORDER#{orderId}',
    });
    expect(recoverTemplate(() => 'PROFILE', ['userId'], numeric)).toEqual({ ok: true, template: 'PROFILE' });
    expect(recoverTemplate((v) => v.score, ['score'], numeric)).toEqual({ ok: true, template: '{score}' });
  });

  it('gives touching placeholders as the function writes them (OneTable: account#{name}{id})', () => {
    expect(recoverTemplate((v) => `account#${v.name}${v.id}`, ['name', 'id'], numeric)).toEqual({
      ok: true,
      template: 'account#{name}{id}',
    });
  });

  it('finds the width of a zero-padded number', () => {
    const fn = (v: Record<string, unknown>) => `TXN#${String(v.seq).padStart(8, '0')}`;
    expect(recoverTemplate(fn, ['seq'], numeric)).toEqual({ ok: true, template: 'TXN#{seq:8}' });
  });

  it('names what a function that is no template does', () => {
    const lower = recoverTemplate((v) => `EMAIL#${String(v.email).toLowerCase()}`, ['email'], numeric);
    expect(lower).toEqual({
      ok: false,
      reason: 'for {"email":"Ab0x"} it gives "EMAIL#ab0x", not "EMAIL#Ab0x"',
    });
    const chooses = recoverTemplate(
      (v) => (String(v.kind).startsWith('A') ? 'ADMIN' : `USER#${v.kind}`),
      ['kind'],
      numeric,
    );
    expect(chooses.ok).toBe(false);
    const hashes = recoverTemplate((v) => `H#${String(v.id).length}`, ['id'], numeric);
    expect(hashes).toEqual({ ok: false, reason: 'for {"id":"Ab0x"} it gives "H#4", not "H#3"' });
    const slices = recoverTemplate((v) => `S#${String(v.id).slice(1)}`, ['id'], numeric);
    expect(slices).toEqual({ ok: false, reason: 'it changes the values it is given (S#0\u27e7)' });
    expect(recoverTemplate(() => ({ PK: 'x' }), ['id'], numeric)).toEqual({
      ok: false,
      reason: 'it returns object, not text',
    });
    const throws = recoverTemplate(
      (v) => (v.id as { toFixed: (n: number) => string }).toFixed(2),
      ['id'],
      numeric,
    );
    expect(throws.ok).toBe(false);
    expect(throws.ok === false && throws.reason).toMatch(/^it throws on placeholder values/);
  });
});
