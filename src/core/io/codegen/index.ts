// `keyplan codegen` and the export panel's python/typescript targets: the design as one module of code
// with a function per access pattern, in Python (boto3) or TypeScript (AWS SDK v3).
import type { Design } from '../../model/schema.ts';
import { snakeCase } from './naming.ts';
import { planCode } from './plan.ts';
import { pythonModule } from './python.ts';
import { typescriptModule } from './typescript.ts';

export const CODEGEN_LANGUAGES = ['python', 'typescript'] as const;
export type CodegenLanguage = (typeof CODEGEN_LANGUAGES)[number];

export { CodegenError } from './values.ts';

export function isCodegenLanguage(value: string): value is CodegenLanguage {
  return (CODEGEN_LANGUAGES as readonly string[]).includes(value);
}

export interface GeneratedModule {
  code: string;
  /** Patterns without a function (the code says why in a comment), with the reason. */
  skipped: { id: string; reason: string }[];
}

/** The module; CodegenError when the design cannot be written as code at all (a binary key template). */
export function generateModule(design: Design, language: CodegenLanguage): GeneratedModule {
  const plan = planCode(design);
  const code = language === 'python' ? pythonModule(plan) : typescriptModule(plan);
  return { code, skipped: plan.skipped };
}

export function generateCode(design: Design, language: CodegenLanguage): string {
  return generateModule(design, language).code;
}

/** A file name for the module: `app_table.py` (an importable Python name), `app-table.ts`. */
export function codeFilename(design: Design, language: CodegenLanguage): string {
  const stem = snakeCase(design.table.name) || 'table';
  return language === 'python'
    ? `${/^[0-9]/.test(stem) ? `_${stem}` : stem}.py`
    : `${stem.replace(/_/g, '-')}.ts`;
}

/** The module as an export file (the shape of io/file.ts's ExportFile). */
export function codeExport(design: Design, language: CodegenLanguage) {
  const filename = codeFilename(design, language);
  const module = filename.replace(/\.(py|ts)$/, '');
  const nextSteps =
    language === 'python'
      ? `pip install boto3 (Debian: apt-get install python3-boto3), then in your code: from ${module} import …; ` +
        'TABLE_NAME and AWS_ENDPOINT_URL_DYNAMODB (e.g. http://localhost:8000 for DynamoDB Local) configure it.'
      : `npm install @aws-sdk/client-dynamodb @aws-sdk/lib-dynamodb, then: import { createClient, … } from './${module}.ts'; ` +
        'createClient({ endpoint: "http://localhost:8000" }) talks to DynamoDB Local; TABLE_NAME overrides the table name.';
  return { filename, language, content: generateCode(design, language), nextSteps } as const;
}
