import { describe, expect, it } from 'vitest';
import type { Attribute } from '../model/schema.ts';
import { anyIntersect, type KeyShape, rangeSatisfiable, templateShapes } from './template-match.ts';

const shapes = (template: string, attributes: Attribute[] = [], openEnded = false): KeyShape[] =>
  templateShapes(template, new Map(attributes.map((a) => [a.name, a])), openEnded)!;
const meet = (a: string, b: string) => anyIntersect(shapes(a), shapes(b));
const prefixMeets = (prefix: string, template: string) =>
  anyIntersect(shapes(prefix, [], true), shapes(template));
const one = (template: string) => shapes(template)[0];

describe('templateShapes / anyIntersect', () => {
  it('matches a placeholder against any value without the template delimiters', () => {
    expect(meet('ORDER#{orderId}', 'ORDER#{id}')).toBe(true);
    expect(meet('ORDER#{orderId}', 'ORDER#o100')).toBe(true);
    expect(meet('ORDER#{orderId}', 'ORDERITEM#{itemId}')).toBe(false);
    expect(meet('USER#{userId}', 'ORDER#{orderId}')).toBe(false);
    // {orderId} holds no "#", so a deeper key is another key.
    expect(meet('ORDER#{orderId}', 'ORDER#{orderId}#ITEM#{itemId}')).toBe(false);
    expect(meet('{anything}', 'ORDER#{orderId}#ITEM#{itemId}')).toBe(true);
    expect(meet('PROFILE', 'PROFILE')).toBe(true);
    expect(meet('PROFILE', 'DETAILS')).toBe(false);
  });

  it('expands enum placeholders into their values', () => {
    const status: Attribute = { name: 'status', type: 'S', enum: ['PLACED', 'SHIPPED'] };
    expect(shapes('STATUS#{status}', [status]).map((s) => s.prefix)).toEqual([
      'STATUS#PLACED',
      'STATUS#SHIPPED',
    ]);
    expect(anyIntersect(shapes('STATUS#{status}', [status]), shapes('STATUS#SHIPPED'))).toBe(true);
    expect(anyIntersect(shapes('STATUS#{status}', [status]), shapes('STATUS#LOST'))).toBe(false);
  });

  it('reads begins_with as an open-ended prefix', () => {
    expect(prefixMeets('ORDER#', 'ORDER#{createdAt}#{orderId}')).toBe(true);
    expect(prefixMeets('ORDER', 'ORDERITEM#{itemId}')).toBe(true);
    expect(prefixMeets('ORDER#', 'ORDERITEM#{itemId}')).toBe(false);
    expect(prefixMeets('ORDER#2026-10', 'ORDER#{createdAt}#{orderId}')).toBe(true);
    expect(prefixMeets('ITEM#', 'PROFILE')).toBe(false);
  });

  it('gives up on a template that does not parse', () => {
    expect(templateShapes('ORDER#{orderId')).toBeUndefined();
  });
});

describe('rangeSatisfiable', () => {
  it('decides ranges from literal prefixes, by UTF-8 byte order', () => {
    const order = one('ORDER#{orderId}');
    expect(rangeSatisfiable(order, 'between', one('DATE#{start}'), one('DATE#{end}'))).toBe(false);
    expect(rangeSatisfiable(order, 'between', one('ORDER#{from}'), one('ORDER#{to}'))).toBe(true);
    expect(rangeSatisfiable(order, '<', one('DATE#{d}'))).toBe(false);
    expect(rangeSatisfiable(order, '>', one('DATE#{d}'))).toBe(true);
    expect(rangeSatisfiable(one('2026'), '>=', one('2026'))).toBe(true);
    expect(rangeSatisfiable(one('2026'), '>', one('2026'))).toBe(false);
    expect(rangeSatisfiable(one('A'), '<', one('AB'))).toBe(true);
    expect(rangeSatisfiable(one('AB'), '<=', one('A'))).toBe(false);
    expect(rangeSatisfiable(one('{createdAt}'), '<', one('2026-01-01'))).toBe(true);
  });
});
