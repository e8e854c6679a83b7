// How the Export panel shows the core's targets: formats on the left (grouped, in reading order), and a
// format's variants (CDK construct, CloudFormation resource and syntax) as an options row above the file.
// Which targets exist and what they produce is the core's (EXPORT_TARGETS, exportDesign); this is only how
// they are offered. The table and code targets say which group and entry they are shown as (their
// TABLE_AND_CODE_EXPORTERS entry); the design formats (NoSQL Workbench, OneTable, …) are the formats
// catalogue's, in its order.

import { FORMAT_IDS, FORMAT_INFO } from '../../../core/io/catalogue.ts';
import {
  type ExportOption,
  type ExportTarget,
  type PanelEntry,
  TABLE_AND_CODE_EXPORTERS,
} from '../../../core/io/export.ts';

export type { ExportOption };

export interface ExportFormat extends PanelEntry {
  /** Every core target of the format with its option values; the first is the format's default. */
  variants: readonly { target: ExportTarget; values: Readonly<Record<string, string>> }[];
}

export interface FormatGroup {
  title: string;
  formats: readonly ExportFormat[];
}

/** The table and code targets of a group as the entries they name, each with its targets as variants. */
function tableAndCodeFormats(group: 'Infrastructure' | 'Code'): ExportFormat[] {
  const formats = new Map<string, ExportFormat & { variants: ExportFormat['variants'][number][] }>();
  for (const [target, exporter] of Object.entries(TABLE_AND_CODE_EXPORTERS)) {
    if (exporter.group !== group) continue;
    const format = formats.get(exporter.entry.id) ?? { ...exporter.entry, variants: [] };
    format.variants.push({ target: target as ExportTarget, values: exporter.values });
    formats.set(exporter.entry.id, format);
  }
  return [...formats.values()];
}

export const FORMAT_GROUPS: readonly FormatGroup[] = [
  { title: 'Infrastructure', formats: tableAndCodeFormats('Infrastructure') },
  {
    title: 'Models and libraries',
    formats: FORMAT_IDS.map((id) => ({
      id,
      label: FORMAT_INFO[id].label,
      detail: FORMAT_INFO[id].detail,
      options: [],
      variants: [{ target: id, values: {} }],
    })),
  },
  { title: 'Code', formats: tableAndCodeFormats('Code') },
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
