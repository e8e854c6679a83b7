// Before a backfill: the GSIs the new design adds, created one at a time (DynamoDB takes one index creation
// per UpdateTable), each waited for until ACTIVE, as the migration plan's first steps say.
import { type DynamoDBClient, UpdateTableCommand } from '@aws-sdk/client-dynamodb';
import { createTableInput } from '../../src/core/apply/create-table.ts';
import type { Design } from '../../src/core/model/schema.ts';
import { describeTable, waitActive } from './apply.ts';

export async function createMissingGsis(
  client: DynamoDBClient,
  design: Design,
  names: string[],
  onCreate?: (name: string) => void,
): Promise<string[]> {
  const wanted = createTableInput(design);
  const table = await describeTable(client, wanted.TableName);
  if (!table) throw new Error(`table ${wanted.TableName} does not exist: apply the old design first`);
  const have = new Set((table.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName));
  const created: string[] = [];
  for (const name of names) {
    if (have.has(name))
      throw new Error(
        `GSI ${name} changes its key schema or projection: delete it first (keyplan apply NEW --no-items replaces it)`,
      );
    const index = wanted.GlobalSecondaryIndexes!.find((g) => g.IndexName === name)!;
    const definitions = index.KeySchema.map((k) => ({
      AttributeName: k.AttributeName,
      AttributeType: wanted.AttributeDefinitions.find((d) => d.AttributeName === k.AttributeName)!
        .AttributeType,
    }));
    onCreate?.(name);
    await client.send(
      new UpdateTableCommand({
        TableName: wanted.TableName,
        AttributeDefinitions: definitions,
        GlobalSecondaryIndexUpdates: [{ Create: index }],
      }),
    );
    await waitActive(client, wanted.TableName);
    created.push(name);
  }
  return created;
}
