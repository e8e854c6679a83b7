// `keyplan codegen` as a user runs it: the module on stdout or in --out, exit 2 on a wrong --lang, and
// exit 1 naming a pattern no function could be generated for (the module is still written).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateDesign } from '../../core/checks/validate.ts';
import { getExample } from '../../core/features/examples/index.ts';
import { generateCode } from '../../core/io/codegen/index.ts';
import { runKeyplan } from '../run-in-process.ts';

const example = getExample('online-store');
if (!example) throw new Error('the online-store example is missing');
const validated = validateDesign(example.design);
if (!validated.ok) throw new Error('the online-store example must validate');
const design = validated.design;

const keyplan = (args: string[], stdin = JSON.stringify(example?.design)) => runKeyplan(args, stdin);

const dir = mkdtempSync(join(tmpdir(), 'keyplan-codegen-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('keyplan codegen', () => {
  it.each(['python', 'typescript'] as const)('prints the %s module on stdout', async (language) => {
    const result = await keyplan(['codegen', '-', '--lang', language]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(generateCode(design, language));
  });

  it('writes the module to --out', async () => {
    const out = join(dir, 'app_table.py');
    const result = await keyplan(['codegen', '-', '--lang', 'python', '--out', out]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`wrote ${out}\n`);
    expect(readFileSync(out, 'utf8')).toBe(generateCode(design, 'python'));
  });

  it('exits 2 without --lang or with a language it does not write', async () => {
    const missing = await keyplan(['codegen', '-']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--lang is required: python or typescript');
    const unknown = await keyplan(['codegen', '-', '--lang', 'go']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown language "go"; languages: python, typescript');
  });

  it('exits 1 naming a pattern it cannot write, and writes the others', async () => {
    const broken = structuredClone(example.design);
    broken.accessPatterns?.push({
      id: 'rename-customer',
      name: 'Change a key attribute',
      operation: 'UpdateItem',
      entity: 'Customer',
      set: ['customerId'],
    });
    const result = await keyplan(['codegen', '-', '--lang', 'typescript'], JSON.stringify(broken));
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      "pattern rename-customer: no function generated: cannot update a key attribute: customerId is part of the table's primary key\n",
    );
    expect(result.stdout).toContain('export async function shipOrder(');
  });
});
