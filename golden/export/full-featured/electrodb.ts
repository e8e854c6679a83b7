// ElectroDB entities of "Support desk", written by Keyplan (keyplan export --to electrodb).
// Every key has a field and a template with casing 'none': ElectroDB stores exactly the keys Keyplan derives.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { Entity, Service } from 'electrodb';

export const table = process.env.TABLE_NAME ?? 'support-desk';
export const client = new DynamoDBClient({});
const service = 'Support desk';
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
      name: { type: 'string', required: true },
      email: { type: 'string', required: true },
    },
    indexes: {
      primary: {
        pk: { field: 'PK', composite: ['customerId'], template: 'CUSTOMER#${customerId}', casing: 'none' },
        sk: { field: 'SK', composite: [], template: 'PROFILE', casing: 'none' },
      },
      byEmail: {
        index: 'ByEmail',
        pk: { field: 'GSI3PK', composite: ['email'], template: 'EMAIL#${email}', casing: 'none' },
      },
    },
  },
  config,
);

export const Ticket = new Entity(
  {
    model: { entity: 'Ticket', version: '1', service },
    attributes: {
      customerId: { type: 'string', required: true },
      ticketId: { type: 'string', required: true },
      title: { type: 'string', required: true },
      status: { type: ['OPEN', 'PENDING', 'CLOSED'] as const, required: true },
      priority: { type: 'number', required: true },
      assignee: { type: 'string' },
      updatedAt: { type: 'string', required: true },
      expiresAt: { type: 'number' },
      GSI1PK: { type: 'string', watch: ['assignee'], set: (_: unknown, item: Item) => key`AGENT#${item['assignee']}` },
      GSI1SK: { type: 'string', watch: ['updatedAt'], set: (_: unknown, item: Item) => item['updatedAt'] as string | undefined },
    },
    indexes: {
      primary: {
        pk: { field: 'PK', composite: ['customerId'], template: 'CUSTOMER#${customerId}', casing: 'none' },
        sk: { field: 'SK', composite: ['ticketId'], template: 'TICKET#${ticketId}', casing: 'none' },
      },
      byAssignee: {
        index: 'ByAssignee',
        projection: ['title', 'status', 'priority'],
        pk: { field: 'GSI1PK', composite: ['GSI1PK'], casing: 'none' },
        sk: { field: 'GSI1SK', composite: ['GSI1SK'], casing: 'none' },
      },
      byStatus: {
        index: 'ByStatus',
        projection: 'keys_only',
        pk: { field: 'GSI2PK', composite: ['status'], template: 'STATUS#${status}', casing: 'none' },
        sk: { field: 'GSI2SK', composite: ['priority'], template: '${priority}', casing: 'none', cast: 'number' },
      },
      byUpdated: {
        index: 'ByUpdated',
        projection: ['title', 'status'],
        pk: { field: 'PK', composite: ['customerId'], template: 'CUSTOMER#${customerId}', casing: 'none' },
        sk: { field: 'LSI1SK', composite: ['updatedAt'], template: 'UPDATED#${updatedAt}', casing: 'none' },
      },
      byPriority: {
        index: 'ByPriority',
        projection: 'keys_only',
        pk: { field: 'PK', composite: ['customerId'], template: 'CUSTOMER#${customerId}', casing: 'none' },
        sk: { field: 'LSI2SK', composite: ['priority'], template: '${priority}', casing: 'none', cast: 'number' },
      },
    },
  },
  config,
);

export const Comment = new Entity(
  {
    model: { entity: 'Comment', version: '1', service },
    attributes: {
      customerId: { type: 'string', required: true },
      ticketId: { type: 'string', required: true },
      commentId: { type: 'string', required: true },
      body: { type: 'string', required: true },
      expiresAt: { type: 'number' },
    },
    indexes: {
      primary: {
        pk: { field: 'PK', composite: ['customerId'], template: 'CUSTOMER#${customerId}', casing: 'none' },
        sk: { field: 'SK', composite: ['ticketId', 'commentId'], template: 'TICKET#${ticketId}#COMMENT#${commentId}', casing: 'none' },
      },
    },
  },
  config,
);

export const entities = { Customer, Ticket, Comment };
export const app = new Service(entities, { table, client });
