import { describe, expect, it } from 'vitest';
import { inlineExpression, keyConditionTemplate } from './expression-text.ts';

describe('inlineExpression', () => {
  it('puts names and values back into an expression', () => {
    expect(
      inlineExpression(
        '#pk = :pk AND begins_with(SK, :sk)',
        { '#pk': 'PK' },
        { ':pk': 'CUSTOMER#c1', ':sk': 'ORDER#' },
      ),
    ).toBe('PK = "CUSTOMER#c1" AND begins_with(SK, "ORDER#")');
  });

  it('keeps longer tokens whole and leaves unknown ones', () => {
    expect(
      inlineExpression('#s BETWEEN :v AND :v2 AND x = :w', { '#s': 'status' }, { ':v': 1, ':v2': 2 }),
    ).toBe('status BETWEEN 1 AND 2 AND x = :w');
  });
});

describe('keyConditionTemplate', () => {
  it('writes the key condition with its templates', () => {
    expect(
      keyConditionTemplate({ partition: 'C#{id}', sort: { op: 'begins_with', value: 'ORDER#' } }, 'PK', 'SK'),
    ).toBe('PK = C#{id} AND begins_with(SK, ORDER#)');
    expect(
      keyConditionTemplate(
        { partition: 'M#{m}', sort: { op: 'between', value: '{a}', to: '{b}' } },
        'GSI3PK',
        'GSI3SK',
      ),
    ).toBe('GSI3PK = M#{m} AND GSI3SK BETWEEN {a} AND {b}');
    expect(keyConditionTemplate({ partition: 'X' }, 'PK', undefined)).toBe('PK = X');
  });
});
