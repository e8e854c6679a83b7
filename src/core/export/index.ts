// Every way a design leaves Keyplan, behind one function: `exportDesign(design, target)`. Each table or code
// target is one entry of EXPORTERS; the design formats (NoSQL Workbench, OneTable, …) come from the formats
// registry (src/core/formats). `keyplan export --to TARGET` and the app's Export panel list EXPORT_TARGETS.
import { exportFormat, FORMAT_IDS, getFormat, isFormatId } from '../formats/index.ts';
import type { Design } from '../model/schema.ts';
import { cdkApp } from './cdk.ts';
import { cloudFormationJson, cloudFormationYaml } from './cloudformation.ts';
import { codeExport } from './codegen/index.ts';
import { createTableInput } from './create-table.ts';
import { type ExportFile, fileStem } from './file.ts';
import { terraformHcl } from './terraform.ts';

export { EXPORT_LANGUAGES, type ExportFile, type ExportLanguage, fileStem } from './file.ts';

const TABLE_AND_CODE_TARGETS = [
  'cdk',
  'cdk-table',
  'cloudformation',
  'cloudformation-yaml',
  'cloudformation-table',
  'cloudformation-table-yaml',
  'create-table',
  'terraform',
  'python',
  'typescript',
] as const;

export const EXPORT_TARGETS = [...TABLE_AND_CODE_TARGETS, ...FORMAT_IDS] as const;
export type ExportTarget = (typeof EXPORT_TARGETS)[number];

/** An export's file; a design format's also says what it could not carry (each warning naming where). */
export type ExportResult = ExportFile & { warnings?: string[] };

export type Exporter = (design: Design) => ExportFile;

export class ExportNotAvailableError extends Error {}

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
    content: `${JSON.stringify(createTableInput(design), null, 2)}\n`,
    nextSteps: steps.join('\n'),
  };
};

const terraform: Exporter = (design) => ({
  filename: `${fileStem(design)}.tf`,
  language: 'hcl',
  content: terraformHcl(design),
  nextSteps: 'terraform init && terraform apply (with the hashicorp/aws provider configured)',
});

/** One entry per target; undefined until the target's module is written. */
const EXPORTERS: Record<(typeof TABLE_AND_CODE_TARGETS)[number], Exporter | undefined> = {
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
};

export function isExportTarget(value: string): value is ExportTarget {
  return (EXPORT_TARGETS as readonly string[]).includes(value);
}

export function isExportAvailable(target: ExportTarget): boolean {
  if (isFormatId(target)) return getFormat(target)?.export !== undefined;
  return EXPORTERS[target] !== undefined;
}

/** The design as a file of that target; ExportNotAvailableError for a target not built yet. */
export function exportDesign(design: Design, target: ExportTarget): ExportResult {
  if (isFormatId(target)) {
    const file = exportFormat(design, target);
    if (!file) throw new ExportNotAvailableError(`export to ${target} is not available yet`);
    return file;
  }
  const exporter = EXPORTERS[target];
  if (!exporter) throw new ExportNotAvailableError(`export to ${target} is not available yet`);
  return exporter(design);
}
