// DynamoDB-Toolbox v2 table and entities of "Online store", written by Keyplan (keyplan export --to dynamodb-toolbox).
// Each key is computed from the item's attributes (computeKey, link), so the table holds exactly the keys Keyplan derives.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Entity, Table, item, number, string } from 'dynamodb-toolbox';

// A key made of values: undefined (not written) when one is missing, as Keyplan leaves a sparse index's key out.
const present = (value: unknown): boolean => value !== undefined && value !== null && value !== '';
/** A number's text as DynamoDB keeps it: all its digits, no exponent or trailing zeros, 0 for -0. */
function plainNumber(text: string): string {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
  if (!match || !(match[2] || match[3])) return text;
  const [, sign, integer, fraction = '', exponent = '0'] = match;
  const all = integer + fraction;
  const digits = all.replace(/^0+/, '').replace(/0+$/, '');
  if (!digits) return '0';
  const point = integer.length - (all.length - all.replace(/^0+/, '').length) + Number(exponent);
  const plain =
    point <= 0
      ? `0.${'0'.repeat(-point)}${digits}`
      : point >= digits.length
        ? digits + '0'.repeat(point - digits.length)
        : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return sign === '-' ? `-${plain}` : plain;
}
/** A value in a key as Keyplan writes it: a number in plain digits (1e21 is 1000000000000000000000). */
function keyText(value: unknown): string {
  if (typeof value === 'number') return plainNumber(String(value));
  return String(value);
}
const key = (strings: TemplateStringsArray, ...values: unknown[]): string | undefined =>
  values.every(present) ? strings.reduce((out, text, i) => out + text + (i < values.length ? keyText(values[i]) : ''), '') : undefined;
// A key of the table: every item has one, so a value of it missing is an error.
const tableKey = (strings: TemplateStringsArray, ...values: unknown[]): string => {
  const value = key(strings, ...values);
  if (value === undefined) throw new Error(`a value of the key ${strings.join('{}')} is missing`);
  return value;
};

export const documentClient = DynamoDBDocumentClient.from(new DynamoDBClient({}));

export const table = new Table({
  name: process.env.TABLE_NAME ?? 'AppTable',
  documentClient,
  partitionKey: { name: 'PK', type: 'string' },
  sortKey: { name: 'SK', type: 'string' },
  indexes: {
    GSI1: { type: 'global', partitionKey: { name: 'GSI1PK', type: 'string' }, sortKey: { name: 'GSI1SK', type: 'string' } },
  },
  entityAttributeSavedAs: 'entityType',
});

export const Customer = new Entity({
  name: 'Customer',
  table,
  timestamps: false,
  schema: item({
    customerId: string().key(),
    name: string().optional(),
    email: string().optional(),
    }),
  computeKey: (input) => ({ PK: tableKey`CUSTOMER#${input.customerId}`, SK: 'PROFILE' }),
});

export const Order = new Entity({
  name: 'Order',
  table,
  timestamps: false,
  schema: item({
    customerId: string().key(),
    orderId: string().key(),
    createdAt: string().key(),
    status: string().enum('PLACED', 'SHIPPED', 'DELIVERED').optional(),
    total: number().optional(),
    }).and((attributes) => ({
    GSI1PK: string().optional().link<typeof attributes>((item) => key`STATUS#${item.status}`),
    GSI1SK: string().optional().link<typeof attributes>((item) => item.createdAt),
    })),
  computeKey: (input) => ({ PK: tableKey`CUSTOMER#${input.customerId}`, SK: tableKey`ORDER#${input.createdAt}#${input.orderId}` }),
});

export const LineItem = new Entity({
  name: 'LineItem',
  table,
  timestamps: false,
  schema: item({
    orderId: string().key(),
    sku: string().key(),
    quantity: number().optional(),
    price: number().optional(),
    }),
  computeKey: (input) => ({ PK: tableKey`ORDER#${input.orderId}`, SK: tableKey`ITEM#${input.sku}` }),
});

export const entities = { Customer, Order, LineItem };
