// The design's table as an AWS CDK app in TypeScript: one stack file that `npx tsx FILE` synthesizes.
// TableV2 by default (CloudFormation AWS::DynamoDB::GlobalTable), Table with `{ construct: 'Table' }`
// (AWS::DynamoDB::Table). Each prop is chosen so that the synthesized resource equals cloudformation.ts's
// export exactly; test/integration/export/cdk-synth.test.ts proves it for every construct.
import { gsiKeyAttributes } from '../model/indexes.ts';
import type { Design, GlobalSecondaryIndex, KeyAttribute, Projection } from '../model/schema.ts';
import { tsString as quote } from '../values/text/code/typescript.ts';
import { quotedCommentText } from '../values/text/code/unsafe.ts';
import { logicalId } from './cloudformation.ts';

// The module the generated app imports for its entry point, kept apart from this module's own (pure) imports.
const NODE_URL = 'node:url';

export const CDK_CONSTRUCTS = ['TableV2', 'Table'] as const;
export type CdkConstruct = (typeof CDK_CONSTRUCTS)[number];

export interface CdkOptions {
  construct?: CdkConstruct;
}

const ATTRIBUTE_TYPES: Record<KeyAttribute['type'], string> = {
  S: 'AttributeType.STRING',
  N: 'AttributeType.NUMBER',
  B: 'AttributeType.BINARY',
};

/** An object literal, one `key: value` per line, at the given indentation (values already rendered). */
function objectLiteral(entries: [string, string][], indent: string): string {
  const inner = `${indent}  `;
  return `{\n${entries.map(([key, value]) => `${inner}${key}: ${value},\n`).join('')}${indent}}`;
}

function arrayLiteral(elements: string[], indent: string): string {
  return `[\n${elements.map((element) => `${indent}  ${element},\n`).join('')}${indent}]`;
}

function keyLiteral(key: KeyAttribute): string {
  return `{ name: ${quote(key.name)}, type: ${ATTRIBUTE_TYPES[key.type]} }`;
}

/** A GSI's keys as aws-cdk-lib takes them: partitionKey/sortKey, or partitionKeys/sortKeys for a multi-attribute key. */
function gsiKeyEntries(gsi: GlobalSecondaryIndex): [string, string][] {
  const { partitionKeys, sortKeys } = gsiKeyAttributes(gsi);
  const list = (keys: KeyAttribute[]) => `[${keys.map(keyLiteral).join(', ')}]`;
  const entries: [string, string][] = [
    partitionKeys.length > 1
      ? ['partitionKeys', list(partitionKeys)]
      : ['partitionKey', keyLiteral(partitionKeys[0])],
  ];
  if (sortKeys.length > 1) entries.push(['sortKeys', list(sortKeys)]);
  else if (sortKeys.length === 1) entries.push(['sortKey', keyLiteral(sortKeys[0])]);
  return entries;
}

function projectionEntries(projection: Projection): [string, string][] {
  const entries: [string, string][] = [['projectionType', `ProjectionType.${projection.type}`]];
  if (projection.type === 'INCLUDE')
    entries.push(['nonKeyAttributes', `[${(projection.attributes ?? []).map(quote).join(', ')}]`]);
  return entries;
}

/** A global table takes write capacity only through auto scaling: minimum = maximum pins it. */
const pinnedWrite = (units: number) =>
  `Capacity.autoscaled({ minCapacity: ${units}, maxCapacity: ${units} })`;

interface Rendered {
  imports: string[];
  statement: string;
}

function tableV2(design: Design, id: string): Rendered {
  const { table } = design;
  const indent = '    ';
  const imports = new Set(['AttributeType', 'Billing', 'TableV2']);
  const props: [string, string][] = [
    ['tableName', quote(table.name)],
    ['partitionKey', keyLiteral(table.partitionKey)],
  ];
  if (table.sortKey) props.push(['sortKey', keyLiteral(table.sortKey)]);
  if (table.billing.mode === 'PROVISIONED') {
    imports.add('Capacity');
    const billing = objectLiteral(
      [
        ['readCapacity', `Capacity.fixed(${table.billing.read})`],
        ['writeCapacity', pinnedWrite(table.billing.write)],
      ],
      `${indent}  `,
    );
    props.push(['billing', `Billing.provisioned(${billing})`]);
  } else props.push(['billing', 'Billing.onDemand()']);
  if (table.globalSecondaryIndexes.length > 0) {
    imports.add('ProjectionType');
    const provisioned = table.billing.mode === 'PROVISIONED';
    const indexes = table.globalSecondaryIndexes.map((gsi) => {
      const entries: [string, string][] = [['indexName', quote(gsi.name)], ...gsiKeyEntries(gsi)];
      entries.push(...projectionEntries(gsi.projection));
      // An index without its own capacity inherits the table's, as in the design.
      if (provisioned && gsi.read !== undefined)
        entries.push(['readCapacity', `Capacity.fixed(${gsi.read})`]);
      if (provisioned && gsi.write !== undefined) entries.push(['writeCapacity', pinnedWrite(gsi.write)]);
      return objectLiteral(entries, `${indent}    `);
    });
    props.push(['globalSecondaryIndexes', arrayLiteral(indexes, `${indent}  `)]);
  }
  if (table.localSecondaryIndexes.length > 0) {
    imports.add('ProjectionType');
    const indexes = table.localSecondaryIndexes.map((lsi) =>
      objectLiteral(
        [
          ['indexName', quote(lsi.name)],
          ['sortKey', keyLiteral(lsi.sortKey)],
          ...projectionEntries(lsi.projection),
        ],
        `${indent}    `,
      ),
    );
    props.push(['localSecondaryIndexes', arrayLiteral(indexes, `${indent}  `)]);
  }
  if (table.ttlAttribute) props.push(['timeToLiveAttribute', quote(table.ttlAttribute)]);
  if (table.stream) {
    imports.add('StreamViewType');
    props.push(['dynamoStream', `StreamViewType.${table.stream}`]);
  }
  if (table.pointInTimeRecovery)
    props.push(['pointInTimeRecoverySpecification', '{ pointInTimeRecoveryEnabled: true }']);
  return {
    imports: [...imports],
    statement: `${indent}this.table = new TableV2(this, ${quote(id)}, ${objectLiteral(props, indent)});\n`,
  };
}

function tableV1(design: Design, id: string): Rendered {
  const { table } = design;
  const indent = '    ';
  const imports = new Set(['AttributeType', 'BillingMode', 'Table']);
  const provisioned = table.billing.mode === 'PROVISIONED' ? table.billing : undefined;
  const props: [string, string][] = [
    ['tableName', quote(table.name)],
    ['partitionKey', keyLiteral(table.partitionKey)],
  ];
  if (table.sortKey) props.push(['sortKey', keyLiteral(table.sortKey)]);
  props.push(['billingMode', `BillingMode.${table.billing.mode}`]);
  if (provisioned)
    props.push(['readCapacity', String(provisioned.read)], ['writeCapacity', String(provisioned.write)]);
  if (table.ttlAttribute) props.push(['timeToLiveAttribute', quote(table.ttlAttribute)]);
  if (table.stream) {
    imports.add('StreamViewType');
    props.push(['stream', `StreamViewType.${table.stream}`]);
  }
  if (table.pointInTimeRecovery)
    props.push(['pointInTimeRecoverySpecification', '{ pointInTimeRecoveryEnabled: true }']);
  let statement = `${indent}this.table = new Table(this, ${quote(id)}, ${objectLiteral(props, indent)});\n`;
  // Table takes its indexes by method; GSIs first, so that the attribute definitions keep the design's order.
  for (const gsi of table.globalSecondaryIndexes) {
    imports.add('ProjectionType');
    const entries: [string, string][] = [['indexName', quote(gsi.name)], ...gsiKeyEntries(gsi)];
    entries.push(...projectionEntries(gsi.projection));
    // Written out even when the design inherits them: Table's own default for an index is 5, not the table's.
    if (provisioned)
      entries.push(
        ['readCapacity', String(gsi.read ?? provisioned.read)],
        ['writeCapacity', String(gsi.write ?? provisioned.write)],
      );
    statement += `${indent}this.table.addGlobalSecondaryIndex(${objectLiteral(entries, indent)});\n`;
  }
  for (const lsi of table.localSecondaryIndexes) {
    imports.add('ProjectionType');
    const entries: [string, string][] = [
      ['indexName', quote(lsi.name)],
      ['sortKey', keyLiteral(lsi.sortKey)],
      ...projectionEntries(lsi.projection),
    ];
    statement += `${indent}this.table.addLocalSecondaryIndex(${objectLiteral(entries, indent)});\n`;
  }
  return { imports: [...imports], statement };
}

/** The stack file: header, imports, the stack class, `buildStack(app)`, and the entry point. */
export function cdkApp(design: Design, options: CdkOptions = {}, filename = 'stack.ts'): string {
  const construct = options.construct ?? 'TableV2';
  const id = logicalId(design.table.name);
  const stackClass = `${id}Stack`;
  const { imports, statement } = construct === 'TableV2' ? tableV2(design, id) : tableV1(design, id);
  const resource = construct === 'TableV2' ? 'AWS::DynamoDB::GlobalTable' : 'AWS::DynamoDB::Table';
  return `// Generated by Keyplan from design ${quotedCommentText(design.name)}: the DynamoDB table ${design.table.name}
// as a CDK ${construct} (CloudFormation ${resource}). Needs the packages aws-cdk-lib, constructs and tsx.
//   npx tsx ${filename}                          synthesizes the template into cdk.out
//   npx cdk deploy --app "npx tsx ${filename}"   deploys it
import { pathToFileURL } from '${NODE_URL}';
import { App, Stack, type StackProps } from 'aws-cdk-lib';
import { ${imports.sort().join(', ')} } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';

export class ${stackClass} extends Stack {
  readonly table: ${construct};

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
    // No removalPolicy: the CDK's default, RETAIN, keeps the table and its data when the stack is deleted.
${statement}  }
}

/** Adds the stack to an app: the entry point below, another CDK app, or a test. */
export function buildStack(app: App): ${stackClass} {
  return new ${stackClass}(app, ${quote(stackClass)});
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const app = new App({ outdir: process.env.CDK_OUTDIR ?? 'cdk.out' });
  buildStack(app);
  app.synth();
}
`;
}
