// Brings a DynamoDB table in line with a design: create it, add/drop/replace GSIs, switch billing, set TTL,
// and recreate it only when the key schema changed and the caller said so.
import {
  CreateTableCommand,
  type CreateTableCommandInput,
  DeleteTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  type DynamoDBClient,
  ResourceNotFoundException,
  type TableDescription,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { type CreateTableInput, createTableInput } from '../../src/core/apply/create-table.ts';
import type { Design } from '../../src/core/model/schema.ts';

export type ApplyAction = 'created' | 'updated' | 'unchanged' | 'recreated';

export interface ApplyResult {
  tableName: string;
  action: ApplyAction;
  /** What changed, in words (`added GSI GSI2`, `billing PAY_PER_REQUEST → PROVISIONED`). */
  changes: string[];
}

/** The key schema (or an LSI) changed: DynamoDB cannot alter it in place; recreating loses the data. */
export class KeySchemaChangedError extends Error {
  constructor(
    readonly tableName: string,
    readonly differences: string[],
    /** The items the table holds, which a recreate deletes, when counted. */
    readonly items?: number,
  ) {
    super(
      `table ${tableName} must be recreated (${items === undefined ? 'its data' : `its ${items} ${items === 1 ? 'item' : 'items'}`} deleted) to apply: ${differences.join('; ')}. Confirm with recreate.`,
    );
  }
}

export async function describeTable(
  client: DynamoDBClient,
  tableName: string,
): Promise<TableDescription | undefined> {
  try {
    return (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return undefined;
    throw error;
  }
}

/** Waits until the table and all its indexes are ACTIVE (DynamoDB Local is quick; AWS takes a while). */
export async function waitActive(
  client: DynamoDBClient,
  tableName: string,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 50; ; delay = Math.min(delay * 2, 2000)) {
    const table = await describeTable(client, tableName);
    const ready =
      table?.TableStatus === 'ACTIVE' &&
      (table.GlobalSecondaryIndexes ?? []).every((i) => i.IndexStatus === 'ACTIVE');
    if (ready) return;
    if (Date.now() > deadline)
      throw new Error(`table ${tableName} did not become ACTIVE in ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

async function waitGone(client: DynamoDBClient, tableName: string): Promise<void> {
  for (let delay = 50; await describeTable(client, tableName); delay = Math.min(delay * 2, 2000)) {
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

const keysText = (keys: readonly { AttributeName?: string; KeyType?: string }[] | undefined) =>
  (keys ?? []).map((k) => `${k.AttributeName}:${k.KeyType}`).join(',');

const projectionText = (p: { ProjectionType?: string; NonKeyAttributes?: string[] } | undefined) =>
  `${p?.ProjectionType}${p?.NonKeyAttributes?.length ? `(${[...p.NonKeyAttributes].sort().join(',')})` : ''}`;

function attributeType(
  source: { AttributeDefinitions?: { AttributeName?: string; AttributeType?: string }[] },
  name: string,
) {
  return source.AttributeDefinitions?.find((d) => d.AttributeName === name)?.AttributeType;
}

/** Differences that only a recreate can apply: table keys and their types, and LSIs. */
export function recreateReasons(current: TableDescription, wanted: CreateTableInput): string[] {
  const reasons: string[] = [];
  if (keysText(current.KeySchema) !== keysText(wanted.KeySchema)) {
    reasons.push(`key schema ${keysText(current.KeySchema)} → ${keysText(wanted.KeySchema)}`);
  }
  for (const key of wanted.KeySchema) {
    const was = attributeType(current, key.AttributeName);
    const now = attributeType(wanted, key.AttributeName);
    if (was && was !== now) reasons.push(`${key.AttributeName} type ${was} → ${now}`);
  }
  const lsiText = (
    lsis:
      | readonly {
          IndexName?: string;
          KeySchema?: readonly { AttributeName?: string; KeyType?: string }[];
          Projection?: object;
        }[]
      | undefined,
  ) =>
    (lsis ?? [])
      .map((l) => `${l.IndexName}[${keysText(l.KeySchema)}|${projectionText(l.Projection)}]`)
      .sort()
      .join(' ');
  if (lsiText(current.LocalSecondaryIndexes) !== lsiText(wanted.LocalSecondaryIndexes)) {
    reasons.push('local secondary indexes changed (they can only be set when a table is created)');
  }
  return reasons;
}

async function updateIndexes(
  client: DynamoDBClient,
  current: TableDescription,
  wanted: CreateTableInput,
): Promise<string[]> {
  const changes: string[] = [];
  const tableName = wanted.TableName;
  const have = new Map((current.GlobalSecondaryIndexes ?? []).map((g) => [g.IndexName!, g]));
  const want = new Map((wanted.GlobalSecondaryIndexes ?? []).map((g) => [g.IndexName, g]));
  const sameIndex = (name: string) => {
    const a = have.get(name)!;
    const b = want.get(name)!;
    const typesSame = b.KeySchema.every(
      (k) => attributeType(current, k.AttributeName) === attributeType(wanted, k.AttributeName),
    );
    return (
      keysText(a.KeySchema) === keysText(b.KeySchema) &&
      projectionText(a.Projection) === projectionText(b.Projection) &&
      typesSame
    );
  };
  // DynamoDB allows one index creation or deletion per UpdateTable call, so they go one at a time.
  for (const name of have.keys()) {
    if (want.has(name) && sameIndex(name)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: name } }],
      }),
    );
    await waitActive(client, tableName);
    changes.push(want.has(name) ? `replaced GSI ${name}` : `dropped GSI ${name}`);
  }
  for (const [name, index] of want) {
    if (have.has(name) && sameIndex(name)) continue;
    const definitions = index.KeySchema.map((k) => ({
      AttributeName: k.AttributeName,
      AttributeType: attributeType(wanted, k.AttributeName) as 'S' | 'N' | 'B',
    }));
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: definitions,
        GlobalSecondaryIndexUpdates: [{ Create: index }],
      }),
    );
    await waitActive(client, tableName);
    if (!have.has(name)) changes.push(`added GSI ${name}`);
  }
  return changes;
}

async function updateBilling(
  client: DynamoDBClient,
  current: TableDescription,
  wanted: CreateTableInput,
): Promise<string[]> {
  const was =
    current.BillingModeSummary?.BillingMode ??
    (current.ProvisionedThroughput?.ReadCapacityUnits ? 'PROVISIONED' : 'PAY_PER_REQUEST');
  const sameThroughput =
    wanted.BillingMode !== 'PROVISIONED' ||
    (current.ProvisionedThroughput?.ReadCapacityUnits === wanted.ProvisionedThroughput?.ReadCapacityUnits &&
      current.ProvisionedThroughput?.WriteCapacityUnits === wanted.ProvisionedThroughput?.WriteCapacityUnits);
  if (was === wanted.BillingMode && sameThroughput) return [];
  await client.send(
    new UpdateTableCommand({
      TableName: wanted.TableName,
      BillingMode: wanted.BillingMode,
      ProvisionedThroughput: wanted.ProvisionedThroughput,
    }),
  );
  await waitActive(client, wanted.TableName);
  return [`billing ${was} → ${wanted.BillingMode}`];
}

async function updateTtl(
  client: DynamoDBClient,
  tableName: string,
  attribute: string | undefined,
): Promise<string[]> {
  const { TimeToLiveDescription: ttl } = await client.send(
    new DescribeTimeToLiveCommand({ TableName: tableName }),
  );
  const enabled = ttl?.TimeToLiveStatus === 'ENABLED' || ttl?.TimeToLiveStatus === 'ENABLING';
  const current = enabled ? ttl?.AttributeName : undefined;
  if (current === attribute) return [];
  if (current) {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: current, Enabled: false },
      }),
    );
  }
  if (attribute) {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: attribute, Enabled: true },
      }),
    );
  }
  return [attribute ? `TTL on ${attribute}` : 'TTL off'];
}

async function create(client: DynamoDBClient, design: Design, wanted: CreateTableInput): Promise<string[]> {
  await client.send(new CreateTableCommand(wanted as CreateTableCommandInput));
  await waitActive(client, wanted.TableName);
  return updateTtl(client, wanted.TableName, design.table.ttlAttribute);
}

export async function deleteTable(client: DynamoDBClient, tableName: string): Promise<boolean> {
  try {
    await client.send(new DeleteTableCommand({ TableName: tableName }));
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return false;
    throw error;
  }
  await waitGone(client, tableName);
  return true;
}

/** Creates or updates the table `tableName` to match the design. Items are loaded separately (load.ts). */
export async function applyDesign(
  client: DynamoDBClient,
  design: Design,
  options: { tableName?: string; recreate?: boolean } = {},
): Promise<ApplyResult> {
  const wanted = createTableInput(design, options.tableName);
  const tableName = wanted.TableName;
  const current = await describeTable(client, tableName);
  if (!current) {
    const changes = await create(client, design, wanted);
    return { tableName, action: 'created', changes: ['created the table', ...changes] };
  }
  const reasons = recreateReasons(current, wanted);
  if (reasons.length > 0) {
    if (!options.recreate) throw new KeySchemaChangedError(tableName, reasons);
    await deleteTable(client, tableName);
    const changes = await create(client, design, wanted);
    return { tableName, action: 'recreated', changes: [...reasons, ...changes] };
  }
  const changes = [
    ...(await updateBilling(client, current, wanted)),
    ...(await updateIndexes(client, current, wanted)),
    ...(await updateTtl(client, tableName, design.table.ttlAttribute)),
  ];
  return { tableName, action: changes.length > 0 ? 'updated' : 'unchanged', changes };
}
