// Names and layout of generated code: legal, unique identifiers; lines that fit or break one item per line.
import { describe, expect, it } from 'vitest';
import { concat, group, layout } from './layout.ts';
import {
  camelCase,
  NameScope,
  pascalCase,
  plural,
  pythonIdentifier,
  snakeCase,
  typescriptIdentifier,
} from './naming.ts';

describe('names in generated code', () => {
  it('turns pattern ids, attributes and entities into each language’s case', () => {
    expect(snakeCase('customer-orders')).toBe('customer_orders');
    expect(snakeCase('orderId')).toBe('order_id');
    expect(snakeCase('GSI1PK')).toBe('gsi1_pk');
    expect(snakeCase('HTTPStatus')).toBe('http_status');
    expect(snakeCase('LineItem')).toBe('line_item');
    expect(snakeCase('shelf-code')).toBe('shelf_code');
    expect(camelCase('get-user')).toBe('getUser');
    expect(camelCase('shelf-code')).toBe('shelfCode');
    expect(pascalCase('orders-by-status')).toBe('OrdersByStatus');
  });

  it('avoids keywords and leading digits', () => {
    expect(pythonIdentifier('from')).toBe('from_');
    expect(pythonIdentifier('class')).toBe('class_');
    expect(pythonIdentifier('2fa')).toBe('_2fa');
    expect(typescriptIdentifier('delete')).toBe('delete_');
    expect(typescriptIdentifier('from')).toBe('from');
  });

  it('makes list parameters plural', () => {
    expect(plural('line_item')).toBe('line_items');
    expect(plural('category')).toBe('categories');
    expect(plural('box')).toBe('boxes');
    expect(plural('key')).toBe('keys');
  });

  it('gives each name in a scope once', () => {
    const scope = new NameScope(['table']);
    expect(scope.claim('table', 'table_')).toBe('table_');
    expect(scope.claim('table', 'table_')).toBe('table_2');
    expect(scope.claim('orders')).toBe('orders');
    expect(scope.claim('orders')).toBe('orders_2');
    const typescript = new NameScope([], '');
    typescript.claim('getUser');
    expect(typescript.claim('getUser')).toBe('getUser2');
  });
});

describe('layout', () => {
  const options = { width: 30, step: '  ' };

  it('keeps a group on one line when it fits, else one item per line', () => {
    const call = group('f(', ['alpha', 'beta'], ')');
    expect(layout(call, options)).toBe('f(alpha, beta)');
    const long = group('function(', ['alphabetical', 'betamax', 'gammaray'], ')');
    expect(layout(long, options)).toBe('function(\n  alphabetical,\n  betamax,\n  gammaray,\n)');
  });

  it('breaks the last group of a chain and keeps what follows on its closing line', () => {
    const doc = concat(
      'send(new Get(',
      group('{', ['TableName: T', 'Key: { PK: pk }'], '}', { flatOpen: '{ ', flatClose: ' }' }),
      '))',
    );
    expect(layout(doc, options)).toBe('send(new Get({\n  TableName: T,\n  Key: { PK: pk },\n}))');
  });

  it('uses the one-line text of a group that is not its items joined', () => {
    const pieces = group('(', ["'SET a = :a, '", "'b = :b'"], ')', {
      trailing: '',
      flatText: "'SET a = :a, b = :b'",
    });
    expect(layout(pieces, { width: 80, step: '    ' })).toBe("'SET a = :a, b = :b'");
    expect(layout(pieces, { width: 10, step: '    ' })).toBe("(\n    'SET a = :a, '\n    'b = :b'\n)");
  });
});
