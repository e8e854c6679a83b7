// Issue #28, item 3 (DynamoDB-Toolbox v2): a key attribute computed by `.key().link()` (Toolbox stores it as
// `keyLink`), an index key by `.link()` (`putLink`), a zero-padded number (`padStart`), a key written by a
// `.default()`, and attributes the library fills in (defaults, links) import as Keyplan's key templates, and
// the keys Keyplan derives from a sample are those DynamoDB-Toolbox's own PutItemCommand writes (its
// `.params()`, no database needed); nothing the library computes is a required attribute a sample must invent.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Entity, item, number, PutItemCommand, string, Table } from 'dynamodb-toolbox';
import { describe, expect, it } from 'vitest';
import { deriveKeys } from '../../../src/core/items/derive-item.ts';
import type { Entity as KeyplanEntity } from '../../../src/core/model/schema.ts';
import { importedModule } from './library-support.ts';

const documentClient = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1' }));
const table = new Table({
  name: 'app-table',
  partitionKey: { name: 'pk', type: 'string' },
  sortKey: { name: 'sk', type: 'string' },
  indexes: {
    byEmail: {
      type: 'global',
      partitionKey: { name: 'gsi1pk', type: 'string' },
      sortKey: { name: 'gsi1sk', type: 'string' },
    },
  },
  documentClient,
});
const User = new Entity({
  name: 'User',
  table,
  timestamps: false,
  schema: item({
    userId: string().key(),
    version: number().key(),
    email: string(),
    gsi1sk: string().default('PROFILE'),
    status: string().default('active'),
  }).and((attributes) => ({
    pk: string()
      .key()
      .link<typeof attributes>(({ userId }) => `USER#${userId}`),
    sk: string()
      .key()
      .link<typeof attributes>(({ version }) => `V#${String(version).padStart(5, '0')}`),
    gsi1pk: string().link<typeof attributes>(({ email }) => `EMAIL#${email}`),
  })),
});

const KEY_NAMES = ['pk', 'sk', 'gsi1pk', 'gsi1sk'];

describe('DynamoDB-Toolbox v2 links, padding and defaults', () => {
  const design = importedModule('dynamodb-toolbox', { table, User });
  const entity = design.entities[0] as KeyplanEntity;

  it('keyLink, putLink, padStart and a constant default are key templates', () => {
    expect(entity.keys).toEqual({
      pk: 'USER#{userId}',
      sk: 'V#{version:5}',
      gsi1pk: 'EMAIL#{email}',
      gsi1sk: 'PROFILE',
    });
  });

  it('an attribute the library fills in (a default) is not required; the values keys are made of are', () => {
    const required = Object.fromEntries(entity.attributes.map((a) => [a.name, a.required === true]));
    expect(required).toEqual({ userId: true, version: true, email: true, status: false });
  });

  it.each([
    { userId: 'u-1', version: 7, email: 'ada@example.com' },
    { userId: 'Zy 2', version: 12345, email: 'b@example.org', status: 'gone' },
  ])('the keys Keyplan derives for %o are those PutItemCommand writes', (sample) => {
    const written = User.build(PutItemCommand).item(sample).params().Item as Record<string, unknown>;
    const keys = deriveKeys(design, entity, sample);
    expect(Object.fromEntries(KEY_NAMES.map((name) => [name, keys[name]]))).toEqual(
      Object.fromEntries(KEY_NAMES.map((name) => [name, written[name]])),
    );
  });
});
