// Every way a design leaves Keyplan, behind one function: `exportDesign(design, target)`. Each target is
// one entry of EXPORTERS; `keyplan export --to TARGET` and the app's Export panel list EXPORT_TARGETS.
import { stringifyExactJson } from '../model/exact-json.ts';
import type { Design } from '../model/schema.ts';
import { cdkApp } from './cdk.ts';
import { cloudFormationJson, cloudFormationYaml } from './cloudformation.ts';
import { codeExport } from './codegen/index.ts';
import { createTableInput } from './create-table.ts';
import { terraformHcl } from './terraform.ts';
import { exportWorkbench } from './workbench/export.ts';

export const EXPORT_TARGETS = [
  'cdk',
  'cdk-table',
  'cloudformation',
  'cloudformation-yaml',
  'cloudformation-table',
  'cloudformation-table-yaml',
  'create-table',
  'terraform',
  'nosql-workbench',
  'python',
  'typescript',
] as const;
export type ExportTarget = (typeof EXPORT_TARGETS)[number];

/** Monaco language ids of the exported files. */
export const EXPORT_LANGUAGES = ['typescript', 'json', 'yaml', 'hcl', 'python'] as const;
export type ExportLanguage = (typeof EXPORT_LANGUAGES)[number];

export interface ExportFile {
  /** The name to save it under (the download name in the app). */
  filename: string;
  language: ExportLanguage;
  content: string;
  /** What to run next with the saved file, for the reader (commands name `filename`). */
  nextSteps: string;
}

export type Exporter = (design: Design) => ExportFile;

export class ExportNotAvailableError extends Error {}

/** A file name stem from the table name: `AppTable` → `app-table`. */
export function fileStem(design: Design): string {
  return design.table.name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
}

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

const noSqlWorkbench: Exporter = (design) => {
  const filename = `${fileStem(design)}.workbench.json`;
  return {
    filename,
    language: 'json',
    content: `${stringifyExactJson(exportWorkbench(design), 2)}\n`,
    nextSteps: `NoSQL Workbench: Data modeler → Import data model → ${filename}. keyplan import ${filename} --from nosql-workbench reads it back.`,
  };
};

/** One entry per target; undefined until the target's module is written. */
const EXPORTERS: Record<ExportTarget, Exporter | undefined> = {
  cdk: cdk('TableV2'),
  'cdk-table': cdk('Table'),
  cloudformation: cloudFormation('GlobalTable', 'json'),
  'cloudformation-yaml': cloudFormation('GlobalTable', 'yaml'),
  'cloudformation-table': cloudFormation('Table', 'json'),
  'cloudformation-table-yaml': cloudFormation('Table', 'yaml'),
  'create-table': createTable,
  terraform,
  'nosql-workbench': noSqlWorkbench,
  python: (design) => codeExport(design, 'python'),
  typescript: (design) => codeExport(design, 'typescript'),
};

export function isExportTarget(value: string): value is ExportTarget {
  return (EXPORT_TARGETS as readonly string[]).includes(value);
}

export function isExportAvailable(target: ExportTarget): boolean {
  return EXPORTERS[target] !== undefined;
}

/** The design as a file of that target; ExportNotAvailableError for a target not built yet. */
export function exportDesign(design: Design, target: ExportTarget): ExportFile {
  const exporter = EXPORTERS[target];
  if (!exporter) throw new ExportNotAvailableError(`export to ${target} is not available yet`);
  return exporter(design);
}
