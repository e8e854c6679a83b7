// Issue #28, item 1 (Loading), as the wild corpus (fixtures/wild/) showed it: a model module copied out of
// its app imports the app's packages (`aws-sdk`, `uuid`, `config`), exports factories that build its entities
// from a client and a table name instead of the entities, or is written for DynamoDB-Toolbox v0. Each folder
// is built here, in the system's temp folder, with its own package.json and no node_modules.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FormatId } from '../../core/io/catalogue.ts';
import { runKeyplan } from '../run-in-process.ts';

const workspace = mkdtempSync(path.join(tmpdir(), 'keyplan-module-stubs-'));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

let folders = 0;
/** A bare folder holding `files` (and a package.json); the path of its `model.ts`, the one imported. */
function bareModel(files: Record<string, string>): { folder: string; file: string } {
  folders += 1;
  const folder = path.join(workspace, `project-${folders}`);
  const all = { 'package.json': JSON.stringify({ name: 'bare-model', private: true }), ...files };
  for (const [name, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    writeFileSync(path.join(folder, name), text);
  }
  return { folder, file: path.join(folder, 'model.ts') };
}

const importModule = (file: string, format: FormatId = 'electrodb') =>
  runKeyplan(['import', file, '--from', format, '--trust-code']);

/** One ElectroDB entity's schema, as source text. */
const TASK_SCHEMA = `{
  model: { entity: 'task', version: '1', service: 'tasks' },
  attributes: { taskId: { type: 'string', required: true }, title: { type: 'string' } },
  indexes: { byId: { pk: { field: 'pk', composite: ['taskId'] }, sk: { field: 'sk', composite: [] } } },
}`;

const warningsOf = (stderr: string, file: string) =>
  stderr
    .split('\n')
    .filter(Boolean)
    .map((line) => line.replace(`${file}: warning: `, ''));

describe('#28 loading: a package the module imports that is not installed is a stub, with a warning', () => {
  it('the design is the one without that import; the warning names the package, file:line and what to install', async () => {
    const plain = bareModel({
      'model.ts': `import { Entity } from 'electrodb';\nexport const Task = new Entity(${TASK_SCHEMA}, { table: 'tasks' });\n`,
    });
    const withClient = bareModel({
      'client.ts':
        "import DynamoDB, { DocumentClient } from 'keyplan-absent-sdk/clients/dynamodb';\nimport { v4 } from 'keyplan-absent-uuid';\nexport const client = new DocumentClient({ region: 'us-east-1' });\nexport const dynamodb = new DynamoDB({});\nexport const newId = () => String(v4());\n",
      'model.ts': `import { Entity } from 'electrodb';\nimport { client, newId } from './client';\nconst config = require('keyplan-absent-config');\nexport const Task = new Entity(${TASK_SCHEMA}, { table: 'tasks', client });\nexport const label = String(config.get('label')) + newId();\n`,
    });
    const expected = await importModule(plain.file);
    expect(expected.code, expected.stderr).toBe(0);
    const result = await importModule(withClient.file);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(expected.stdout);
    const client = path.join(withClient.folder, 'client.ts');
    const stubbed = (importer: string, line: number, specifier: string, name: string) =>
      `${importer}:${line} imports '${specifier}', which is not installed in ${withClient.folder} or Keyplan: it was replaced by a stub, so every value from it is unknown; npm install ${name} in ${withClient.folder} to load the real one`;
    // In the order of their files' names and lines, whatever order esbuild met them in.
    expect(warningsOf(result.stderr, withClient.file)).toEqual([
      stubbed(client, 1, 'keyplan-absent-sdk/clients/dynamodb', 'keyplan-absent-sdk'),
      stubbed(client, 2, 'keyplan-absent-uuid', 'keyplan-absent-uuid'),
      stubbed(withClient.file, 3, 'keyplan-absent-config', 'keyplan-absent-config'),
      ...warningsOf(expected.stderr, plain.file),
    ]);
  }, 60_000);

  it("a source root's path alias that resolves nowhere (`~/index.js`) is the library, with a warning", async () => {
    const { file } = bareModel({
      'model.ts':
        "import { Entity, Table, item, string } from '~/index.js';\nexport const table = new Table({ name: 'app', partitionKey: { name: 'pk', type: 'string' } });\nexport const E = new Entity({ name: 'E', schema: item({ id: string().key().savedAs('pk') }), table });\n",
    });
    const result = await importModule(file, 'dynamodb-toolbox');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      `${file}:1 imports '~/index.js', a path alias of a source root that is not there: read as dynamodb-toolbox`,
    );
    expect(JSON.parse(result.stdout).entities[0].keys).toEqual({ pk: '{id}' });
  }, 60_000);

  it('a deeper path alias (`~/utils/client.js`) is some project file: it stays an error', async () => {
    const { file } = bareModel({
      'model.ts': "import { client } from '~/utils/client.js';\nexport const E = client;\n",
    });
    const result = await importModule(file, 'dynamodb-toolbox');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/imports '~\/utils\/client\.js', which is not installed/);
  }, 60_000);
});

describe("#28 loading: a folder above that is not there (`../../`, a library's own examples) is the library", () => {
  it('read as the format library, with a warning; the design is the one importing electrodb', async () => {
    const plain = bareModel({
      'model.ts': `import { Entity } from 'electrodb';\nexport const Task = new Entity(${TASK_SCHEMA}, { table: 'tasks' });\n`,
    });
    const copied = bareModel({
      'examples/tasks/model.ts': `import { Entity } from '../../';\nexport const Task = new Entity(${TASK_SCHEMA}, { table: 'tasks' });\n`,
    });
    const file = path.join(copied.folder, 'examples/tasks/model.ts');
    const [expected, result] = [await importModule(plain.file), await importModule(file)];
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(expected.stdout);
    expect(result.stderr.split('\n')[0]).toBe(
      `${file}: warning: ${file}:1 imports '../../', a folder above it that is not there: read as electrodb (Keyplan's, or the project's own), as electrodb's own examples import it from the repository's root`,
    );
  }, 60_000);
});

describe('#28 loading: a module that exports factories of its entities, not the entities', () => {
  const direct = async () => {
    const { file } = bareModel({
      'model.ts': `import { Entity } from 'electrodb';\nexport const Task = new Entity(${TASK_SCHEMA}, { table: 'table' });\n`,
    });
    return importModule(file);
  };

  it('createX(client, table): called with a stub client and a table name, its entity read', async () => {
    const { file } = bareModel({
      'model.ts': `import { Entity } from 'electrodb';\nexport function createTask(client: unknown, table: string) {\n  return new Entity(${TASK_SCHEMA}, { client: client as never, table });\n}\n`,
    });
    const [expected, result] = [await direct(), await importModule(file)];
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(expected.stdout);
    expect(JSON.parse(result.stdout).table.name).toBe('table');
    expect(result.stderr.split('\n')[0]).toBe(
      `${file}: warning: the module exports no entity but functions that build them: read what createTask(client, "table") returned, called in the sandbox with a stub client (values that come from the client are unknown); pass --table to give another table name`,
    );
  }, 60_000);

  it('createX({ client, table }), returning a Promise of an object of entities', async () => {
    const { file } = bareModel({
      'model.ts': `import { Entity } from 'electrodb';\nexport async function createEntities({ client, table }: { client: unknown; table: string }) {\n  return { task: new Entity(${TASK_SCHEMA}, { client: client as never, table }) };\n}\n`,
    });
    const [expected, result] = [await direct(), await importModule(file)];
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(expected.stdout);
    expect(result.stderr).toContain('read what createEntities({ client, table: "table" }) returned');
  }, 60_000);

  it('two factories that build the same entity (one calls the other): the entity once', async () => {
    const { file } = bareModel({
      'model.ts': `import { Entity } from 'electrodb';\nexport function createTask(client: unknown, table: string) {\n  return new Entity(${TASK_SCHEMA}, { client: client as never, table });\n}\nexport function createTasks(client: unknown, table: string) {\n  return { task: createTask(client, table) };\n}\n`,
    });
    const [expected, result] = [await direct(), await importModule(file)];
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(expected.stdout);
    expect(result.stderr).toContain('read what createTask(client, "table") returned, called');
  }, 60_000);

  it('a function is never called when the module exports its entities', async () => {
    const { file } = bareModel({
      'model.ts': `import { Entity } from 'electrodb';\nexport const Task = new Entity(${TASK_SCHEMA}, { table: 'table' });\nexport function createOther() { throw new Error('createOther was called'); }\n`,
    });
    const [expected, result] = [await direct(), await importModule(file)];
    expect(result).toEqual(expected.stderr === '' ? expected : { ...expected, stderr: result.stderr });
    expect(result.stderr).not.toContain('functions that build them');
  }, 60_000);

  it('a factory that throws and builds nothing: its error in the message', async () => {
    const { file } = bareModel({
      'model.ts':
        'export function createTask(client: unknown, table: string) {\n  throw new Error("no table " + table);\n}\n',
    });
    const result = await importModule(file);
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: `${file}: exports no ElectroDB Entity or Service (its exports: createTask): export one (an Entity, a Service, or an object of them); its functions (createTask), called with a stub client and the table name "table", built none: createTask(client, "table") threw no table table\n`,
    });
  }, 60_000);
});

describe('#28 loading: a DynamoDB-Toolbox v0 module is read through the recording v0 shim', () => {
  const keysOf = (stdout: string) =>
    (JSON.parse(stdout) as { entities: { name: string; keys: Record<string, string> }[] }).entities.map(
      (e) => [e.name, e.keys],
    );

  it('new Table({ partitionKey }) / new Entity({ attributes: { pk: { partitionKey: true } } })', async () => {
    const { file } = bareModel({
      'model.ts':
        "import { Entity, Table } from 'dynamodb-toolbox';\nexport const table = new Table({ name: 'app', partitionKey: 'pk', sortKey: 'sk' });\nexport const User = new Entity({\n  name: 'User',\n  attributes: { pk: { partitionKey: true }, sk: { sortKey: true }, email: 'string' },\n  table,\n});\n",
    });
    const result = await importModule(file, 'dynamodb-toolbox');
    expect(result.code, result.stderr).toBe(0);
    const design = JSON.parse(result.stdout);
    expect(design.table.name).toBe('app');
    expect(keysOf(result.stdout)).toEqual([['User', { pk: '{pk}', sk: '{sk}' }]]);
    expect(design.entities[0].attributes.map((a: { name: string }) => a.name)).toEqual(['pk', 'sk', 'email']);
  }, 60_000);

  it('prefix, alias, default functions (called in the sandbox), composite keys and indexes', async () => {
    const { file } = bareModel({
      'package.json': JSON.stringify({ name: 'v0-app', dependencies: { 'dynamodb-toolbox': '^0.9.5' } }),
      'model.ts': [
        "const { Entity, Table } = require('dynamodb-toolbox');",
        "const table = new Table({ name: 'app', partitionKey: 'pk', sortKey: 'sk', indexes: { GSI1: { partitionKey: 'gsi1pk', sortKey: 'gsi1sk' } } });",
        'module.exports.Member = new Entity({',
        "  name: 'Member',",
        '  attributes: {',
        "    id: { partitionKey: true, prefix: 'USER#' },",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the module's own template literal, as text
        '    sk: { sortKey: true, default: (data) => `ORG#${data.org}#USER#${data.id}` },',
        "    gsi1pk: { alias: 'email' },",
        "    org: ['gsi1sk', 0],",
        "    role: ['gsi1sk', 1, 'string'],",
        "    age: { type: 'number', required: true },",
        '  },',
        '  table,',
        '});',
        '',
      ].join('\n'),
    });
    const result = await importModule(file, 'dynamodb-toolbox');
    expect(result.code, result.stderr).toBe(0);
    expect(keysOf(result.stdout)).toEqual([
      ['Member', { pk: 'USER#{id}', sk: 'ORG#{org}#USER#{id}', gsi1pk: '{email}', gsi1sk: '{org}#{role}' }],
    ]);
    const attributes = JSON.parse(result.stdout).entities[0].attributes;
    expect(attributes).toEqual([
      { name: 'id', type: 'S', required: true, keyOnly: true },
      { name: 'email', type: 'S', required: true, keyOnly: true },
      { name: 'org', type: 'S', required: true },
      { name: 'role', type: 'S' },
      { name: 'age', type: 'N', required: true },
    ]);
  }, 60_000);
});
