// The Keyplan table of one Workbench table: keys, GSIs with their projections, billing. Names are made
// valid by DynamoDB's rules; what a Keyplan design cannot hold is dropped with a warning naming it.
import type { Billing, GlobalSecondaryIndex, KeyAttribute, KeyType } from '../../model/schema.ts';
import type { KeySpec } from './fit-template.ts';
import type { WorkbenchTable } from './format.ts';
import { dynamoName, uniqueName } from './names.ts';

export interface TableDefinition {
  name: string;
  partitionKey: KeyAttribute;
  sortKey?: KeyAttribute;
  billing: Billing;
  globalSecondaryIndexes: GlobalSecondaryIndex[];
  /** Every key attribute once (table keys first), for the entities' templates. */
  keys: KeySpec[];
  /** Workbench index name → the Keyplan index name, for saved queries. */
  indexNames: Map<string, string>;
}

const DEFAULT_CAPACITY = 5;

function capacity(value: number | undefined, what: string, warn: (message: string) => void): number {
  if (value !== undefined && Number.isInteger(value) && value >= 1) return value;
  warn(`${what}: ${value === undefined ? 'missing' : value} is not a capacity; ${DEFAULT_CAPACITY} used`);
  return DEFAULT_CAPACITY;
}

function billingOf(table: WorkbenchTable, warn: (message: string) => void): Billing {
  const settings = table.ProvisionedCapacitySettings;
  if (settings?.AutoScalingRead !== undefined || settings?.AutoScalingWrite !== undefined)
    warn('ProvisionedCapacitySettings: auto scaling is not part of a Keyplan design; dropped');
  if (table.BillingMode !== 'PROVISIONED') return { mode: 'PAY_PER_REQUEST' };
  const throughput = settings?.ProvisionedThroughput;
  return {
    mode: 'PROVISIONED',
    read: capacity(throughput?.ReadCapacityUnits, 'ReadCapacityUnits', warn),
    write: capacity(throughput?.WriteCapacityUnits, 'WriteCapacityUnits', warn),
  };
}

export function tableDefinition(table: WorkbenchTable, warn: (message: string) => void): TableDefinition {
  const name = dynamoName(table.TableName);
  if (name !== table.TableName)
    warn(`table name "${table.TableName}" is not valid in DynamoDB; renamed "${name}"`);
  const key = (k: { AttributeName: string; AttributeType: KeyType }): KeyAttribute => ({
    name: k.AttributeName,
    type: k.AttributeType,
  });
  const partitionKey = key(table.KeyAttributes.PartitionKey);
  const sortKey = table.KeyAttributes.SortKey ? key(table.KeyAttributes.SortKey) : undefined;
  const billing = billingOf(table, warn);
  const keyTypes = new Map<string, KeyType>([[partitionKey.name, partitionKey.type]]);
  if (sortKey) keyTypes.set(sortKey.name, sortKey.type);
  const globalSecondaryIndexes: GlobalSecondaryIndex[] = [];
  const indexNames = new Map<string, string>();
  for (const index of table.GlobalSecondaryIndexes ?? []) {
    const indexKeys = [index.KeyAttributes.PartitionKey, index.KeyAttributes.SortKey].filter(
      (k) => k !== undefined,
    );
    const clash = indexKeys.find(
      (k) => (keyTypes.get(k.AttributeName) ?? k.AttributeType) !== k.AttributeType,
    );
    if (clash) {
      warn(
        `index ${index.IndexName}: ${clash.AttributeName} is a key of type ${keyTypes.get(clash.AttributeName)} elsewhere; index dropped`,
      );
      continue;
    }
    for (const k of indexKeys) keyTypes.set(k.AttributeName, k.AttributeType);
    const indexName = uniqueName(
      dynamoName(index.IndexName),
      (n) => n === name || [...indexNames.values()].includes(n),
    );
    if (indexName !== index.IndexName) warn(`index name "${index.IndexName}" renamed "${indexName}"`);
    indexNames.set(index.IndexName, indexName);
    let projection: GlobalSecondaryIndex['projection'] = { type: index.Projection?.ProjectionType ?? 'ALL' };
    if (projection.type === 'INCLUDE') {
      const attributes = index.Projection?.NonKeyAttributes ?? [];
      if (attributes.length > 0) projection = { type: 'INCLUDE', attributes: [...attributes] };
      else {
        warn(`index ${indexName}: an INCLUDE projection without attributes; imported as KEYS_ONLY`);
        projection = { type: 'KEYS_ONLY' };
      }
    }
    const gsi: GlobalSecondaryIndex = {
      name: indexName,
      partitionKey: key(index.KeyAttributes.PartitionKey),
      projection,
    };
    if (index.KeyAttributes.SortKey) gsi.sortKey = key(index.KeyAttributes.SortKey);
    if (billing.mode === 'PROVISIONED' && index.ProvisionedThroughput) {
      gsi.read = capacity(
        index.ProvisionedThroughput.ReadCapacityUnits,
        `index ${indexName} ReadCapacityUnits`,
        warn,
      );
      gsi.write = capacity(
        index.ProvisionedThroughput.WriteCapacityUnits,
        `index ${indexName} WriteCapacityUnits`,
        warn,
      );
    }
    globalSecondaryIndexes.push(gsi);
  }
  const keys = [...keyTypes].map(([keyName, type]) => ({ name: keyName, type }));
  return { name, partitionKey, sortKey, billing, globalSecondaryIndexes, keys, indexNames };
}
