// Issue #28, item 1 (Loading): a model module copied into a bare folder of its own, with its own
// package.json, imports with `keyplan import FILE --from FORMAT --trust-code` whichever module system it is
// written in (CommonJS or ES modules, TypeScript or JavaScript), through its tsconfig `paths` and its sibling
// files, with the library from its own node_modules or else Keyplan's; and what goes wrong is named with its
// file and what to do. Every folder is built here, in the system's temp folder, from the repository's own
// fixtures: nothing is downloaded.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { transformSync } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import type { FormatId } from '../../core/io/catalogue.ts';
import { bundleModule } from '../module-sandbox/bundle.ts';
import { runKeyplan } from '../run-in-process.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const workspace = mkdtempSync(path.join(tmpdir(), 'keyplan-bare-modules-'));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

let folders = 0;
/** A new folder under the workspace holding `files` (paths relative to it); its path. */
function bareFolder(files: Record<string, string>): string {
  folders += 1;
  const folder = path.join(workspace, `project-${folders}`);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    writeFileSync(path.join(folder, name), text);
  }
  return folder;
}

const PACKAGE = JSON.stringify({ name: 'bare-model', private: true });
const ES_PACKAGE = JSON.stringify({ name: 'bare-model', private: true, type: 'module' });

/** The module's source without its TypeScript, its imports and exports as they are. */
const javaScript = (source: string) => transformSync(source, { loader: 'ts' }).code;

/** The module as someone writes CommonJS by hand: a `require` for each import, `module.exports` at the end. */
function commonJs(source: string): string {
  const names: string[] = [];
  const body = source
    .replace(
      /^import \{([^}]*)\} from (['"][^'"]+['"]);?$/gm,
      (_, list: string, from: string) => `const {${list}} = require(${from});`,
    )
    .replace(/^export (const|function|class) (\w+)/gm, (_, kind: string, name: string) => {
      names.push(name);
      return `${kind} ${name}`;
    });
  expect(body, 'the conversion left an import or export').not.toMatch(/^(import|export) /m);
  return `${body}\nmodule.exports = { ${names.join(', ')} };\n`;
}

interface Fixture {
  format: FormatId;
  /** Under fixtures/. */
  fixture: string;
}

const FIXTURES: Fixture[] = [
  { format: 'electrodb', fixture: 'electrodb/taskapp.ts' },
  { format: 'dynamodb-toolbox', fixture: 'dynamodb-toolbox/store.ts' },
  { format: 'onetable', fixture: 'onetable/saas.schema.js' },
];

/** A way of keeping the fixture's module in a folder of its own: the files, and the one to import. */
interface Layout {
  name: string;
  build(stem: string, source: string): { files: Record<string, string>; entry: string };
}

const LAYOUTS: Layout[] = [
  {
    name: '.ts in a package without "type" (CommonJS by default)',
    build: (stem, source) => ({
      files: { 'package.json': PACKAGE, [`${stem}.ts`]: source },
      entry: `${stem}.ts`,
    }),
  },
  {
    name: '.ts in a package with "type": "module"',
    build: (stem, source) => ({
      files: { 'package.json': ES_PACKAGE, [`${stem}.ts`]: source },
      entry: `${stem}.ts`,
    }),
  },
  {
    name: '.mjs (ES module JavaScript)',
    build: (stem, source) => ({
      files: { 'package.json': PACKAGE, [`${stem}.mjs`]: javaScript(source) },
      entry: `${stem}.mjs`,
    }),
  },
  {
    name: '.js written in CommonJS (require, module.exports)',
    build: (stem, source) => ({
      files: { 'package.json': PACKAGE, [`${stem}.js`]: javaScript(commonJs(source)) },
      entry: `${stem}.js`,
    }),
  },
  {
    name: '.cjs in a package with "type": "module"',
    build: (stem, source) => ({
      files: { 'package.json': ES_PACKAGE, [`${stem}.cjs`]: javaScript(commonJs(source)) },
      entry: `${stem}.cjs`,
    }),
  },
  {
    name: '.cts (CommonJS TypeScript)',
    build: (stem, source) => ({
      files: { 'package.json': PACKAGE, [`${stem}.cts`]: commonJs(source) },
      entry: `${stem}.cts`,
    }),
  },
  {
    name: '.js compiled to CommonJS (exports with __esModule, as tsc and esbuild write them)',
    build: (stem, source) => ({
      files: {
        'package.json': PACKAGE,
        [`${stem}.js`]: transformSync(source, { loader: 'ts', format: 'cjs' }).code,
      },
      entry: `${stem}.js`,
    }),
  },
  {
    name: 'a sibling file, imported as ./model/NAME.js (TypeScript with NodeNext-style imports)',
    build: (stem, source) => ({
      files: {
        'package.json': ES_PACKAGE,
        'index.ts': `export * from './model/${stem}.js';\n`,
        [`model/${stem}.ts`]: source,
      },
      entry: 'index.ts',
    }),
  },
  {
    name: 'a file imported through tsconfig paths',
    build: (stem, source) => ({
      files: {
        'package.json': PACKAGE,
        'tsconfig.json': JSON.stringify({
          compilerOptions: { baseUrl: '.', paths: { '@models/*': ['src/models/*'] } },
        }),
        'src/index.ts': `export * from '@models/${stem}';\n`,
        [`src/models/${stem}.ts`]: source,
      },
      entry: 'src/index.ts',
    }),
  },
];

/** What `keyplan import` prints for a module, its warnings without the file's name (which differs). */
async function imported(file: string, format: FormatId) {
  const run = await runKeyplan(['import', file, '--from', format, '--trust-code']);
  expect(run.code, run.stderr).toBe(0);
  return { stdout: run.stdout, warnings: run.stderr.split(`${file}: warning: `) };
}

const references = new Map<string, Promise<Awaited<ReturnType<typeof imported>>>>();
/** The import of the fixture where it is, in the repository (once per fixture). */
function reference({ format, fixture }: Fixture) {
  const file = path.join(ROOT, 'fixtures', fixture);
  if (!references.has(file)) references.set(file, imported(file, format));
  return references.get(file) as ReturnType<typeof imported>;
}

const stemOf = (fixture: string) => path.basename(fixture).replace(/\.(ts|js)$/, '');

describe('#28 loading: a module in a bare folder imports as it does in the repository', () => {
  for (const fixture of FIXTURES)
    describe(`--from ${fixture.format} (fixtures/${fixture.fixture})`, () => {
      for (const layout of LAYOUTS)
        it(layout.name, async () => {
          const source = readFileSync(path.join(ROOT, 'fixtures', fixture.fixture), 'utf8');
          const { files, entry } = layout.build(stemOf(fixture.fixture), source);
          const folder = bareFolder(files);
          expect(existsSync(path.join(folder, 'node_modules')), 'the folder has no node_modules').toBe(false);
          const design = await imported(path.join(folder, entry), fixture.format);
          const expected = await reference(fixture);
          expect(JSON.parse(design.stdout).entities.length).toBeGreaterThan(0);
          expect(design).toEqual(expected);
        }, 60_000);
    });
});

describe('#28 loading: a CommonJS module whose whole export is the model', () => {
  const cases: [Fixture, string, (source: string) => string][] = [
    [
      FIXTURES[2],
      'module.exports = schema (OneTable)',
      (source) => source.replace('export const SaasSchema = ', 'module.exports = '),
    ],
    [
      FIXTURES[0],
      'module.exports = new Service(…) (ElectroDB)',
      (source) =>
        source
          .replace(
            "import { Entity, Service } from 'electrodb';",
            "const { Entity, Service } = require('electrodb');",
          )
          .replace('export const taskapp = new Service', 'module.exports = new Service')
          .replace(/^export /gm, ''),
    ],
  ];
  for (const [fixture, name, rewrite] of cases)
    it(name, async () => {
      const source = rewrite(readFileSync(path.join(ROOT, 'fixtures', fixture.fixture), 'utf8'));
      expect(source).toContain('module.exports = ');
      expect(source).not.toMatch(/^(import|export) /m);
      const entry = `${stemOf(fixture.fixture)}.cts`;
      const folder = bareFolder({ 'package.json': PACKAGE, [entry]: source });
      expect(await imported(path.join(folder, entry), fixture.format)).toEqual(await reference(fixture));
    }, 60_000);
});

/** A package and everything it needs installed beside it (dependencies and installed peers), by name. */
function installedClosure(name: string, seen = new Set<string>()): Set<string> {
  if (seen.has(name) || !existsSync(path.join(ROOT, 'node_modules', name))) return seen;
  seen.add(name);
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8'));
  for (const dependency of Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }))
    installedClosure(dependency, seen);
  return seen;
}

describe("#28 loading: the library resolves from the module's own folder first, then Keyplan's", () => {
  const electrodb = FIXTURES[0];
  const source = () => readFileSync(path.join(ROOT, 'fixtures', electrodb.fixture), 'utf8');

  it('a folder with its own node_modules/electrodb (copied from the repository with what it needs)', async () => {
    const folder = bareFolder({ 'package.json': PACKAGE, 'taskapp.ts': source() });
    for (const name of installedClosure('electrodb'))
      cpSync(path.join(ROOT, 'node_modules', name), path.join(folder, 'node_modules', name), {
        recursive: true,
      });
    const design = await imported(path.join(folder, 'taskapp.ts'), 'electrodb');
    expect(design).toEqual(await reference(electrodb));
  }, 60_000);

  it("it is the folder's own electrodb that loads, not Keyplan's", async () => {
    const folder = bareFolder({
      'package.json': PACKAGE,
      'taskapp.ts': source(),
      'node_modules/electrodb/package.json': JSON.stringify({ name: 'electrodb', main: 'index.js' }),
      'node_modules/electrodb/index.js':
        "exports.Entity = class {};\nexports.Service = class {};\nthrow new Error('the electrodb of this folder');\n",
    });
    const file = path.join(folder, 'taskapp.ts');
    const run = await runKeyplan(['import', file, '--from', 'electrodb', '--trust-code']);
    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr: `${file}: the module could not be loaded: the electrodb of this folder\n`,
    });
  });

  it('a package of the folder whose own dependency is not installed: which one, and where to run npm install', async () => {
    const folder = bareFolder({
      'package.json': PACKAGE,
      'taskapp.ts': source(),
      'node_modules/electrodb/package.json': JSON.stringify({ name: 'electrodb', main: 'index.js' }),
      'node_modules/electrodb/index.js':
        "exports.Entity = class {};\nexports.Service = class {};\nrequire('jsonschema');\n",
    });
    const file = path.join(folder, 'taskapp.ts');
    const run = await runKeyplan(['import', file, '--from', 'electrodb', '--trust-code']);
    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr: `${file}: ${path.join(folder, 'node_modules', 'electrodb', 'index.js')} imports 'jsonschema', which is not installed where it is looked for: run npm install in ${folder}\n`,
    });
  });
});

describe('#28 loading: a module Keyplan exported imports back from a folder of its own', () => {
  for (const [target, fixture] of [
    ['electrodb', FIXTURES[0]],
    ['dynamodb-toolbox', FIXTURES[1]],
  ] as const)
    it(`keyplan export --to ${target}, then keyplan import --from ${target} --trust-code`, async () => {
      const source = JSON.parse((await reference(fixture)).stdout);
      const folder = bareFolder({ 'package.json': PACKAGE, 'design.json': JSON.stringify(source) });
      const module = path.join(folder, 'model.ts');
      const exported = await runKeyplan([
        'export',
        path.join(folder, 'design.json'),
        '--to',
        target,
        '--out',
        module,
      ]);
      expect(exported.code, exported.stderr).toBe(0);
      const design = JSON.parse((await imported(module, fixture.format)).stdout);
      expect({ table: design.table, entities: design.entities }).toEqual({
        table: source.table,
        entities: source.entities,
      });
    }, 60_000);
});

describe('#28 loading: what goes wrong names the file and what to do', () => {
  const run = async (files: Record<string, string>, entry: string, format: FormatId = 'electrodb') => {
    const folder = bareFolder({ 'package.json': PACKAGE, ...files });
    const file = path.join(folder, entry);
    return { folder, file, run: await runKeyplan(['import', file, '--from', format, '--trust-code']) };
  };

  // A package that is not the format's library is a stub with a warning (./import-module-stubs.test.ts);
  // the format's library missing stays this error, said the same way (bundled with it as the library).
  it("the format's library installed neither in the folder nor in Keyplan", async () => {
    const folder = bareFolder({
      'package.json': PACKAGE,
      'model.ts':
        "import { monotonicFactory } from 'keyplan-absent-package/ulid';\nexport const ulid = monotonicFactory();\n",
    });
    const file = path.join(folder, 'model.ts');
    expect(await bundleModule(file, ['keyplan-absent-package'])).toEqual({
      ok: false,
      message: `imports 'keyplan-absent-package/ulid', which is not installed in ${folder} or Keyplan: npm install keyplan-absent-package there (${file}:1:34)`,
    });
  });

  it('the same, from a file the module imports: that file and its place', async () => {
    const folder = bareFolder({
      'package.json': PACKAGE,
      'index.ts': "export * from './entities';\n",
      'entities.ts': "import { z } from '@keyplan-absent/schema';\nexport const schema = z;\n",
    });
    expect(await bundleModule(path.join(folder, 'index.ts'), ['@keyplan-absent/schema'])).toEqual({
      ok: false,
      message: `${path.join(folder, 'entities.ts')}:1:19 imports '@keyplan-absent/schema', which is not installed in ${folder} or Keyplan: npm install @keyplan-absent/schema there`,
    });
  });

  it('a file of its own that does not exist', async () => {
    const { file, run: result } = await run({ 'index.ts': "export * from './entities';\n" }, 'index.ts');
    expect(result.stderr).toBe(
      `${file}: imports './entities', which does not exist (no such file, with or without the extensions .ts, .tsx, .mts, .cts, .js, .mjs, .cjs, .json) (${file}:1:15)\n`,
    );
  });

  it('a syntax error: file:line:column and the message', async () => {
    const {
      folder,
      file,
      run: result,
    } = await run(
      {
        'index.ts': "export * from './entities';\n",
        'entities.ts':
          "import { Entity } from 'electrodb';\nexport const Thing = new Entity({ model: { entity: 'thing' ;\n",
      },
      'index.ts',
    );
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: `${file}: ${path.join(folder, 'entities.ts')}:2:60: Expected "}" but found ";"\n`,
    });
  });

  it('no Entity exported, in either module system', async () => {
    const esm = await run(
      { 'model.ts': "export const table = 'things';\nexport const config = { table };\n" },
      'model.ts',
    );
    expect(esm.run.stderr).toBe(
      `${esm.file}: exports no ElectroDB Entity or Service (its exports: config, table): export one (an Entity, a Service, or an object of them)\n`,
    );
    const cjs = await run(
      { 'model.js': "module.exports = { table: 'things' };\n" },
      'model.js',
      'dynamodb-toolbox',
    );
    expect(cjs.run.stderr).toBe(
      `${cjs.file}: exports no DynamoDB-Toolbox Entity (its exports: table): export one (an Entity, or an object of them)\n`,
    );
  });
});
