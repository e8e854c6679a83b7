// ElectroDB entities of "E-commerce", written by Keyplan (keyplan export --to electrodb).
// Every key has a field and a template with casing 'none': ElectroDB stores exactly the keys Keyplan derives.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { Entity, Service } from 'electrodb';

export const table = process.env.TABLE_NAME ?? 'AppTable';
export const client = new DynamoDBClient({});
const service = 'E-commerce';
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

export const User = new Entity(
  {
    model: { entity: 'User', version: '1', service },
    attributes: {
      userId: { type: 'string', required: true },
      name: { type: 'string', required: true },
      email: { type: 'string', required: true },
      createdAt: { type: 'string', required: true },
    },
    indexes: {
      primary: {
        pk: { field: 'PK', composite: ['userId'], template: 'USER#${userId}', casing: 'none' },
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
      orderId: { type: 'string', required: true },
      userId: { type: 'string', required: true },
      status: { type: ['PENDING', 'PAID', 'SHIPPED', 'DELIVERED', 'CANCELLED'] as const, required: true },
      total: { type: 'number', required: true },
      createdAt: { type: 'string', required: true },
      createdMonth: { type: 'string', required: true },
    },
    indexes: {
      primary: {
        collection: 'getAnOrderWithItsItemsInOneQuery',
        pk: { field: 'PK', composite: ['orderId'], template: 'ORDER#${orderId}', casing: 'none' },
        sk: { field: 'SK', composite: [], template: 'DETAILS', casing: 'none' },
      },
      gsi1: {
        index: 'GSI1',
        pk: { field: 'GSI1PK', composite: ['status'], template: 'ORDERSTATUS#${status}', casing: 'none' },
        sk: { field: 'GSI1SK', composite: ['createdAt', 'orderId'], template: 'ORDER#${createdAt}#${orderId}', casing: 'none' },
      },
      gsi2: {
        index: 'GSI2',
        pk: { field: 'GSI2PK', composite: ['userId'], template: 'USER#${userId}', casing: 'none' },
        sk: { field: 'GSI2SK', composite: ['createdAt', 'orderId'], template: 'ORDER#${createdAt}#${orderId}', casing: 'none' },
      },
      gsi3: {
        index: 'GSI3',
        pk: { field: 'GSI3PK', composite: ['createdMonth'], template: 'ORDERBYDATE#${createdMonth}', casing: 'none' },
        sk: { field: 'GSI3SK', composite: ['createdAt', 'orderId'], template: 'ORDER#${createdAt}#${orderId}', casing: 'none' },
      },
    },
  },
  config,
);

export const OrderItem = new Entity(
  {
    model: { entity: 'OrderItem', version: '1', service },
    attributes: {
      orderId: { type: 'string', required: true },
      itemId: { type: 'string', required: true },
      productId: { type: 'string', required: true },
      quantity: { type: 'number', required: true },
      price: { type: 'number', required: true },
    },
    indexes: {
      primary: {
        collection: 'getAnOrderWithItsItemsInOneQuery',
        pk: { field: 'PK', composite: ['orderId'], template: 'ORDER#${orderId}', casing: 'none' },
        sk: { field: 'SK', composite: ['itemId'], template: 'ITEM#${itemId}', casing: 'none' },
      },
    },
  },
  config,
);

export const Product = new Entity(
  {
    model: { entity: 'Product', version: '1', service },
    attributes: {
      productId: { type: 'string', required: true },
      name: { type: 'string', required: true },
      category: { type: 'string', required: true },
      price: { type: 'number', required: true },
      publishedAt: { type: 'string' },
      publishedMonth: { type: 'string' },
      GSI2PK: { type: 'string', watch: ['publishedMonth'], set: (_: unknown, item: Item) => key`PUBLISHED#${item['publishedMonth']}` },
      GSI2SK: { type: 'string', watch: ['publishedAt', 'productId'], set: (_: unknown, item: Item) => key`PRODUCT#${item['publishedAt']}#${item['productId']}` },
    },
    indexes: {
      primary: {
        pk: { field: 'PK', composite: ['productId'], template: 'PRODUCT#${productId}', casing: 'none' },
        sk: { field: 'SK', composite: [], template: 'DETAILS', casing: 'none' },
      },
      gsi1: {
        index: 'GSI1',
        pk: { field: 'GSI1PK', composite: ['category'], template: 'CATEGORY#${category}', casing: 'none' },
        sk: { field: 'GSI1SK', composite: ['productId'], template: 'PRODUCT#${productId}', casing: 'none' },
      },
      gsi2: {
        index: 'GSI2',
        pk: { field: 'GSI2PK', composite: ['GSI2PK'], casing: 'none' },
        sk: { field: 'GSI2SK', composite: ['GSI2SK'], casing: 'none' },
      },
    },
  },
  config,
);

export const entities = { User, Order, OrderItem, Product };
export const app = new Service(entities, { table, client });
