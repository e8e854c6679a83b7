// Issue #26, class 4 ("opening a file runs it"): `keyplan import` as a user runs it. A JSON format reads a
// .js file as text and never runs it; a module is loaded only with --trust-code, and then in a sandboxed
// child process that cannot write, start processes, read outside its packages' node_modules, see the
// environment or reach the network through Node's modules, and is stopped at its time and memory limits.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../server/limits.ts';
import type { FormatId } from '../../core/io/catalogue.ts';
import { importDesign } from '../../core/io/index.ts';
import type { Design } from '../../core/model/schema.ts';
import { stringifyExactJson } from '../../core/values/exact-json.ts';
import { importModuleInSandbox, SANDBOX_LIMITS } from '../module-sandbox/load-module.ts';
import { runKeyplan } from '../run-in-process.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const SECRET = `class4-secret-${randomBytes(6).toString('hex')}`;

// Modules are written inside the repository, so that their `electrodb` import resolves as a user's would in
// their own project; what they try to write goes to a folder of its own under the system's temp folder.
const moduleDir = path.join(ROOT, 'node_modules', '.cache', 'keyplan-class4', randomBytes(4).toString('hex'));
const markerDir = mkdtempSync(path.join(tmpdir(), 'keyplan-class4-'));
mkdirSync(moduleDir, { recursive: true });
afterAll(() => {
  rmSync(moduleDir, { recursive: true, force: true });
  rmSync(markerDir, { recursive: true, force: true });
});

let previousSecret: string | undefined;
beforeEach(() => {
  previousSecret = process.env.AWS_SECRET_ACCESS_KEY;
  process.env.AWS_SECRET_ACCESS_KEY = SECRET;
});
afterEach(() => {
  if (previousSecret === undefined) delete process.env.AWS_SECRET_ACCESS_KEY;
  else process.env.AWS_SECRET_ACCESS_KEY = previousSecret;
});

let written = 0;
/** Writes a module file and gives its path and the marker file its top-level code would write. */
function writeModule(extension: string, text: (marker: string) => string): { file: string; marker: string } {
  written += 1;
  const marker = path.join(markerDir, `marker-${written}`);
  const file = path.join(moduleDir, `module-${written}${extension}`);
  writeFileSync(file, text(marker));
  return { file, marker };
}

/** A module whose top-level code writes the AWS secret it finds into the marker file. */
const leaksTheSecret = (exports: string) => (marker: string) =>
  `import { writeFileSync } from 'node:fs';
writeFileSync(${JSON.stringify(marker)}, process.env.AWS_SECRET_ACCESS_KEY ?? 'ran');
${exports}
`;

const ELECTRODB_ENTITY = `import { Entity } from 'electrodb';
export const Thing = new Entity(
  {
    model: { entity: 'Thing', version: '1', service: 'things' },
    attributes: { id: { type: 'string', required: true } },
    indexes: { byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } } },
  },
  { table: 'things' },
);`;

describe('#26 class 4: a JSON format reads a .js file as text and never runs it', () => {
  for (const format of ['nosql-workbench', 'mcp'] as const)
    it(`--from ${format}`, async () => {
      const { file, marker } = writeModule('.js', leaksTheSecret('export default { DataModel: [] };'));
      // Trusting code changes nothing for a format that reads no code.
      for (const trust of [[], ['--trust-code']]) {
        const run = await runKeyplan(['import', file, '--from', format, ...trust]);
        expect(existsSync(marker), 'the file ran').toBe(false);
        expect(run.code).toBe(1);
        expect(run.stdout).toBe('');
        expect(run.stderr).toMatch(new RegExp(`^${file}: invalid JSON`));
        expect(run.stderr).toContain(`(--from ${format} reads the file as text and never runs it)`);
      }
    });
});

describe('#26 class 4: a module is not loaded without --trust-code', () => {
  const cases: [FormatId, string, string][] = [
    ['electrodb', '.ts', ELECTRODB_ENTITY],
    ['dynamodb-toolbox', '.mjs', 'export const nothing = 1;'],
    ['onetable', '.js', 'export default { models: {} };'],
  ];
  for (const [format, extension, exports] of cases)
    it(`--from ${format} with a ${extension} file`, async () => {
      const { file, marker } = writeModule(extension, leaksTheSecret(exports));
      const run = await runKeyplan(['import', file, '--from', format]);
      expect(existsSync(marker), 'the module ran').toBe(false);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      const message = run.stderr;
      expect(message).toContain(`${file} is code: --from ${format} reads a module by loading it`);
      expect(message).toContain("loading it runs the file's top-level code");
      expect(message).toContain('cannot write files, start processes or worker threads');
      expect(message).toContain('no AWS credentials');
      expect(message).toContain(`stopped after ${LIMITS.moduleLoadMs / 1000} s or ${LIMITS.moduleHeapMb} MB`);
      expect(message).toContain('The sandbox cannot stop network access');
      expect(message).toContain(`keyplan import ${file} --from ${format} --trust-code`);
    });
});

/**
 * What `keyplan import` printed before the sandbox: the module imported in this process. Vitest's module
 * objects keep the exports in the order written; Node's (as the CLI ran) sorts them by name, as here.
 */
async function inProcessImport(format: FormatId, fixture: string) {
  const module: Record<string, unknown> = await import(pathToFileURL(fixture).href);
  const exports = Object.fromEntries(Object.entries(module).sort(([a], [b]) => (a < b ? -1 : 1)));
  const result = importDesign(format, { kind: 'module', exports });
  if (!result.ok) throw new Error(result.message);
  return {
    stdout: `${stringifyExactJson(result.design, 2)}\n`,
    stderr: result.warnings.map((w) => `${fixture}: warning: ${w}\n`).join(''),
  };
}

describe('#26 class 4: with --trust-code a module is read in the sandbox, as it was read in-process', () => {
  const fixtures: [FormatId, string][] = [
    ['electrodb', 'electrodb/bank.ts'],
    ['electrodb', 'electrodb/taskapp.ts'],
    ['dynamodb-toolbox', 'dynamodb-toolbox/pokedex.ts'],
    ['dynamodb-toolbox', 'dynamodb-toolbox/store.ts'],
    ['onetable', 'onetable/saas.schema.js'],
  ];
  for (const [format, name] of fixtures)
    it(`fixtures/${name}`, async () => {
      const fixture = path.join(ROOT, 'fixtures', name);
      const run = await runKeyplan(['import', fixture, '--from', format, '--trust-code']);
      expect(run.code, run.stderr).toBe(0);
      expect({ stdout: run.stdout, stderr: run.stderr }).toEqual(await inProcessImport(format, fixture));
    });
});

/** The entity's attributes of one-value enums: each attempt of the probe module and what came of it. */
function outcomes(design: Design): Record<string, string> {
  return Object.fromEntries(
    design.entities[0].attributes.filter((a) => a.enum).map((a) => [a.name, String(a.enum?.[0])]),
  );
}

describe('#26 class 4: inside the sandbox a module cannot write, spawn, read outside, see credentials or connect', () => {
  it('every attempt is refused, and the import still succeeds', async () => {
    const spawnMarker = path.join(markerDir, 'spawned');
    const { file, marker } = writeModule(
      '.ts',
      (marker) => `import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import { Worker } from 'node:worker_threads';
import { Entity } from 'electrodb';

const outcome = (attempt: () => unknown): string => {
  try {
    const value = attempt();
    return \`allowed \${String(value).slice(0, 40)}\`;
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
};
const attempts: Record<string, string> = {
  writeFile: outcome(() => fs.writeFileSync(${JSON.stringify(marker)}, 'written')),
  spawnProcess: outcome(() => execFileSync('/bin/sh', ['-c', 'echo spawned > ${spawnMarker}'])),
  startWorker: outcome(() => new Worker('1', { eval: true })),
  readPasswd: outcome(() => fs.readFileSync('/etc/passwd', 'utf8')),
  readHome: outcome(() => fs.readdirSync(${JSON.stringify(homedir())})),
  readOwnRepository: outcome(() => fs.readFileSync(${JSON.stringify(path.join(ROOT, 'package.json'))}, 'utf8')),
  readOwnFile: outcome(() => fs.readFileSync(${JSON.stringify(path.join(ROOT, 'src', 'cli', 'main.ts'))}, 'utf8')),
  awsSecret: process.env.AWS_SECRET_ACCESS_KEY ?? 'absent',
  environment: Object.keys(process.env).join(',') || 'empty',
  connect: outcome(() => net.connect(9, '127.0.0.1')),
  fetch: outcome(() => fetch('http://127.0.0.1:9/')),
  signal: outcome(() => process.kill(process.ppid, 0)),
};
export const Probe = new Entity(
  {
    model: { entity: 'Probe', version: '1', service: 'probe' },
    attributes: {
      id: { type: 'string', required: true },
      ...Object.fromEntries(Object.entries(attempts).map(([name, value]) => [name, { type: [value] as const }])),
    },
    indexes: { byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } } },
  },
  { table: 'probe' },
);
`,
    );
    const run = await runKeyplan(['import', file, '--from', 'electrodb', '--trust-code']);
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(marker), 'a file was written').toBe(false);
    expect(existsSync(spawnMarker), 'a process ran').toBe(false);
    expect(run.stdout).not.toContain(SECRET);
    expect(outcomes(run.json())).toEqual({
      writeFile: 'ERR_ACCESS_DENIED',
      spawnProcess: 'ERR_ACCESS_DENIED',
      startWorker: 'ERR_ACCESS_DENIED',
      readPasswd: 'ERR_ACCESS_DENIED',
      readHome: 'ERR_ACCESS_DENIED',
      readOwnRepository: 'ERR_ACCESS_DENIED',
      readOwnFile: 'ERR_ACCESS_DENIED',
      awsSecret: 'absent',
      environment: 'empty',
      connect: 'ERR_ACCESS_DENIED',
      // Node 20's global fetch is turned off (--no-experimental-fetch) before the network stubs.
      fetch: 'ERR_ACCESS_DENIED',
      signal: 'ERR_ACCESS_DENIED',
    });
  });

  it('an attempt the module does not catch fails the import with what it tried', async () => {
    const { file, marker } = writeModule('.ts', leaksTheSecret(ELECTRODB_ENTITY));
    const run = await runKeyplan(['import', file, '--from', 'electrodb', '--trust-code']);
    expect(existsSync(marker)).toBe(false);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `${file}: the module tried to write a file (${marker}), which the sandbox that loads it does not allow\n`,
    );
  });
});

describe('#26 class 4: a module that does not stop, or fills memory, is stopped with the limit named', () => {
  it(
    'an endless loop at its top level: the time limit',
    async () => {
      const { file } = writeModule('.ts', () => `${ELECTRODB_ENTITY}\nwhile (Thing) {}\n`);
      const run = await runKeyplan(['import', file, '--from', 'electrodb', '--trust-code']);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(
        `${file}: loading the module took longer than ${LIMITS.moduleLoadMs / 1000} s, the sandbox's time limit (LIMITS.moduleLoadMs); it was stopped\n`,
      );
    },
    LIMITS.moduleLoadMs + 30_000,
  );

  it('a heap that only grows: the heap limit', async () => {
    // V8 collects again and again before it gives up at the heap limit, which can take longer than the
    // time limit on a loaded machine: the time limit is raised here so that the heap limit comes first.
    const { file } = writeModule(
      '.ts',
      () =>
        `${ELECTRODB_ENTITY}\nconst kept: number[][] = [];\nfor (;;) kept.push(new Array(1_000_000).fill(Math.random()));\n`,
    );
    const limits = { ...SANDBOX_LIMITS, loadMs: 120_000 };
    expect(await importModuleInSandbox(file, 'electrodb', {}, limits)).toEqual({
      ok: false,
      message: `the module used more than ${LIMITS.moduleHeapMb} MB of memory, the sandbox's limit (LIMITS.moduleHeapMb); it was stopped`,
    });
  }, 150_000);

  it.runIf(process.platform === 'linux')(
    'memory outside the heap (Buffers): the resident memory limit',
    async () => {
      // Filling 512 MB can take longer than the time limit on a loaded machine: the same watchdog with a
      // lower limit shows it. At most 1 GB even if nothing stopped it, then it waits.
      const { file } = writeModule(
        '.ts',
        () => `const kept: Buffer[] = [];
for (let i = 0; i < 64; i++) {
  kept.push(Buffer.alloc(16 * 1024 * 1024, 1));
  await new Promise((resolve) => setTimeout(resolve, 10));
}
await new Promise(() => setInterval(() => kept.length, 1000));
`,
      );
      const limits = { ...SANDBOX_LIMITS, memoryBytes: 128 * 1024 * 1024 };
      expect(await importModuleInSandbox(file, 'electrodb', {}, limits)).toEqual({
        ok: false,
        message:
          "the module used more than 128 MB of memory, the sandbox's limit (LIMITS.moduleMemoryBytes); it was stopped",
      });
    },
    LIMITS.moduleLoadMs + 30_000,
  );
});
