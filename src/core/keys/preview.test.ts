import { describe, expect, it } from 'vitest';
import { completePlaceholder, openPlaceholderAt, previewKey } from './preview.ts';

describe('previewKey', () => {
  it('renders a key when every placeholder has a value', () => {
    expect(previewKey('ORDER#{createdAt}#{orderId}', { createdAt: '2024-01-02', orderId: 'o1' })).toEqual({
      kind: 'value',
      text: 'ORDER#2024-01-02#o1',
    });
    expect(previewKey('N#{n:4}', { n: 7 })).toEqual({ kind: 'value', text: 'N#0007' });
    expect(previewKey('PROFILE', {})).toEqual({ kind: 'value', text: 'PROFILE' });
  });

  it('names every placeholder without a value (the item is then not in that index)', () => {
    expect(previewKey('STATUS#{status}#{a}#{status}', { a: '' })).toEqual({
      kind: 'missing',
      names: ['status', 'a'],
    });
  });

  it('reports syntax errors and empty templates', () => {
    expect(previewKey('X#{oops', {})).toMatchObject({ kind: 'error' });
    expect(previewKey('', {})).toEqual({ kind: 'error', message: 'empty template' });
  });
});

describe('placeholder completion', () => {
  it('finds the placeholder open at the caret', () => {
    expect(openPlaceholderAt('ORDER#{cre', 10)).toEqual({ start: 6, query: 'cre' });
    expect(openPlaceholderAt('ORDER#{', 7)).toEqual({ start: 6, query: '' });
    expect(openPlaceholderAt('ORDER#{id}', 10)).toBeUndefined();
    expect(openPlaceholderAt('ORDER#', 6)).toBeUndefined();
  });

  it('completes and closes it, keeping what follows', () => {
    expect(completePlaceholder('ORDER#{cre', 10, 'createdAt')).toEqual({
      text: 'ORDER#{createdAt}',
      caret: 17,
    });
    expect(completePlaceholder('A#{cr}#B', 5, 'createdAt')).toEqual({ text: 'A#{createdAt}#B', caret: 13 });
    expect(completePlaceholder('A#{n:4}', 3, 'num')).toEqual({ text: 'A#{num:4}', caret: 9 });
    expect(completePlaceholder('A#', 2, 'x')).toBeUndefined();
  });
});
