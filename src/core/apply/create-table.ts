// The CreateTable input for a design: what `aws dynamodb create-table --cli-input-json` takes, and what
// `keyplan apply` sends. Only attributes used in a key are defined (DynamoDB rejects the others).
import { gsiKeyAttributes } from '../model/indexes.ts';
import type { Design, GlobalSecondaryIndex, KeyAttribute, Projection } from '../model/schema.ts';

type KeySchemaElement = { AttributeName: string; KeyType: 'HASH' | 'RANGE' };
type ProjectionInput = { ProjectionType: Projection['type']; NonKeyAttributes?: string[] };
type Throughput = { ReadCapacityUnits: number; WriteCapacityUnits: number };

export interface CreateTableInput {
  TableName: string;
  AttributeDefinitions: { AttributeName: string; AttributeType: 'S' | 'N' | 'B' }[];
  KeySchema: KeySchemaElement[];
  BillingMode: 'PAY_PER_REQUEST' | 'PROVISIONED';
  ProvisionedThroughput?: Throughput;
  GlobalSecondaryIndexes?: {
    IndexName: string;
    KeySchema: KeySchemaElement[];
    Projection: ProjectionInput;
    ProvisionedThroughput?: Throughput;
  }[];
  LocalSecondaryIndexes?: { IndexName: string; KeySchema: KeySchemaElement[]; Projection: ProjectionInput }[];
  StreamSpecification?: { StreamEnabled: true; StreamViewType: string };
}

export function keySchemaElements(partitionKey: KeyAttribute, sortKey?: KeyAttribute): KeySchemaElement[] {
  const keys: KeySchemaElement[] = [{ AttributeName: partitionKey.name, KeyType: 'HASH' }];
  if (sortKey) keys.push({ AttributeName: sortKey.name, KeyType: 'RANGE' });
  return keys;
}

/** A GSI's KeySchema: its partition attributes (HASH), then its sort attributes (RANGE), each in key order. */
export function gsiKeySchemaElements(gsi: GlobalSecondaryIndex): KeySchemaElement[] {
  const { partitionKeys, sortKeys } = gsiKeyAttributes(gsi);
  return [
    ...partitionKeys.map((key): KeySchemaElement => ({ AttributeName: key.name, KeyType: 'HASH' })),
    ...sortKeys.map((key): KeySchemaElement => ({ AttributeName: key.name, KeyType: 'RANGE' })),
  ];
}

export function projectionInput(projection: Projection): ProjectionInput {
  return projection.type === 'INCLUDE'
    ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...(projection.attributes ?? [])] }
    : { ProjectionType: projection.type };
}

/** Every attribute that is a key of the table or of an index, once, in first-use order. */
export function attributeDefinitions(design: Design): CreateTableInput['AttributeDefinitions'] {
  const { table } = design;
  const keys = [
    table.partitionKey,
    table.sortKey,
    ...table.globalSecondaryIndexes.flatMap((gsi) => {
      const { partitionKeys, sortKeys } = gsiKeyAttributes(gsi);
      return [...partitionKeys, ...sortKeys];
    }),
    ...table.localSecondaryIndexes.map((lsi) => lsi.sortKey),
  ].filter((key): key is KeyAttribute => key !== undefined);
  const seen = new Map<string, KeyAttribute['type']>();
  for (const key of keys) if (!seen.has(key.name)) seen.set(key.name, key.type);
  return [...seen].map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType }));
}

export function createTableInput(design: Design, tableName = design.table.name): CreateTableInput {
  const { table } = design;
  const provisioned = table.billing.mode === 'PROVISIONED' ? table.billing : undefined;
  const throughput = (read?: number, write?: number): Throughput | undefined =>
    provisioned
      ? { ReadCapacityUnits: read ?? provisioned.read, WriteCapacityUnits: write ?? provisioned.write }
      : undefined;
  const input: CreateTableInput = {
    TableName: tableName,
    AttributeDefinitions: attributeDefinitions(design),
    KeySchema: keySchemaElements(table.partitionKey, table.sortKey),
    BillingMode: table.billing.mode,
  };
  if (provisioned) input.ProvisionedThroughput = throughput();
  if (table.globalSecondaryIndexes.length > 0) {
    input.GlobalSecondaryIndexes = table.globalSecondaryIndexes.map((gsi) => {
      const index: NonNullable<CreateTableInput['GlobalSecondaryIndexes']>[number] = {
        IndexName: gsi.name,
        KeySchema: gsiKeySchemaElements(gsi),
        Projection: projectionInput(gsi.projection),
      };
      if (provisioned) index.ProvisionedThroughput = throughput(gsi.read, gsi.write);
      return index;
    });
  }
  if (table.localSecondaryIndexes.length > 0) {
    input.LocalSecondaryIndexes = table.localSecondaryIndexes.map((lsi) => ({
      IndexName: lsi.name,
      KeySchema: keySchemaElements(table.partitionKey, lsi.sortKey),
      Projection: projectionInput(lsi.projection),
    }));
  }
  if (table.stream) input.StreamSpecification = { StreamEnabled: true, StreamViewType: table.stream };
  return input;
}
