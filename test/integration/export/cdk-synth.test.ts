// The generated CDK apps, synthesized offline with aws-cdk-lib: the table resource of each stack must
// equal the CloudFormation export (TableV2 ↔ GlobalTable, Table ↔ Table), for every test design. The app
// is written under node_modules/.cache so that its `aws-cdk-lib` import resolves, then imported
// in-process; one app also runs as a program (`tsx FILE`), as its header tells users to.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { App, type Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { logicalId } from '../../../src/core/io/cloudformation.ts';
import { type ExportTarget, exportDesign } from '../../../src/core/io/export.ts';
import type { Design } from '../../../src/core/model/schema.ts';
import { EXPORT_DESIGNS } from '../../../src/core/test-support/golden-designs.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DIR = join(ROOT, 'node_modules', '.cache', 'keyplan-cdk', randomBytes(4).toString('hex'));
mkdirSync(DIR, { recursive: true });
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

const PAIRS: { cdk: ExportTarget; cloudformation: ExportTarget; type: string }[] = [
  { cdk: 'cdk', cloudformation: 'cloudformation', type: 'AWS::DynamoDB::GlobalTable' },
  { cdk: 'cdk-table', cloudformation: 'cloudformation-table', type: 'AWS::DynamoDB::Table' },
];

/** The one resource of the CloudFormation export. */
function exportedResource(design: Design, target: ExportTarget): unknown {
  const template = JSON.parse(exportDesign(design, target).content);
  const resources = Object.values(template.Resources);
  expect(resources).toHaveLength(1);
  return resources[0];
}

describe.each(EXPORT_DESIGNS)('the CDK app of $name', ({ name, design }) => {
  it.each(PAIRS)(
    'synthesizes the $cloudformation export exactly ($type)',
    async (pair) => {
      const file = join(DIR, `${name}-${pair.cdk}.ts`);
      writeFileSync(file, exportDesign(design, pair.cdk).content);
      const { buildStack } = (await import(pathToFileURL(file).href)) as { buildStack: (app: App) => Stack };
      // Rules the CDK checks CloudFormation properties against become errors instead of warnings.
      const app = new App({ context: { '@aws-cdk/core:validateAgainstDefaultRules': true } });
      const stack = buildStack(app);
      const resources = Object.values(Template.fromStack(stack).toJSON().Resources) as { Type: string }[];
      expect(resources.map((r) => r.Type)).toEqual([pair.type]);
      expect(resources[0]).toEqual(exportedResource(design, pair.cloudformation));
      expect(Annotations.fromStack(stack).findWarning('*', Match.anyValue())).toEqual([]);
    },
    120_000,
  );
});

it('synthesizes into cdk.out when run as a program', async () => {
  const { name, design } = EXPORT_DESIGNS[EXPORT_DESIGNS.length - 1];
  const file = exportDesign(design, 'cdk');
  const work = join(DIR, `${name}-program`);
  mkdirSync(work);
  writeFileSync(join(work, file.filename), file.content);
  const { CDK_OUTDIR: _, ...env } = process.env;
  await promisify(execFile)(join(ROOT, 'node_modules', '.bin', 'tsx'), [file.filename], { cwd: work, env });
  const stackName = `${logicalId(design.table.name)}Stack`;
  const template = JSON.parse(readFileSync(join(work, 'cdk.out', `${stackName}.template.json`), 'utf8'));
  const resources = Object.values(template.Resources);
  expect(resources).toEqual([exportedResource(design, 'cloudformation')]);
}, 180_000);
