// Issue #26, class 4: the app never runs a file it is given. File › Import hands every format the file's
// text (a module format answers with the CLI command to use), and nothing the app bundles turns text into
// code: no eval, no Function constructor, no import() of a computed specifier.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORMAT_IDS } from '../../core/io/catalogue.ts';
import { readFormatFile } from './design-file.ts';

const MARK = '__keyplanClass4Ran';
const SIDE_EFFECT = `globalThis.${MARK} = true;`;
const MODULE_TEXTS: Record<string, string> = {
  'entities.ts': `import { Entity } from 'electrodb';\n${SIDE_EFFECT}\nexport const User = new Entity({});\n`,
  'schema.js': `${SIDE_EFFECT}\nexport default { models: {} };\n`,
  'script.cjs': `${SIDE_EFFECT}\nmodule.exports = { DataModel: [] };\n`,
  // A file that is also valid JSON's worst neighbour: an expression statement that only a JS engine runs.
  'model.json': `(${SIDE_EFFECT.replace(';', '')}, { "DataModel": [] })`,
};

describe('#26 class 4: the app never runs a file it imports', () => {
  for (const format of FORMAT_IDS)
    for (const [name, text] of Object.entries(MODULE_TEXTS))
      it(`File › Import › ${format} with ${name} reads it as text`, async () => {
        const result = await readFormatFile(format)(new File([text], name));
        expect((globalThis as Record<string, unknown>)[MARK]).toBeUndefined();
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.message.startsWith(`${name}: `)).toBe(true);
      });

  it('nothing the app bundles turns text into code', () => {
    const src = path.resolve(import.meta.dirname, '..', '..');
    const offenders: string[] = [];
    for (const folder of ['ui', 'store', 'api', 'core']) {
      const files = readdirSync(path.join(src, folder), { recursive: true, encoding: 'utf8' }).filter(
        (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
      );
      for (const file of files) {
        const lines = readFileSync(path.join(src, folder, file), 'utf8').split('\n');
        lines.forEach((line, i) => {
          // A method named `import` (a format's importer, codegen's import lists) is a declaration.
          const method = /^\s*import\([^)]*\)(: [^{]+)? \{$/.test(line);
          const dynamicImport = /(?<![\w.])import\(\s*(?!['"])/.test(line) && !method;
          if (/(?<![\w.])eval\(|new Function\(|\bFunction\(\s*['"`]/.test(line) || dynamicImport)
            offenders.push(`${folder}/${file}:${i + 1}: ${line.trim()}`);
        });
      }
    }
    expect(offenders).toEqual([]);
  });
});
