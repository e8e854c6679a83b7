import { groupBySeverity, lintDesign, SEVERITIES } from '../../core/analysis/lint.ts';
import type { Command } from '../command.ts';
import { jsonOption } from '../command.ts';
import { printJson, readDesign } from '../io.ts';

const HEADINGS = { error: 'Errors', warning: 'Warnings', info: 'Info' } as const;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export const lintCommand: Command = {
  name: 'lint',
  summary: 'judge the design: unserved patterns, collisions, hot partitions, sort keys…; exit 1 on an error',
  usage: 'lint FILE [--json]',
  options: jsonOption,
  async run({ positionals, values }, io) {
    const design = await readDesign(positionals[0], io);
    const findings = lintDesign(design);
    const groups = groupBySeverity(findings);
    if (values.json) printJson(io, { findings });
    else
      for (const severity of SEVERITIES) {
        if (groups[severity].length === 0) continue;
        io.stdout(`${HEADINGS[severity]} (${groups[severity].length})\n`);
        for (const f of groups[severity])
          io.stdout(`  ${f.rule} at ${f.target || '(design)'}\n    ${f.message}\n`);
        io.stdout('\n');
      }
    const counts = `${plural(groups.error.length, 'error')}, ${plural(groups.warning.length, 'warning')}, ${groups.info.length} info`;
    io.stderr(`${positionals[0]}: ${counts}\n`);
    return groups.error.length > 0 ? 1 : 0;
  },
};
