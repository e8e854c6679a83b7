import { describe, expect, it } from 'vitest';
import { argumentFromText, argumentText } from './argument-value.ts';

describe('argument values', () => {
  it('types the text as the attribute is declared', () => {
    expect(argumentFromText('12', 'N', undefined)).toBe(12);
    expect(argumentFromText('12', 'S', undefined)).toBe('12');
    expect(argumentFromText('true', 'BOOL', undefined)).toBe(true);
    expect(argumentFromText('1e', 'N', undefined)).toBe('1e');
    expect(argumentFromText('', 'S', 'x')).toBeUndefined();
  });

  it('keeps a list a list', () => {
    expect(argumentFromText('a, b,', 'S', ['x'])).toEqual(['a', 'b']);
    expect(argumentFromText('1,2', 'NS', undefined)).toEqual([1, 2]);
    expect(argumentText(['a', 'b'])).toBe('a, b');
    expect(argumentText(3)).toBe('3');
    expect(argumentText(undefined)).toBe('');
  });
});
