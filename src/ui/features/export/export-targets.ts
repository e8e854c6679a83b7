// How the Export panel lists the core's targets: grouped, labelled, in reading order. Which targets exist
// and what they produce is the core's (EXPORT_TARGETS, exportDesign); this is only how they are shown.
import type { ExportTarget } from '../../../core/export/index.ts';

export interface TargetEntry {
  target: ExportTarget;
  label: string;
  /** A second, quieter part of the label: the construct, resource or format. */
  detail?: string;
}

export interface TargetGroup {
  title: string;
  targets: TargetEntry[];
}

export const TARGET_GROUPS: readonly TargetGroup[] = [
  {
    title: 'Infrastructure',
    targets: [
      { target: 'cdk', label: 'AWS CDK', detail: 'TableV2' },
      { target: 'cdk-table', label: 'AWS CDK', detail: 'Table' },
      { target: 'cloudformation', label: 'CloudFormation JSON', detail: 'GlobalTable' },
      { target: 'cloudformation-yaml', label: 'CloudFormation YAML', detail: 'GlobalTable' },
      { target: 'cloudformation-table', label: 'CloudFormation JSON', detail: 'Table' },
      { target: 'cloudformation-table-yaml', label: 'CloudFormation YAML', detail: 'Table' },
      { target: 'create-table', label: 'CreateTable input', detail: 'AWS CLI' },
      { target: 'terraform', label: 'Terraform', detail: 'aws_dynamodb_table' },
    ],
  },
  {
    title: 'Models',
    targets: [{ target: 'nosql-workbench', label: 'NoSQL Workbench', detail: 'data model' }],
  },
  {
    title: 'Code',
    targets: [
      { target: 'python', label: 'Python', detail: 'boto3' },
      { target: 'typescript', label: 'TypeScript', detail: 'SDK v3' },
    ],
  },
];

export const DEFAULT_TARGET: ExportTarget = 'cdk';

/** The entry of a target, for the preview's title. */
export function targetEntry(target: ExportTarget): TargetEntry | undefined {
  for (const group of TARGET_GROUPS) {
    const found = group.targets.find((t) => t.target === target);
    if (found) return found;
  }
  return undefined;
}
