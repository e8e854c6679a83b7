// The autosaved design keeps every digit of its numbers (issue #12): a 38-digit sample value survives a
// write to localStorage and a read back, as a JSON number with all its digits in the stored text.
import { describe, expect, it } from 'vitest';
import { parseExactJson } from '../core/values/exact-json.ts';
import { exactJsonStorage } from './index.ts';

/** localStorage's interface over a Map (the tests run in Node). */
function memoryStorage(): Storage & { text: Map<string, string> } {
  const text = new Map<string, string>();
  return {
    text,
    get length() {
      return text.size;
    },
    clear: () => text.clear(),
    key: (i) => [...text.keys()][i] ?? null,
    getItem: (name) => text.get(name) ?? null,
    setItem: (name, value) => void text.set(name, value),
    removeItem: (name) => void text.delete(name),
  };
}

describe('exactJsonStorage', () => {
  it('writes and reads a design’s numbers with every digit', () => {
    const backing = memoryStorage();
    const storage = exactJsonStorage<{ design: unknown }>(() => backing)!;
    const design = parseExactJson(
      '{"items":{"Reading":[{"value":12345678901234567890123456789012345678,"values":[-1.5E-100,9.9999999999999999999999999999999999999E+125]}]}}',
    );
    storage.setItem('keyplan:v1', { state: { design }, version: 1 });
    expect(backing.text.get('keyplan:v1')).toContain('"value":12345678901234567890123456789012345678');
    expect(backing.text.get('keyplan:v1')).toContain(`${'9'.repeat(38)}${'0'.repeat(88)}`);
    expect(storage.getItem('keyplan:v1')).toEqual({ state: { design }, version: 1 });
  });

  it('is no storage where there is none', () => {
    expect(
      exactJsonStorage(() => {
        throw new Error('no localStorage');
      }),
    ).toBeUndefined();
  });
});
