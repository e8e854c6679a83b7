// The ElectroDB and DynamoDB-Toolbox modules Keyplan exports compile under strict TypeScript (the
// repository's own tsconfig settings), as a user's project compiles them: every design of the round trips,
// among them fixtures/library-designs/padded-orders (padded values in table and sparse index keys, text keys
// made of number attributes, a sparse number sort key).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportFormat } from '../../../src/core/io/index.ts';
import { libraryCases, moduleDirectory } from './library-support.ts';

const ROOT = path.join(import.meta.dirname, '..', '..', '..');

describe('exported ElectroDB and DynamoDB-Toolbox modules', () => {
  const { dir, remove } = moduleDirectory('module-types');
  afterAll(remove);

  it('type-check under strict TypeScript for every round-trip design', () => {
    const files: string[] = [];
    for (const { name, design } of libraryCases())
      for (const target of ['electrodb', 'dynamodb-toolbox'] as const) {
        const file = exportFormat(design, target);
        if (!file) throw new Error(`${name}: no ${target} export`);
        const fileName = `${name.replace(/[^A-Za-z0-9]+/g, '-')}.${target}.ts`;
        writeFileSync(path.join(dir, fileName), file.content);
        files.push(fileName);
      }
    // The repository's compiler options (strict), over these files alone.
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: path.join(ROOT, 'tsconfig.json'),
        compilerOptions: { types: ['node'] },
        include: [],
        files,
      }),
    );
    let output = '';
    try {
      execFileSync(path.join(ROOT, 'node_modules', '.bin', 'tsc'), ['-p', dir, '--noEmit'], {
        encoding: 'utf8',
      });
    } catch (error) {
      const failed = error as { stdout?: string; stderr?: string };
      output = `${failed.stdout ?? ''}${failed.stderr ?? ''}` || String(error);
    }
    expect(output).toBe('');
  }, 120_000);
});
