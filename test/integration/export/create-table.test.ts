// The CreateTable export, sent as it is to DynamoDB Local: the table it creates, as DescribeTable tells
// it, has the design's keys, attribute definitions, indexes with their projections, billing and stream.
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  type KeySchemaElement,
  type Projection,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { testClient, uniquePrefix } from '../../../server/test-support/dynamo.ts';
import { exportDesign } from '../../../src/core/io/export.ts';
import { gsiKeyAttributes, keyAttributeTypes } from '../../../src/core/model/indexes.ts';
import type {
  Design,
  Projection as DesignProjection,
  GlobalSecondaryIndex,
  KeyAttribute,
} from '../../../src/core/model/schema.ts';
import { EXPORT_DESIGNS } from '../../../src/core/test-support/golden-designs.ts';

const client = testClient();
const prefix = uniquePrefix('export-create-table');
const created: string[] = [];
afterAll(async () => {
  for (const TableName of created) await client.send(new DeleteTableCommand({ TableName }));
});

const byName = <T extends { name: string }>(list: T[]) =>
  [...list].sort((a, b) => a.name.localeCompare(b.name));

const keys = (partition: KeyAttribute, sort?: KeyAttribute) =>
  sort ? [`${partition.name} HASH`, `${sort.name} RANGE`] : [`${partition.name} HASH`];

// A multi-attribute key lists its partition attributes (HASH) then its sort attributes (RANGE), in order.
const gsiKeys = (gsi: GlobalSecondaryIndex) => {
  const { partitionKeys, sortKeys } = gsiKeyAttributes(gsi);
  return [...partitionKeys.map((k) => `${k.name} HASH`), ...sortKeys.map((k) => `${k.name} RANGE`)];
};

const projection = (p: DesignProjection) =>
  p.type === 'INCLUDE' ? { type: p.type, attributes: [...(p.attributes ?? [])].sort() } : { type: p.type };

/** What DescribeTable must say, written from the design's own fields. */
function expected(design: Design) {
  const { table } = design;
  const provisioned = table.billing.mode === 'PROVISIONED' ? table.billing : undefined;
  const throughput = (read?: number, write?: number) =>
    provisioned
      ? { read: read ?? provisioned.read, write: write ?? provisioned.write }
      : { read: 0, write: 0 };
  return {
    keys: keys(table.partitionKey, table.sortKey),
    attributes: [...keyAttributeTypes(design)].map(([name, type]) => `${name} ${type}`).sort(),
    billingMode: table.billing.mode,
    throughput: throughput(),
    gsis: byName(
      table.globalSecondaryIndexes.map((gsi) => ({
        name: gsi.name,
        keys: gsiKeys(gsi),
        projection: projection(gsi.projection),
        throughput: throughput(gsi.read, gsi.write),
      })),
    ),
    lsis: byName(
      table.localSecondaryIndexes.map((lsi) => ({
        name: lsi.name,
        keys: keys(table.partitionKey, lsi.sortKey),
        projection: projection(lsi.projection),
      })),
    ),
    stream: table.stream ?? 'none',
  };
}

const describedKeys = (list: KeySchemaElement[] | undefined) =>
  (list ?? []).map((k) => `${k.AttributeName} ${k.KeyType}`);

const describedProjection = (p: Projection | undefined) =>
  p?.ProjectionType === 'INCLUDE'
    ? { type: p.ProjectionType, attributes: [...(p.NonKeyAttributes ?? [])].sort() }
    : { type: p?.ProjectionType };

// On-demand capacity reads as 0 units; DynamoDB Local leaves it out of an on-demand table's GSIs.
const describedThroughput = (t: { ReadCapacityUnits?: number; WriteCapacityUnits?: number } | undefined) => ({
  read: t?.ReadCapacityUnits ?? 0,
  write: t?.WriteCapacityUnits ?? 0,
});

/** The same shape, read from DescribeTable. */
function described(table: TableDescription) {
  return {
    keys: describedKeys(table.KeySchema),
    attributes: (table.AttributeDefinitions ?? []).map((a) => `${a.AttributeName} ${a.AttributeType}`).sort(),
    // DynamoDB reports a billing mode summary only for on-demand tables (or after a switch).
    billingMode: table.BillingModeSummary?.BillingMode ?? 'PROVISIONED',
    throughput: describedThroughput(table.ProvisionedThroughput),
    gsis: byName(
      (table.GlobalSecondaryIndexes ?? []).map((gsi) => ({
        name: gsi.IndexName ?? '',
        keys: describedKeys(gsi.KeySchema),
        projection: describedProjection(gsi.Projection),
        throughput: describedThroughput(gsi.ProvisionedThroughput),
      })),
    ),
    lsis: byName(
      (table.LocalSecondaryIndexes ?? []).map((lsi) => ({
        name: lsi.IndexName ?? '',
        keys: describedKeys(lsi.KeySchema),
        projection: describedProjection(lsi.Projection),
      })),
    ),
    stream: table.StreamSpecification?.StreamEnabled ? table.StreamSpecification.StreamViewType : 'none',
  };
}

describe.each(EXPORT_DESIGNS)('the CreateTable export of $name', ({ name, design }) => {
  it('creates in DynamoDB Local the table the design describes', async () => {
    const input = JSON.parse(exportDesign(design, 'create-table').content);
    expect(input.TableName).toBe(design.table.name);
    input.TableName = `${prefix}${name}-${design.table.name}`;
    await client.send(new CreateTableCommand(input));
    created.push(input.TableName);
    const { Table } = await client.send(new DescribeTableCommand({ TableName: input.TableName }));
    expect(described(Table ?? {})).toEqual(expected(design));
  });
});
