import { describe, expect, it } from 'vitest';
import { middleTruncate } from './middle-truncate.ts';

describe('middleTruncate', () => {
  it('leaves text that fits alone', () => {
    expect(middleTruncate('USER#42', 7)).toBe('USER#42');
    expect(middleTruncate('', 3)).toBe('');
  });

  it('keeps the last key segment whole so items stay distinguishable', () => {
    expect(middleTruncate('ORDER#2024-05-01T10:00:00Z#o-8812', 20)).toBe('ORDER#2024-0…#o-8812');
    expect(middleTruncate('ORDER#2024-05-01T10:00:00Z#o-8813', 20)).not.toBe(
      middleTruncate('ORDER#2024-05-01T10:00:00Z#o-8812', 20),
    );
  });

  it('splits about 60/40 when the last segment is too long to keep', () => {
    const out = middleTruncate('USER#3f2a9c1e-7b4d-4e2a-9c8d-8d7e6f5a4b3c', 16);
    expect(Array.from(out)).toHaveLength(16);
    expect(out).toBe('USER#3f2a…5a4b3c');
  });

  it('never exceeds maxChars and counts code points, not UTF-16 units', () => {
    for (let max = 0; max < 30; max++)
      expect(
        Array.from(middleTruncate('A#😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀#z', max)).length,
      ).toBeLessThanOrEqual(max);
    expect(middleTruncate('😀😀😀😀😀😀', 4)).toBe('😀😀…😀');
  });

  it('degrades to an ellipsis for tiny widths', () => {
    expect(middleTruncate('ABCDEF', 1)).toBe('…');
    expect(middleTruncate('ABCDEF', 0)).toBe('');
  });
});
