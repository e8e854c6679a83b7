// docs/exports.md's table of export targets, written from the export registry (EXPORT_TARGETS and what
// exportDesign gives for each, on the online-store example) and the names the Export panel shows them by.

import { validateDesign } from '../../src/core/checks/validate.ts';
import { EXAMPLES } from '../../src/core/features/examples/index.ts';
import { EXPORT_TARGETS, exportDesign } from '../../src/core/io/export.ts';
import { formatOf } from '../../src/ui/features/export/export-targets.ts';
import type { GeneratedBlock } from './blocks.ts';
import { table } from './blocks.ts';

const EXAMPLE = 'online-store';

/** `AWS CDK (TypeScript), Construct: Table`: the Export panel's name of a target and its variant. */
function panelName(target: (typeof EXPORT_TARGETS)[number]): string {
  const found = formatOf(target);
  if (!found) return '';
  const { format, values } = found;
  const variant = format.options.map((option) => `${option.label}: ${values[option.id]}`).join(', ');
  return `${format.label}${format.detail ? ` (${format.detail})` : ''}${variant ? `, ${variant}` : ''}`;
}

export const exportTargetsBlock: GeneratedBlock = {
  name: 'export-targets',
  source: 'EXPORT_TARGETS and exportDesign, src/core/io',
  render: () => {
    const example = EXAMPLES.find((e) => e.name === EXAMPLE);
    const design = example && validateDesign(example.design).design;
    if (!design) throw new Error(`the ${EXAMPLE} example does not validate`);
    return [
      `Each target, with the file it writes for the \`${EXAMPLE}\` example and what to run next:`,
      '',
      table(
        ['`--to`', 'in the Export panel', 'file', 'then'],
        EXPORT_TARGETS.map((target) => {
          const file = exportDesign(design, target);
          return [`\`${target}\``, panelName(target), `\`${file.filename}\``, file.nextSteps];
        }),
      ),
    ].join('\n');
  },
};
