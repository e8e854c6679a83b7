import { describe, expect, it } from 'vitest';
import { RequestError } from '../values/request-error.ts';
import { ExpressionBuilder, isPlainName } from './expression.ts';

describe('names', () => {
  it('leaves identifiers bare and aliases reserved words and other names', () => {
    expect(isPlainName('customerId')).toBe(true);
    expect(isPlainName('GSI1PK')).toBe(true);
    expect(isPlainName('status')).toBe(false);
    expect(isPlainName('gift-note')).toBe(false);
    expect(isPlainName('1st')).toBe(false);
    const builder = new ExpressionBuilder();
    expect(builder.name('customerId')).toBe('customerId');
    expect(builder.name('status')).toBe('#status');
    expect(builder.name('Name')).toBe('#Name');
    expect(builder.name('gift-note')).toBe('#gift_note');
    expect(builder.name('a.b')).toBe('#a_b');
    expect(builder.name('a-b')).toBe('#a_b2');
    expect(builder.name('status')).toBe('#status');
    expect(builder.attributes().ExpressionAttributeNames).toEqual({
      '#status': 'status',
      '#Name': 'Name',
      '#gift_note': 'gift-note',
      '#a_b': 'a.b',
      '#a_b2': 'a-b',
    });
  });

  it('names an alias after a hint when given one', () => {
    const builder = new ExpressionBuilder();
    expect(builder.name('key', 'pk')).toBe('#pk');
    expect(builder.name('key')).toBe('#pk');
    expect(builder.name('partitionKey', 'pk')).toBe('partitionKey');
  });
});

describe('values', () => {
  it('gives every value its own placeholder, numbered on repeats', () => {
    const builder = new ExpressionBuilder();
    expect(builder.value('status', { S: 'A' })).toBe(':status');
    expect(builder.value('status', { S: 'A' })).toBe(':status2');
    expect(builder.value('gift-note', { S: 'x' })).toBe(':gift_note');
    expect(builder.attributes().ExpressionAttributeValues).toEqual({
      ':status': { S: 'A' },
      ':status2': { S: 'A' },
      ':gift_note': { S: 'x' },
    });
  });

  it('omits empty maps, which DynamoDB rejects', () => {
    expect(new ExpressionBuilder().attributes()).toEqual({});
  });
});

describe('conditions', () => {
  it.each([
    [{ attribute: 'total', op: '=', value: 5 }, '#total = :total'],
    [{ attribute: 'total', op: '<>', value: 5 }, '#total <> :total'],
    [{ attribute: 'price', op: '<', value: 5 }, 'price < :price'],
    [{ attribute: 'price', op: '<=', value: 5 }, 'price <= :price'],
    [{ attribute: 'price', op: '>', value: 5 }, 'price > :price'],
    [{ attribute: 'price', op: '>=', value: 5 }, 'price >= :price'],
    [{ attribute: 'price', op: 'between', value: 1, to: 9 }, 'price BETWEEN :price AND :price2'],
    [{ attribute: 'name', op: 'begins_with', value: 'A' }, 'begins_with(#name, :name)'],
    [{ attribute: 'tags', op: 'contains', value: 'red' }, 'contains(tags, :tags)'],
    [{ attribute: 'email', op: 'exists' }, 'attribute_exists(email)'],
    [{ attribute: 'date', op: 'not_exists' }, 'attribute_not_exists(#date)'],
  ] as const)('renders %j as %s', (clause, expected) => {
    expect(new ExpressionBuilder().condition([clause])).toBe(expected);
  });

  it('ANDs clauses and types values by their JSON type', () => {
    const builder = new ExpressionBuilder();
    const text = builder.condition([
      { attribute: 'status', op: '=', value: 'PLACED' },
      { attribute: 'status', op: '<>', value: 'LOST' },
      { attribute: 'total', op: '>=', value: 10 },
    ]);
    expect(text).toBe('#status = :status AND #status <> :status2 AND #total >= :total');
    expect(builder.attributes()).toEqual({
      ExpressionAttributeNames: { '#status': 'status', '#total': 'total' },
      ExpressionAttributeValues: {
        ':status': { S: 'PLACED' },
        ':status2': { S: 'LOST' },
        ':total': { N: '10' },
      },
    });
  });

  it('throws a RequestError when an operator lacks its values', () => {
    expect(() => new ExpressionBuilder().condition([{ attribute: 'a', op: '=' }])).toThrow(RequestError);
    expect(() => new ExpressionBuilder().condition([{ attribute: 'a', op: 'between', value: 1 }])).toThrow(
      'between on a needs two values',
    );
  });

  it('renders projections through the same names', () => {
    const builder = new ExpressionBuilder();
    expect(builder.projection(['orderId', 'status', 'gift-note'])).toBe('orderId, #status, #gift_note');
  });
});
