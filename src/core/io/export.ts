// Every way a design leaves Keyplan, behind one function: `exportDesign(design, target)`. Each table or code
// target is one entry of TABLE_AND_CODE_EXPORTERS (its id is the target's, so it is listed once); the design
// formats (NoSQL Workbench, OneTable, …) come from the formats registry (src/core/io). `keyplan export --to
// TARGET` and the app's Export panel list EXPORT_TARGETS.

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

/** A JSON value as one shell word (single-quoted). */
const shellJson = (value: unknown) => `'${JSON.stringify(value).replace(/'/g, "'\\''")}'`;

function cdk(construct: 'TableV2' | 'Table'): Exporter {
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

function cloudFormation(resource: 'GlobalTable' | 'Table', format: 'json' | 'yaml'): Exporter {
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

/** One exporter per table or code target, in the order `--to` and the docs list them. */
const TABLE_AND_CODE_EXPORTERS = {
  cdk: cdk('TableV2'),
  'cdk-table': cdk('Table'),
  cloudformation: cloudFormation('GlobalTable', 'json'),
  'cloudformation-yaml': cloudFormation('GlobalTable', 'yaml'),
  'cloudformation-table': cloudFormation('Table', 'json'),
  'cloudformation-table-yaml': cloudFormation('Table', 'yaml'),
  'create-table': createTable,
  terraform,
  python: (design) => codeExport(design, 'python'),
  typescript: (design) => codeExport(design, 'typescript'),
} satisfies Record<string, Exporter>;

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
      (design: Design): ExportResult => ({ ...(exporter as Exporter)(design), warnings: [] }),
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
