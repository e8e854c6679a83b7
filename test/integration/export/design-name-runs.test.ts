// #26 class 1, the exploit as it was found: a design whose name carries a line terminator (U+2028, U+2029, CR)
// and code after it. The CDK apps, the ElectroDB and the DynamoDB-Toolbox modules wrote the name into a `//`
// comment, which such a character ends, so the code after it ran when the recipient did what the export
// panel says to do next (`npx tsx FILE` for the CDK app, importing the module for the others). Here each
// export runs exactly so, in a folder of its own under node_modules/.cache (so that its imports resolve), and
// no payload may write its marker file; the parsed file must hold the same statements as with a benign name.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { typescriptStatements } from '../../../server/test-support/code-parsers.ts';
import { type ExportTarget, exportDesign } from '../../../src/core/io/export.ts';
import type { Design } from '../../../src/core/model/schema.ts';
import { EXPORT_DESIGNS } from '../../../src/core/test-support/golden-designs.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DIR = join(ROOT, 'node_modules', '.cache', 'keyplan-design-text', randomBytes(4).toString('hex'));
mkdirSync(DIR, { recursive: true });
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

const TERMINATORS = { u2028: '\u2028', u2029: '\u2029', cr: '\r' } as const;

/** Code that writes the file `ran-NAME` in the working folder, then comments out the rest of its line. */
const payload = (marker: string) =>
  `process.getBuiltinModule('node:fs').writeFileSync('ran-${marker}', String(process.pid));//`;

/** A name with one payload after each terminator. */
const HOSTILE_NAME = `Shop${Object.entries(TERMINATORS)
  .map(([marker, terminator]) => `${terminator}${payload(marker)}`)
  .join('')}`;

/** Each target, and how the export panel's "what to run next" runs its file. */
const TARGETS: { target: ExportTarget; run: (filename: string) => string[] }[] = [
  { target: 'cdk', run: (filename) => [filename] },
  { target: 'cdk-table', run: (filename) => [filename] },
  // "then import { entities, app } from './FILE.js'": an entry file that imports the module.
  { target: 'electrodb', run: () => ['entry.ts'] },
  { target: 'dynamodb-toolbox', run: () => ['entry.ts'] },
];

const named = (design: Design, name: string): Design => ({ ...design, name });

describe('#26 class 1: a design name never runs as code of its export', () => {
  const { design } = EXPORT_DESIGNS[0];

  it.each(TARGETS)(
    '$target: following "what to run next" writes no marker, and the file parses to the benign statements',
    async ({ target, run }) => {
      const file = exportDesign(named(design, HOSTILE_NAME), target);
      const work = join(DIR, target);
      mkdirSync(work);
      writeFileSync(join(work, file.filename), file.content);
      writeFileSync(join(work, 'entry.ts'), `import './${file.filename.replace(/\.ts$/, '.js')}';\n`);
      // A scrubbed environment: the exported code needs none of it, and a payload that ran gets nothing.
      const env = { PATH: process.env.PATH ?? '', HOME: work, CDK_OUTDIR: join(work, 'cdk.out') };
      await promisify(execFile)(join(ROOT, 'node_modules', '.bin', 'tsx'), run(file.filename), {
        cwd: work,
        env,
      });
      expect(readdirSync(work).filter((name) => name.startsWith('ran-'))).toEqual([]);
      for (const marker of Object.keys(TERMINATORS))
        expect(existsSync(join(work, `ran-${marker}`))).toBe(false);
      expect(typescriptStatements(file.content)).toEqual(
        typescriptStatements(exportDesign(named(design, 'Shop'), target).content),
      );
    },
    180_000,
  );
});
