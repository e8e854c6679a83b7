import { describe, expect, it } from 'vitest';
import { formatProblems, validateDesign } from '../../checks/validate.ts';
import { getExample } from '../../features/examples/index.ts';
import { renderTemplate } from '../../keys/template.ts';
import type { Design, DesignInput, SampleValues } from '../../model/schema.ts';
import { naturalKeysDesign } from '../../test-support/natural-keys-design.ts';
import { deriveItems } from '../derive.ts';
import { generateItems, generateSamples, seedDesign } from './generate.ts';
import { findReferences, generationOrder, idOwners } from './relations.ts';

function parsed(input: DesignInput | undefined): Design {
  const result = validateDesign(input);
  if (!result.ok) throw new Error(formatProblems(result.problems));
  return result.design;
}

const ecommerce = parsed(getExample('ecommerce')?.design);
const onlineStore = parsed(getExample('online-store')?.design);

const EMAIL = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

function values(samples: SampleValues[], attribute: string) {
  return samples.map((s) => s[attribute]).filter((v) => v !== undefined);
}

function tableDesign(entities: DesignInput['entities'], extra: Partial<DesignInput> = {}): Design {
  return parsed({
    format: 'keyplan/1',
    name: 'Test',
    table: { name: 'Test', partitionKey: { name: 'PK', type: 'S' }, sortKey: { name: 'SK', type: 'S' } },
    entities,
    ...extra,
  });
}

describe('generateItems', () => {
  it('gives the same items for the same seed and others for another seed', () => {
    const a = generateItems(ecommerce, { count: 20, seed: 7 });
    expect(generateItems(ecommerce, { count: 20, seed: 7 })).toEqual(a);
    expect(generateItems(ecommerce, { count: 20, seed: 8 })).not.toEqual(a);
  });

  it('honours the count for every entity, in design order', () => {
    for (const design of [ecommerce, onlineStore]) {
      const items = generateItems(design, { count: 37, seed: 1 });
      expect(Object.keys(items)).toEqual(design.entities.map((e) => e.name));
      for (const samples of Object.values(items)) expect(samples).toHaveLength(37);
    }
    expect(generateItems(onlineStore, { count: 0 }).Order).toEqual([]);
    expect(() => generateItems(onlineStore, { count: -1 })).toThrow(RangeError);
    expect(() => generateItems(onlineStore, { count: 1.5 })).toThrow(RangeError);
  });

  it('writes emails by format and by name', () => {
    const shop = generateItems(ecommerce, { count: 200, seed: 3 });
    const store = generateItems(onlineStore, { count: 200, seed: 3 });
    const emails = [...values(shop.User, 'email'), ...values(store.Customer, 'email')];
    expect(emails.length).toBeGreaterThan(300);
    for (const email of emails) expect(email).toMatch(EMAIL);
  });

  it('writes date-times as ISO-8601 to the second, and month buckets that agree with them', () => {
    const { Order, Product } = generateItems(ecommerce, { count: 200, seed: 4 });
    for (const at of [...values(Order, 'createdAt'), ...values(Product, 'publishedAt')]) {
      expect(at).toMatch(DATE_TIME);
      expect(new Date(at as string).toISOString()).toBe((at as string).replace('Z', '.000Z'));
    }
    for (const order of Order) expect(order.createdMonth).toBe((order.createdAt as string).slice(0, 7));
    for (const product of Product) {
      expect(product.publishedMonth).toBe((product.publishedAt as string | undefined)?.slice(0, 7));
    }
  });

  it('keeps ids unique per entity and primary keys distinct', () => {
    const shop = generateItems(ecommerce, { count: 2000, seed: 5 });
    const own = { User: 'userId', Order: 'orderId', OrderItem: 'itemId', Product: 'productId' } as const;
    for (const [entity, id] of Object.entries(own)) {
      const ids = values(shop[entity], id);
      expect(ids).toHaveLength(2000);
      expect(new Set(ids).size).toBe(2000);
      expect(ids[0]).toMatch(new RegExp(`^${id[0]}-[0-9a-z]{5}$`));
    }
    const store = generateItems(onlineStore, { count: 2000, seed: 5 });
    for (const entity of onlineStore.entities) {
      const keys = store[entity.name].map(
        (v) => `${renderTemplate(entity.keys.PK, v)}|${renderTemplate(entity.keys.SK, v)}`,
      );
      expect(new Set(keys).size).toBe(2000);
    }
  });

  it('never draws the empty text of an enum into a key placeholder, and still draws it elsewhere', () => {
    // ElectroDB's versionControl example: `ticketType: ["Issue", "PullRequest", ""]`, in the sort key.
    const design = tableDesign([
      {
        name: 'Subscription',
        attributes: [
          { name: 'username', type: 'S', required: true },
          { name: 'ticketType', type: 'S', enum: ['Issue', 'PullRequest', ''] },
          { name: 'state', type: 'S', enum: ['open', ''], required: true },
        ],
        keys: { PK: 'USER#{username}', SK: 'TICKET#{ticketType}' },
      },
    ]);
    const items = generateItems(design, { count: 40, seed: 3 }).Subscription;
    expect(new Set(values(items, 'ticketType'))).toEqual(new Set(['Issue', 'PullRequest']));
    expect(values(items, 'state')).toContain('');
    const checked = validateDesign({ ...design, items: { Subscription: items } });
    expect(checked.problems).toEqual([]);
  });

  it('makes children refer to generated parents', () => {
    const store = generateItems(onlineStore, { count: 300, seed: 6 });
    const customers = new Set(values(store.Customer, 'customerId'));
    const orders = new Set(values(store.Order, 'orderId'));
    for (const order of store.Order) expect(customers).toContain(order.customerId);
    for (const item of store.LineItem) expect(orders).toContain(item.orderId);

    const shop = generateItems(ecommerce, { count: 300, seed: 6 });
    const users = new Set(values(shop.User, 'userId'));
    const products = new Set(values(shop.Product, 'productId'));
    for (const order of shop.Order) expect(users).toContain(order.userId);
    for (const item of shop.OrderItem) expect(products).toContain(item.productId);
  });

  it('respects enums and shapes numbers by name', () => {
    const { Order, OrderItem } = generateItems(ecommerce, { count: 500, seed: 9 });
    const statuses = new Set(values(Order, 'status'));
    expect([...statuses].sort()).toEqual(['CANCELLED', 'DELIVERED', 'PAID', 'PENDING', 'SHIPPED']);
    for (const quantity of values(OrderItem, 'quantity')) expect(quantity).toSatisfy(Number.isInteger);
    for (const price of values(OrderItem, 'price'))
      expect(Math.round((price as number) * 100) / 100).toBe(price);
  });

  it('always sets required and primary-key attributes, optional ones mostly', () => {
    const { Customer, Order } = generateItems(onlineStore, { count: 1000, seed: 10 });
    expect(values(Customer, 'customerId')).toHaveLength(1000);
    const named = values(Customer, 'name').length;
    expect(named).toBeGreaterThan(700);
    expect(named).toBeLessThan(900);
    // Order.status is optional and only in GSI1's keys: orders without it are what make GSI1 sparse.
    expect(values(Order, 'status').length).toBeLessThan(1000);
  });

  it('keeps every generated date at or before the reference date', () => {
    const refDate = Date.UTC(2025, 5, 15, 12, 0, 0);
    const dated = tableDesign([
      {
        name: 'Event',
        attributes: [
          { name: 'eventId', type: 'S', required: true },
          { name: 'at', type: 'S', format: 'date-time', required: true },
          { name: 'day', type: 'S', format: 'date', required: true },
          { name: 'epochText', type: 'S', format: 'epoch-seconds', required: true },
          { name: 'epoch', type: 'N', format: 'epoch-seconds', required: true },
          { name: 'updatedAt', type: 'S', required: true },
          { name: 'seenAt', type: 'N', required: true },
          { name: 'birthday', type: 'S', required: true },
          { name: 'month', type: 'S', required: true },
          { name: 'year', type: 'N', required: true },
          { name: 'token', type: 'S', format: 'ulid', required: true },
        ],
        keys: { PK: 'EVENT#{eventId}', SK: 'EVENT' },
      },
    ]);
    const ulidTime = (ulid: string) =>
      [...ulid.slice(0, 10)].reduce((ms, c) => ms * 32 + '0123456789ABCDEFGHJKMNPQRSTVWXYZ'.indexOf(c), 0);
    const seen: string[] = [];
    for (const design of [dated, ecommerce, onlineStore]) {
      for (const samples of Object.values(generateItems(design, { count: 1000, seed: 13, refDate }))) {
        for (const sample of samples) {
          for (const [name, value] of Object.entries(sample)) {
            let time: number | undefined;
            if (typeof value === 'string' && /^\d{4}-\d{2}(-\d{2})?(T|$)/.test(value)) {
              // A month or a day is in the past when it starts before the reference date.
              time = Date.parse(value.length === 7 ? `${value}-01` : value);
            } else if (name === 'token') time = ulidTime(value as string);
            else if (name === 'year') time = Date.UTC(value as number, 0, 1);
            else if (/epoch|At$/.test(name)) time = Number(value) * 1000;
            if (time === undefined) continue;
            seen.push(name);
            expect(`${name} ${new Date(time).toISOString()}`).toBe(
              `${name} ${new Date(Math.min(time, refDate)).toISOString()}`,
            );
          }
        }
      }
    }
    expect(new Set(seen)).toEqual(
      new Set([
        'at',
        'day',
        'epochText',
        'epoch',
        'updatedAt',
        'seenAt',
        'birthday',
        'month',
        'year',
        'token',
        'createdAt',
        'createdMonth',
        'publishedAt',
        'publishedMonth',
      ]),
    );
  });

  it('stops at the items a constant key can tell apart', () => {
    const design = tableDesign([
      {
        name: 'Settings',
        attributes: [{ name: 'theme', type: 'S' }],
        keys: { PK: 'CONFIG', SK: 'SETTINGS' },
      },
    ]);
    expect(generateItems(design, { count: 10 }).Settings).toHaveLength(1);
  });

  it('says which entities got fewer items than asked for, and which key templates hold fewer', () => {
    const design = tableDesign([
      {
        name: 'Settings',
        attributes: [{ name: 'theme', type: 'S' }],
        keys: { PK: 'CONFIG', SK: 'SETTINGS' },
      },
      {
        name: 'Board',
        attributes: [
          { name: 'status', type: 'S', enum: ['OPEN', 'CLOSED'], required: true },
          { name: 'priority', type: 'N', required: true },
          { name: 'boardId', type: 'S', required: true },
        ],
        keys: { PK: 'STATUS#{status}#{priority}', SK: 'BOARD' },
      },
      {
        name: 'Note',
        attributes: [{ name: 'noteId', type: 'S', required: true }],
        keys: { PK: 'NOTE#{noteId}', SK: 'NOTE' },
      },
    ]);
    const { items, results } = generateSamples(design, { count: 5_000, seed: 3 });
    expect(results.map((r) => [r.entity, r.requested, r.generated])).toEqual([
      ['Settings', 5_000, 1],
      ['Board', 5_000, items.Board.length],
      ['Note', 5_000, 5_000],
    ]);
    expect(results[0].reason).toBe(
      'its primary key holds only 1 distinct key: PK = CONFIG is constant × SK = SETTINGS is constant',
    );
    expect(items.Board.length).toBeLessThanOrEqual(2_002);
    expect(results[1].reason).toBe(
      'its primary key holds only 2,002 distinct keys: PK = STATUS#{status}#{priority} takes 2,002 ' +
        '(status: 2 values, OPEN | CLOSED; priority: 1,001 values, 0–1000) × SK = BOARD is constant' +
        (items.Board.length < 2_002
          ? `; random draws reached ${items.Board.length.toLocaleString('en-US')} of them`
          : ''),
    );
    expect(results[2].reason).toBeUndefined();
  });

  it('gives every attribute type a valid value', () => {
    const design = tableDesign(
      [
        {
          name: 'Thing',
          attributes: [
            { name: 'thingId', type: 'N', required: true },
            { name: 'token', type: 'S', format: 'ulid', required: true },
            { name: 'ref', type: 'S', format: 'uuid', required: true },
            { name: 'blob', type: 'B', required: true },
            { name: 'active', type: 'BOOL', required: true },
            { name: 'nothing', type: 'NULL' },
            { name: 'list', type: 'L', required: true },
            { name: 'map', type: 'M', required: true },
            { name: 'tags', type: 'SS', required: true },
            { name: 'sizes', type: 'NS', required: true },
            { name: 'blobs', type: 'BS', required: true },
            { name: 'expiresAt', type: 'N', required: true },
            { name: 'level', type: 'N', enum: [1, 2, 3], required: true },
          ],
          keys: { PK: 'THING#{thingId}', SK: 'THING' },
        },
      ],
      { table: { ...tableDesign([]).table, ttlAttribute: 'expiresAt' } },
    );
    const refDate = Date.UTC(2027, 5, 1);
    const seeded = seedDesign(design, { count: 100, seed: 11, refDate });
    expect(validateDesign(seeded).problems).toEqual([]);
    const things = seeded.items.Thing;
    expect(new Set(values(things, 'thingId')).size).toBe(100);
    for (const thing of things) {
      for (const set of [thing.tags, thing.sizes, thing.blobs] as unknown[][]) {
        expect(set.length).toBeGreaterThan(0);
        expect(new Set(set).size).toBe(set.length);
      }
      // TTLs lie after the reference date, or DynamoDB would delete the items it was given.
      expect(thing.expiresAt as number).toBeGreaterThan(refDate / 1000);
      expect(thing.token).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    }
  });
});

describe('seedDesign', () => {
  it.each([
    ['ecommerce', ecommerce],
    ['online-store', onlineStore],
  ])('gives %s a design that validates', (_, design) => {
    const seeded = seedDesign(design, { count: 50, seed: 12 });
    expect(validateDesign(seeded).problems).toEqual([]);
    expect(seeded.accessPatterns).toBe(design.accessPatterns);
    expect(seeded.items.Order).toHaveLength(50);
  });

  it('draws natural keys from their attributes (user_id N, created_at date-time), held once in each item', () => {
    const seeded = seedDesign(parsed(naturalKeysDesign()), { count: 40, seed: 3, refDate: '2026-06-01' });
    expect(validateDesign(seeded).problems).toEqual([]);
    const posts = seeded.items.Post;
    expect(posts).toHaveLength(40);
    for (const post of posts) {
      expect(Number.isInteger(post.user_id)).toBe(true);
      expect(post.created_at).toMatch(DATE_TIME);
    }
    // Every Post is its own item: the natural primary keys are distinct.
    expect(new Set(posts.map((p) => `${p.user_id} ${p.created_at}`)).size).toBe(40);
    const items = deriveItems(seeded).filter((d) => d.entity === 'Post');
    expect(items.map((d) => d.item.user_id)).toEqual(posts.map((p) => p.user_id));
  });
});

describe('relations', () => {
  const orgs = tableDesign([
    {
      name: 'Member',
      attributes: [
        { name: 'organizationId', type: 'S', required: true },
        { name: 'memberId', type: 'S', required: true },
      ],
      keys: { PK: 'ORG#{organizationId}', SK: 'MEMBER#{memberId}' },
    },
    {
      name: 'Org',
      attributes: [{ name: 'organizationId', type: 'S', required: true }],
      keys: { PK: 'ORG#{organizationId}', SK: 'ORG' },
    },
  ]);

  it('finds id owners by name, else by the table key with the fewest ids', () => {
    expect(idOwners(orgs)).toEqual(
      new Map([
        ['memberId', 'Member'],
        ['organizationId', 'Org'],
      ]),
    );
    expect(idOwners(onlineStore)).toEqual(
      new Map([
        ['customerId', 'Customer'],
        ['orderId', 'Order'],
      ]),
    );
  });

  it('generates parents before children whatever the design order', () => {
    expect(generationOrder(orgs, findReferences(orgs)).map((e) => e.name)).toEqual(['Org', 'Member']);
    const { Org, Member } = generateItems(orgs, { count: 20, seed: 2 });
    const ids = new Set(values(Org, 'organizationId'));
    for (const member of Member) expect(ids).toContain(member.organizationId);
  });
});
