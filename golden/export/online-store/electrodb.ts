// ElectroDB entities of "Online store", written by Keyplan (keyplan export --to electrodb).
// Every key has a field and a template with casing 'none': ElectroDB stores exactly the keys Keyplan derives.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { Entity, Service } from 'electrodb';

export const table = process.env.TABLE_NAME ?? 'AppTable';
export const client = new DynamoDBClient({});
const service = 'Online store';
const config = { table, client, identifiers: { entity: 'entityType' } };
type Item = Record<string, unknown>;
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

export const Customer = new Entity(
  {
    model: { entity: 'Customer', version: '1', service },
    attributes: {
      customerId: { type: 'string', required: true },
      name: { type: 'string' },
      email: { type: 'string' },
    },
    indexes: {
      primary: {
        pk: { field: 'PK', composite: ['customerId'], template: 'CUSTOMER#${customerId}', casing: 'none' },
        sk: { field: 'SK', composite: [], template: 'PROFILE', casing: 'none' },
      },
    },
  },
  config,
);

export const Order = new Entity(
  {
    model: { entity: 'Order', version: '1', service },
    attributes: {
      customerId: { type: 'string', required: true },
      orderId: { type: 'string', required: true },
      createdAt: { type: 'string', required: true },
      status: { type: ['PLACED', 'SHIPPED', 'DELIVERED'] as const },
      total: { type: 'number' },
      GSI1PK: { type: 'string', watch: ['status'], set: (_: unknown, item: Item) => key`STATUS#${item['status']}` },
      GSI1SK: { type: 'string', watch: ['createdAt'], set: (_: unknown, item: Item) => item['createdAt'] as string | undefined },
    },
    indexes: {
      primary: {
        pk: { field: 'PK', composite: ['customerId'], template: 'CUSTOMER#${customerId}', casing: 'none' },
        sk: { field: 'SK', composite: ['createdAt', 'orderId'], template: 'ORDER#${createdAt}#${orderId}', casing: 'none' },
      },
      gsi1: {
        index: 'GSI1',
        pk: { field: 'GSI1PK', composite: ['GSI1PK'], casing: 'none' },
        sk: { field: 'GSI1SK', composite: ['GSI1SK'], casing: 'none' },
      },
    },
  },
  config,
);

export const LineItem = new Entity(
  {
    model: { entity: 'LineItem', version: '1', service },
    attributes: {
      orderId: { type: 'string', required: true },
      sku: { type: 'string', required: true },
      quantity: { type: 'number' },
      price: { type: 'number' },
    },
    indexes: {
      primary: {
        pk: { field: 'PK', composite: ['orderId'], template: 'ORDER#${orderId}', casing: 'none' },
        sk: { field: 'SK', composite: ['sku'], template: 'ITEM#${sku}', casing: 'none' },
      },
    },
  },
  config,
);

export const entities = { Customer, Order, LineItem };
export const app = new Service(entities, { table, client });
