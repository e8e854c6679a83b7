// `keyplan export` as a user runs it: content on stdout or in --out, exit 2 with the list of targets on
// wrong usage, 1 for a design or a file it cannot read or write.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateDesign } from '../../core/checks/validate.ts';
import { getExample } from '../../core/features/examples/index.ts';
import { EXPORT_TARGETS, exportDesign } from '../../core/io/export.ts';
import { runKeyplan } from '../run-in-process.ts';

const example = getExample('ecommerce')!;
const design = validateDesign(example.design).design!;
const stdin = JSON.stringify(example.design);

const keyplan = (args: string[]) => runKeyplan(args, stdin);

const dir = mkdtempSync(join(tmpdir(), 'keyplan-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('keyplan export', () => {
  it.each(EXPORT_TARGETS)('prints the %s export on stdout', async (target) => {
    const result = await keyplan(['export', '-', '--to', target]);
    expect(result.code, result.stderr).toBe(0);
    const file = exportDesign(design, target);
    expect(result.stdout).toBe(file.content);
    // What a design format cannot carry is said on stderr, one warning a line.
    expect(result.stderr).toBe(file.warnings.map((warning) => `warning: ${warning}\n`).join(''));
  });

  it('writes the export to --out instead', async () => {
    const out = join(dir, 'table.tf');
    const result = await keyplan(['export', '-', '--to', 'terraform', '--out', out]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`wrote ${out}\n`);
    expect(readFileSync(out, 'utf8')).toBe(exportDesign(design, 'terraform').content);
  });

  it('exits 2 on an unknown or missing target, listing the targets', async () => {
    const unknown = await keyplan(['export', '-', '--to', 'pulumi']);
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toContain(`unknown target "pulumi"; targets: ${EXPORT_TARGETS.join(', ')}`);
    const missing = await keyplan(['export', '-']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--to is required: one of cdk, cdk-table,');
    expect((await keyplan(['export', '--to', 'cdk'])).code).toBe(2);
  });

  it('exits 1 when the design is invalid or the file cannot be written', async () => {
    const invalid = await keyplan(['export', '/nonexistent/design.json', '--to', 'cdk']);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toMatch(/no such file/);
    const unwritable = await keyplan(['export', '-', '--to', 'cdk', '--out', join(dir, 'missing', 'x.ts')]);
    expect(unwritable.code).toBe(1);
    expect(unwritable.stderr).toMatch(/ENOENT/);
  });

  it('offers in its usage exactly the targets printed above, each of which exports', async () => {
    const help = await keyplan(['export', '--help']);
    expect(help.code).toBe(0);
    const offered = /--to (\S+)/.exec(help.stdout)?.[1].split('|');
    expect(offered).toEqual([...EXPORT_TARGETS]);
  });
});
