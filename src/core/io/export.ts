// Every way a design leaves Keyplan, behind one function: `exportDesign(design, target)`. Each table or code
// target is one entry of TABLE_AND_CODE_EXPORTERS (its id is the target's, so it is listed once), carrying
// where the Export panel shows it; the design formats (NoSQL Workbench, OneTable, …) come from the formats
// registry (src/core/io). `keyplan export --to TARGET` and the app's Export panel list EXPORT_TARGETS.

import { createTableInput } from '../apply/create-table.ts';
import type { Design } from '../model/schema.ts';
import { jsonText } from '../values/text/code/unsafe.ts';
import { cdkApp } from './cdk.ts';
import { cloudFormationJson, cloudFormationYaml } from './cloudformation.ts';
import { codeExport } from './codegen/index.ts';
import { type ExportFile, type ExportResult, fileStem } from './file.ts';
import { exportFormat, FORMAT_IDS, type FormatId } from './index.ts';
import { terraformHcl } from './terraform.ts';

export {
  EXPORT_LANGUAGES,
  type ExportFile,
  type ExportLanguage,
  type ExportResult,
  fileStem,
} from './file.ts';

/** A table definition or code target: its file holds the whole design's table, so it has no warnings. */
type Exporter = (design: Design) => ExportFile;

/** One of an Export panel entry's choices (CDK construct, CloudFormation resource and syntax). */
export interface ExportOption {
  id: string;
  label: string;
  /** The values, in the order shown. */
  choices: readonly string[];
}

/** An entry of the Export panel; the targets that share one are its variants, told apart by option values. */
export interface PanelEntry {
  id: string;
  label: string;
  /** A second, quieter part of the label. */
  detail: string;
  options: readonly ExportOption[];
}

/** A table or code target: its exporter, and where and as what the Export panel offers it. */
interface TableOrCodeExporter {
  group: 'Infrastructure' | 'Code';
  entry: PanelEntry;
  /** This target's value of each of the entry's options. */
  values: Readonly<Record<string, string>>;
  export: Exporter;
}

/** A target that is an Export panel entry of its own, without options. */
const alone = (
  group: TableOrCodeExporter['group'],
  id: string,
  label: string,
  detail: string,
  exporter: Exporter,
): TableOrCodeExporter => ({
  group,
  entry: { id, label, detail, options: [] },
  values: {},
  export: exporter,
});

/** A JSON value as one shell word (single-quoted). */
const shellJson = (value: unknown) => `'${JSON.stringify(value).replace(/'/g, "'\\''")}'`;

const CDK: PanelEntry = {
  id: 'cdk',
  label: 'AWS CDK',
  detail: 'TypeScript',
  options: [{ id: 'construct', label: 'Construct', choices: ['TableV2', 'Table'] }],
};

function cdk(construct: 'TableV2' | 'Table'): TableOrCodeExporter {
  return { group: 'Infrastructure', entry: CDK, values: { construct }, export: cdkExporter(construct) };
}

function cdkExporter(construct: 'TableV2' | 'Table'): Exporter {
  return (design) => {
    const filename = `${fileStem(design)}-stack.ts`;
    return {
      filename,
      language: 'typescript',
      content: cdkApp(design, { construct }, filename),
      nextSteps:
        `npm install aws-cdk-lib constructs tsx, then: npx tsx ${filename} synthesizes the template into cdk.out; ` +
        `npx cdk deploy --app "npx tsx ${filename}" deploys it.`,
    };
  };
}

const CLOUDFORMATION: PanelEntry = {
  id: 'cloudformation',
  label: 'CloudFormation',
  detail: 'template',
  options: [
    { id: 'resource', label: 'Resource', choices: ['GlobalTable', 'Table'] },
    { id: 'syntax', label: 'Syntax', choices: ['JSON', 'YAML'] },
  ],
};

function cloudFormation(resource: 'GlobalTable' | 'Table', format: 'json' | 'yaml'): TableOrCodeExporter {
  return {
    group: 'Infrastructure',
    entry: CLOUDFORMATION,
    values: { resource, syntax: format.toUpperCase() },
    export: cloudFormationExporter(resource, format),
  };
}

function cloudFormationExporter(resource: 'GlobalTable' | 'Table', format: 'json' | 'yaml'): Exporter {
  return (design) => {
    const filename = `${fileStem(design)}.template.${format}`;
    const render = format === 'json' ? cloudFormationJson : cloudFormationYaml;
    return {
      filename,
      language: format,
      content: render(design, { resource }),
      nextSteps: `aws cloudformation deploy --template-file ${filename} --stack-name ${fileStem(design)}`,
    };
  };
}

// CreateTable has no TTL or point-in-time recovery: they are calls of their own after the table exists.
const createTable: Exporter = (design) => {
  const filename = `${fileStem(design)}.create-table.json`;
  const { name, ttlAttribute, pointInTimeRecovery } = design.table;
  const steps = [`aws dynamodb create-table --cli-input-json file://${filename}`];
  if (ttlAttribute || pointInTimeRecovery) steps.push(`aws dynamodb wait table-exists --table-name ${name}`);
  if (ttlAttribute)
    steps.push(
      `aws dynamodb update-time-to-live --table-name ${name} --time-to-live-specification ${shellJson({ Enabled: true, AttributeName: ttlAttribute })}`,
    );
  if (pointInTimeRecovery)
    steps.push(
      `aws dynamodb update-continuous-backups --table-name ${name} --point-in-time-recovery-specification PointInTimeRecoveryEnabled=true`,
    );
  return {
    filename,
    language: 'json',
    content: `${jsonText(JSON.stringify(createTableInput(design), null, 2))}\n`,
    nextSteps: steps.join('\n'),
  };
};

const terraform: Exporter = (design) => ({
  filename: `${fileStem(design)}.tf`,
  language: 'hcl',
  content: terraformHcl(design),
  nextSteps: 'terraform init && terraform apply (with the hashicorp/aws provider configured)',
});

/**
 * One exporter per table or code target, in the order `--to`, the docs and the Export panel list them (an
 * entry's first target is its default).
 */
export const TABLE_AND_CODE_EXPORTERS = {
  cdk: cdk('TableV2'),
  'cdk-table': cdk('Table'),
  cloudformation: cloudFormation('GlobalTable', 'json'),
  'cloudformation-yaml': cloudFormation('GlobalTable', 'yaml'),
  'cloudformation-table': cloudFormation('Table', 'json'),
  'cloudformation-table-yaml': cloudFormation('Table', 'yaml'),
  'create-table': alone('Infrastructure', 'create-table', 'CreateTable input', 'AWS CLI', createTable),
  terraform: alone('Infrastructure', 'terraform', 'Terraform', 'aws_dynamodb_table', terraform),
  python: alone('Code', 'python', 'Python', 'boto3', (design) => codeExport(design, 'python')),
  typescript: alone('Code', 'typescript', 'TypeScript', 'SDK v3', (design) =>
    codeExport(design, 'typescript'),
  ),
} satisfies Record<string, TableOrCodeExporter>;

type TableOrCodeTarget = keyof typeof TABLE_AND_CODE_EXPORTERS;

export const EXPORT_TARGETS: readonly (TableOrCodeTarget | FormatId)[] = [
  ...(Object.keys(TABLE_AND_CODE_EXPORTERS) as TableOrCodeTarget[]),
  ...FORMAT_IDS,
];
export type ExportTarget = (typeof EXPORT_TARGETS)[number];

/** One exporter per target: the table and code targets' (their files carry everything: no warnings), then each format's. */
const EXPORTERS = {
  ...(Object.fromEntries(
    Object.entries(TABLE_AND_CODE_EXPORTERS).map(([id, exporter]) => [
      id,
      (design: Design): ExportResult => ({ ...exporter.export(design), warnings: [] }),
    ]),
  ) as Record<TableOrCodeTarget, (design: Design) => ExportResult>),
  ...(Object.fromEntries(
    FORMAT_IDS.map((id) => [id, (design: Design) => exportFormat(design, id)]),
  ) as Record<FormatId, (design: Design) => ExportResult>),
} satisfies Record<ExportTarget, (design: Design) => ExportResult>;

export function isExportTarget(value: string): value is ExportTarget {
  return (EXPORT_TARGETS as readonly string[]).includes(value);
}

/** The design as a file of that target, with what the target could not carry. */
export function exportDesign(design: Design, target: ExportTarget): ExportResult {
  return EXPORTERS[target](design);
}
