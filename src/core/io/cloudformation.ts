// The design's table as a CloudFormation template, JSON or YAML. By default the resource is an
// AWS::DynamoDB::GlobalTable, exactly what the CDK's TableV2 synthesizes (cdk.ts generates it; a test
// synthesizes that app and compares); `{ resource: 'Table' }` gives AWS::DynamoDB::Table, as the CDK's Table.

import { createTableInput } from '../apply/create-table.ts';
import type { Design } from '../model/schema.ts';
import { jsonText, quotedCommentText } from '../values/text/code/unsafe.ts';
import { yamlText } from '../values/text/code/yaml.ts';

export const TABLE_RESOURCES = ['GlobalTable', 'Table'] as const;
export type TableResource = (typeof TABLE_RESOURCES)[number];

export interface CloudFormationOptions {
  resource?: TableResource;
}

type Json = string | number | boolean | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface TableResourceDefinition {
  Type: `AWS::DynamoDB::${TableResource}`;
  DeletionPolicy: 'Retain';
  UpdateReplacePolicy: 'Retain';
  Properties: JsonObject;
}

/** A CloudFormation logical id (and CDK construct id) from a table name: `app-table.v2` → `AppTableV2`. */
export function logicalId(tableName: string): string {
  const pascal = tableName
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
  return /^[A-Za-z]/.test(pascal) ? pascal : `Table${pascal}`;
}

/**
 * GlobalTable takes write capacity only as auto scaling settings: minimum = maximum pins it at the
 * design's fixed number (the target utilization is required by CloudFormation, 70 is the CDK's default).
 */
function pinnedWriteCapacity(units: number): JsonObject {
  return {
    WriteCapacityAutoScalingSettings: {
      MinCapacity: units,
      MaxCapacity: units,
      TargetTrackingScalingPolicyConfiguration: { TargetValue: 70 },
    },
  };
}

function globalTableProperties(design: Design): JsonObject {
  const { table } = design;
  const input = createTableInput(design);
  const provisioned = table.billing.mode === 'PROVISIONED' ? table.billing : undefined;
  const properties: JsonObject = {
    TableName: table.name,
    AttributeDefinitions: input.AttributeDefinitions,
    KeySchema: input.KeySchema,
    BillingMode: table.billing.mode,
  };
  if (provisioned) properties.WriteProvisionedThroughputSettings = pinnedWriteCapacity(provisioned.write);
  if (table.globalSecondaryIndexes.length > 0) {
    properties.GlobalSecondaryIndexes = (input.GlobalSecondaryIndexes ?? []).map((gsi, i) => {
      const index: JsonObject = {
        IndexName: gsi.IndexName,
        KeySchema: gsi.KeySchema,
        Projection: gsi.Projection,
      };
      if (provisioned)
        index.WriteProvisionedThroughputSettings = pinnedWriteCapacity(
          table.globalSecondaryIndexes[i].write ?? provisioned.write,
        );
      return index;
    });
  }
  if (input.LocalSecondaryIndexes) properties.LocalSecondaryIndexes = input.LocalSecondaryIndexes;
  if (table.stream) properties.StreamSpecification = { StreamViewType: table.stream };
  if (table.ttlAttribute)
    properties.TimeToLiveSpecification = { AttributeName: table.ttlAttribute, Enabled: true };

  // Read capacity and point-in-time recovery are settings of each replica; the one replica is the
  // stack's own region.
  const replica: JsonObject = { Region: { Ref: 'AWS::Region' } };
  if (provisioned) replica.ReadProvisionedThroughputSettings = { ReadCapacityUnits: provisioned.read };
  if (table.globalSecondaryIndexes.length > 0) {
    replica.GlobalSecondaryIndexes = table.globalSecondaryIndexes.map(
      (gsi): JsonObject =>
        provisioned
          ? {
              IndexName: gsi.name,
              ReadProvisionedThroughputSettings: { ReadCapacityUnits: gsi.read ?? provisioned.read },
            }
          : { IndexName: gsi.name },
    );
  }
  if (table.pointInTimeRecovery)
    replica.PointInTimeRecoverySpecification = { PointInTimeRecoveryEnabled: true };
  properties.Replicas = [replica];
  return properties;
}

function tableProperties(design: Design): JsonObject {
  const { table } = design;
  const input = createTableInput(design);
  const properties: JsonObject = {
    TableName: table.name,
    AttributeDefinitions: input.AttributeDefinitions,
    KeySchema: input.KeySchema,
  };
  // PROVISIONED is CloudFormation's default; the CDK's Table writes BillingMode only for on-demand.
  if (table.billing.mode === 'PAY_PER_REQUEST') properties.BillingMode = 'PAY_PER_REQUEST';
  if (input.ProvisionedThroughput) properties.ProvisionedThroughput = { ...input.ProvisionedThroughput };
  if (input.GlobalSecondaryIndexes)
    properties.GlobalSecondaryIndexes = input.GlobalSecondaryIndexes as Json[];
  if (input.LocalSecondaryIndexes) properties.LocalSecondaryIndexes = input.LocalSecondaryIndexes;
  if (table.stream) properties.StreamSpecification = { StreamViewType: table.stream };
  if (table.ttlAttribute)
    properties.TimeToLiveSpecification = { AttributeName: table.ttlAttribute, Enabled: true };
  if (table.pointInTimeRecovery)
    properties.PointInTimeRecoverySpecification = { PointInTimeRecoveryEnabled: true };
  return properties;
}

/** The table resource; Retain, as the CDK's default removal policy, so deleting the stack keeps the data. */
export function tableResource(design: Design, options: CloudFormationOptions = {}): TableResourceDefinition {
  const resource = options.resource ?? 'GlobalTable';
  return {
    Type: `AWS::DynamoDB::${resource}`,
    DeletionPolicy: 'Retain',
    UpdateReplacePolicy: 'Retain',
    Properties: resource === 'GlobalTable' ? globalTableProperties(design) : tableProperties(design),
  };
}

export function cloudFormationTemplate(design: Design, options: CloudFormationOptions = {}): JsonObject {
  const id = logicalId(design.table.name);
  const outputs: JsonObject = {
    TableName: { Description: 'Name of the table', Value: { Ref: id } },
    TableArn: { Description: 'ARN of the table', Value: { 'Fn::GetAtt': [id, 'Arn'] } },
  };
  if (design.table.stream)
    outputs.StreamArn = {
      Description: "ARN of the table's stream",
      Value: { 'Fn::GetAtt': [id, 'StreamArn'] },
    };
  return {
    AWSTemplateFormatVersion: '2010-09-09',
    Description: `DynamoDB table ${design.table.name} of the Keyplan design "${design.name}"`,
    Resources: { [id]: tableResource(design, options) as unknown as JsonObject },
    Outputs: outputs,
  };
}

export function cloudFormationJson(design: Design, options: CloudFormationOptions = {}): string {
  return `${jsonText(JSON.stringify(cloudFormationTemplate(design, options), null, 2))}\n`;
}

export function cloudFormationYaml(design: Design, options: CloudFormationOptions = {}): string {
  const header = `# Generated by Keyplan from design ${quotedCommentText(design.name)}.\n`;
  // YAML 1.1 rules quote what a 1.1 parser would not read as a string: "2010-09-09", "yes", "on"…
  return header + yamlText(cloudFormationTemplate(design, options), { version: '1.1', lineWidth: 0 });
}
