// The design's table as a Terraform `aws_dynamodb_table` resource (HCL), laid out as `terraform fmt`
// would: `=` aligned within each run of arguments, a blank line around nested blocks.

import { attributeDefinitions } from '../apply/create-table.ts';
import { gsiKeyAttributes } from '../model/indexes.ts';
import { multiAttributeGsis } from '../model/key-conditions.ts';
import type { Design, Projection } from '../model/schema.ts';
import { hclString } from '../values/text/code/hcl.ts';
import { quotedCommentText } from '../values/text/code/unsafe.ts';

type Value = string | number | boolean | string[];
type Argument = { kind: 'argument'; name: string; value: Value };
type Block = { kind: 'block'; type: string; labels: string[]; body: Entry[] };
type Entry = Argument | Block;

const argument = (name: string, value: Value): Argument => ({ kind: 'argument', name, value });
const block = (type: string, body: Entry[], labels: string[] = []): Block => ({
  kind: 'block',
  type,
  labels,
  body,
});

function hclValue(value: Value): string {
  if (Array.isArray(value)) return `[${value.map(hclString).join(', ')}]`;
  return typeof value === 'string' ? hclString(value) : String(value);
}

function renderBody(body: Entry[], indent: string): string[] {
  const lines: string[] = [];
  let run: Argument[] = [];
  const flush = () => {
    const width = Math.max(...run.map((a) => a.name.length));
    for (const a of run) lines.push(`${indent}${a.name.padEnd(width)} = ${hclValue(a.value)}`);
    run = [];
  };
  for (const entry of body) {
    if (entry.kind === 'argument') {
      if (run.length === 0 && lines.length > 0) lines.push('');
      run.push(entry);
      continue;
    }
    if (run.length > 0) flush();
    if (lines.length > 0) lines.push('');
    lines.push(...renderBlock(entry, indent));
  }
  if (run.length > 0) flush();
  return lines;
}

function renderBlock(entry: Block, indent: string): string[] {
  const head = [entry.type, ...entry.labels.map(hclString)].join(' ');
  return [`${indent}${head} {`, ...renderBody(entry.body, `${indent}  `), `${indent}}`];
}

/** A Terraform identifier from a table name: `AppTable` → `app_table`. */
export function resourceLabel(tableName: string): string {
  const snake = tableName
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
  return /^[a-z_]/.test(snake) ? snake : `table_${snake}`;
}

function projectionArguments(projection: Projection): Argument[] {
  const args = [argument('projection_type', projection.type)];
  if (projection.type === 'INCLUDE') args.push(argument('non_key_attributes', projection.attributes ?? []));
  return args;
}

export function terraformResource(design: Design): Block {
  const { table } = design;
  const provisioned = table.billing.mode === 'PROVISIONED' ? table.billing : undefined;
  const body: Entry[] = [argument('name', table.name), argument('billing_mode', table.billing.mode)];
  if (provisioned)
    body.push(argument('read_capacity', provisioned.read), argument('write_capacity', provisioned.write));
  body.push(argument('hash_key', table.partitionKey.name));
  if (table.sortKey) body.push(argument('range_key', table.sortKey.name));
  if (table.stream) body.push(argument('stream_enabled', true), argument('stream_view_type', table.stream));
  // Only key attributes: the provider loops in plan on any other `attribute` block.
  for (const { AttributeName, AttributeType } of attributeDefinitions(design))
    body.push(block('attribute', [argument('name', AttributeName), argument('type', AttributeType)]));
  for (const gsi of table.globalSecondaryIndexes) {
    const index: Entry[] = [argument('name', gsi.name)];
    const { partitionKeys, sortKeys } = gsiKeyAttributes(gsi);
    if (partitionKeys.length > 1 || sortKeys.length > 1) {
      // A multi-attribute key is only expressible as key_schema blocks (hashicorp/aws 6.29.0 and later).
      for (const [keys, type] of [
        [partitionKeys, 'HASH'],
        [sortKeys, 'RANGE'],
      ] as const)
        for (const key of keys)
          index.push(block('key_schema', [argument('attribute_name', key.name), argument('key_type', type)]));
    } else {
      index.push(argument('hash_key', partitionKeys[0].name));
      if (sortKeys[0]) index.push(argument('range_key', sortKeys[0].name));
    }
    index.push(...projectionArguments(gsi.projection));
    if (provisioned)
      index.push(
        argument('read_capacity', gsi.read ?? provisioned.read),
        argument('write_capacity', gsi.write ?? provisioned.write),
      );
    body.push(block('global_secondary_index', index));
  }
  for (const lsi of table.localSecondaryIndexes) {
    body.push(
      block('local_secondary_index', [
        argument('name', lsi.name),
        argument('range_key', lsi.sortKey.name),
        ...projectionArguments(lsi.projection),
      ]),
    );
  }
  if (table.ttlAttribute)
    body.push(block('ttl', [argument('attribute_name', table.ttlAttribute), argument('enabled', true)]));
  if (table.pointInTimeRecovery) body.push(block('point_in_time_recovery', [argument('enabled', true)]));
  return block('resource', body, ['aws_dynamodb_table', resourceLabel(table.name)]);
}

export function terraformHcl(design: Design): string {
  const header = [
    `# Generated by Keyplan from design ${quotedCommentText(design.name)}: the DynamoDB table ${design.table.name}.`,
    '# Needs the hashicorp/aws provider; `terraform init && terraform apply` creates it.',
  ];
  const multi = multiAttributeGsis(design).map((gsi) => gsi.name);
  if (multi.length > 0)
    header.push(
      `# ${multi.join(', ')} ${multi.length > 1 ? 'have' : 'has a'} multi-attribute key${multi.length > 1 ? 's' : ''}: written as key_schema blocks, which need hashicorp/aws 6.29.0 or later (older providers refuse them).`,
    );
  return `${[...header, ...renderBlock(terraformResource(design), '')].join('\n')}\n`;
}
