// buildRequest's DocumentClient form, sent by a real DynamoDBDocumentClient to DynamoDB Local, stores a
// 38-digit number with every digit once its ExactNumbers are NumberValues (the client refuses them as
// they are).
import { CreateTableCommand, DeleteTableCommand, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { validateDesign } from '../../src/core/checks/validate.ts';
import type { Design } from '../../src/core/model/schema.ts';
import { buildRequest } from '../../src/core/requests/build.ts';
import { ExactNumber } from '../../src/core/values/exact-json.ts';
import { testClient, uniquePrefix } from '../test-support/dynamo.ts';
import { documentClientInput } from './document-input.ts';

const DIGITS = '12345678901234567890123456789012345678';

function meters(): Design {
  const result = validateDesign({
    format: 'keyplan/1',
    name: 'Meters',
    table: { name: 'Meters', partitionKey: { name: 'PK', type: 'S' } },
    entities: [
      {
        name: 'Reading',
        attributes: [
          { name: 'meter', type: 'S', required: true },
          { name: 'value', type: 'N', required: true },
        ],
        keys: { PK: 'METER#{meter}' },
      },
    ],
    accessPatterns: [
      {
        id: 'record',
        name: 'Record a reading',
        operation: 'PutItem',
        entity: 'Reading',
        example: { meter: 'm1', value: new ExactNumber(DIGITS) },
      },
    ],
    items: {},
  });
  if (!result.ok) throw new Error('invalid test design');
  return result.design;
}

describe('documentClientInput', () => {
  const client = testClient();
  const tableName = `${uniquePrefix('document-input')}Meters`;

  afterAll(async () => {
    await client.send(new DeleteTableCommand({ TableName: tableName })).catch(() => undefined);
  });

  it('sends a 38-digit number of a request through the DocumentClient with every digit', async () => {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        AttributeDefinitions: [{ AttributeName: 'PK', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'PK', KeyType: 'HASH' }],
        BillingMode: 'PAY_PER_REQUEST',
      }),
    );
    const design = meters();
    const [pattern] = design.accessPatterns;
    const { documentInput } = buildRequest(design, pattern, pattern.example ?? {}, { tableName });
    const documents = DynamoDBDocumentClient.from(client);
    await documents.send(new PutCommand(documentClientInput(documentInput) as never));
    const { Item } = await client.send(
      new GetItemCommand({ TableName: tableName, Key: { PK: { S: 'METER#m1' } }, ConsistentRead: true }),
    );
    expect(Item?.value).toEqual({ N: DIGITS });
  });
});
