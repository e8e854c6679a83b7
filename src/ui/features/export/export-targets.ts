// How the Export panel shows the core's targets: formats on the left (grouped, in reading order), and a
// format's variants (CDK construct, CloudFormation resource and syntax) as an options row above the file.
// Which targets exist and what they produce is the core's (EXPORT_TARGETS, exportDesign); this is only how
// they are offered. The design formats (NoSQL Workbench, OneTable, …) are the formats catalogue's, in its order.

import { FORMAT_IDS, FORMAT_INFO } from '../../../core/io/catalogue.ts';
import type { ExportTarget } from '../../../core/io/export.ts';

export interface ExportOption {
  id: string;
  label: string;
  /** The values, in the order shown. */
  choices: readonly string[];
}

export interface ExportFormat {
  id: string;
  label: string;
  /** A second, quieter part of the label. */
  detail?: string;
  options: readonly ExportOption[];
  /** Every core target of the format with its option values; the first is the format's default. */
  variants: readonly { target: ExportTarget; values: Readonly<Record<string, string>> }[];
}

export interface FormatGroup {
  title: string;
  formats: readonly ExportFormat[];
}

const single = (id: string, label: string, detail: string, target: ExportTarget): ExportFormat => ({
  id,
  label,
  detail,
  options: [],
  variants: [{ target, values: {} }],
});

export const FORMAT_GROUPS: readonly FormatGroup[] = [
  {
    title: 'Infrastructure',
    formats: [
      {
        id: 'cdk',
        label: 'AWS CDK',
        detail: 'TypeScript',
        options: [{ id: 'construct', label: 'Construct', choices: ['TableV2', 'Table'] }],
        variants: [
          { target: 'cdk', values: { construct: 'TableV2' } },
          { target: 'cdk-table', values: { construct: 'Table' } },
        ],
      },
      {
        id: 'cloudformation',
        label: 'CloudFormation',
        detail: 'template',
        options: [
          { id: 'resource', label: 'Resource', choices: ['GlobalTable', 'Table'] },
          { id: 'syntax', label: 'Syntax', choices: ['JSON', 'YAML'] },
        ],
        variants: [
          { target: 'cloudformation', values: { resource: 'GlobalTable', syntax: 'JSON' } },
          { target: 'cloudformation-yaml', values: { resource: 'GlobalTable', syntax: 'YAML' } },
          { target: 'cloudformation-table', values: { resource: 'Table', syntax: 'JSON' } },
          { target: 'cloudformation-table-yaml', values: { resource: 'Table', syntax: 'YAML' } },
        ],
      },
      single('create-table', 'CreateTable input', 'AWS CLI', 'create-table'),
      single('terraform', 'Terraform', 'aws_dynamodb_table', 'terraform'),
    ],
  },
  {
    title: 'Models and libraries',
    formats: FORMAT_IDS.map((id) => single(id, FORMAT_INFO[id].label, FORMAT_INFO[id].detail, id)),
  },
  {
    title: 'Code',
    formats: [
      single('python', 'Python', 'boto3', 'python'),
      single('typescript', 'TypeScript', 'SDK v3', 'typescript'),
    ],
  },
];

export const DEFAULT_TARGET: ExportTarget = 'cdk';

const FORMATS = FORMAT_GROUPS.flatMap((group) => group.formats);

/** The format a target belongs to, and its option values there. */
export function formatOf(
  target: ExportTarget,
): { format: ExportFormat; values: Readonly<Record<string, string>> } | undefined {
  for (const format of FORMATS) {
    const variant = format.variants.find((v) => v.target === target);
    if (variant) return { format, values: variant.values };
  }
  return undefined;
}

/** The target of a format with one option changed (the others kept); the format's default without one. */
export function targetFor(format: ExportFormat, values: Readonly<Record<string, string>> = {}): ExportTarget {
  const match = format.variants.find((v) =>
    format.options.every((option) => v.values[option.id] === (values[option.id] ?? v.values[option.id])),
  );
  return (match ?? format.variants[0]).target;
}
