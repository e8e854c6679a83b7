// `keyplan import` as a user runs it (in-process, stdout and stderr captured): the design on stdout,
// warnings and errors on stderr, exit codes 0 / 1 (a file to fix) / 2 (wrong usage).
import { describe, expect, it } from 'vitest';
import { validateDesign } from '../../core/checks/validate.ts';
import { runKeyplan } from '../run-in-process.ts';

const model = (name: string) =>
  new URL(`../../../fixtures/workbench-models/${name}`, import.meta.url).pathname;
const PACKAGE_JSON = new URL('../../../package.json', import.meta.url).pathname;

const keyplan = (args: string[], stdin = '') => runKeyplan(args, stdin);

describe('keyplan import', () => {
  it('prints a valid design for a NoSQL Workbench model', async () => {
    const result = await keyplan(['import', model('online-shop-facets.json'), '--from', 'nosql-workbench']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    const design = JSON.parse(result.stdout);
    expect(validateDesign(design).problems).toEqual([]);
    expect(design.entities[0].keys).toEqual({ PK: 'c#{cId}', SK: 'c#{cId}' });
  });

  it('imports the table named with --table, and warns on stderr about the others', async () => {
    const file = model('discussion-forum.json');
    const first = await keyplan(['import', file, '--from', 'nosql-workbench']);
    expect(first.code).toBe(0);
    expect(first.stderr).toBe(
      `${file}: warning: the model holds 3 tables (Forum, Thread, Reply); imported Forum. Import another by its name (keyplan import --table NAME)\n`,
    );
    const reply = await keyplan(['import', file, '--from', 'nosql-workbench', '--table', 'Reply']);
    expect(JSON.parse(reply.stdout).table.name).toBe('Reply');
    const missing = await keyplan(['import', file, '--from', 'nosql-workbench', '--table', 'Posts']);
    expect(missing).toEqual({
      code: 1,
      stdout: '',
      stderr: `${file}: the model has no table named "Posts"; its tables: Forum, Thread, Reply\n`,
    });
  });

  it('exits 1 with the reason, and prints nothing, for a broken or foreign file', async () => {
    const broken = await keyplan(['import', '-', '--from', 'nosql-workbench'], '{ "DataModel": [ }');
    expect(broken.code).toBe(1);
    expect(broken.stdout).toBe('');
    expect(broken.stderr).toMatch(/^<stdin>: invalid JSON/);
    const foreign = await keyplan(['import', PACKAGE_JSON, '--from', 'nosql-workbench']);
    expect(foreign.code).toBe(1);
    expect(foreign.stdout).toBe('');
    expect(foreign.stderr).toMatch(
      /^.*package\.json: not a NoSQL Workbench model: missing DataModel \(found keys: name, version, /,
    );
    const absent = await keyplan(['import', '/nonexistent/model.json', '--from', 'nosql-workbench']);
    expect(absent.code).toBe(1);
    expect(absent.stderr).toMatch(/no such file/);
  });

  it('reads a OneTable schema module and an MCP data model through the same dispatch', async () => {
    const fixture = (path: string) => new URL(`../../../fixtures/${path}`, import.meta.url).pathname;
    const module = fixture('onetable/saas.schema.js');
    const onetable = await keyplan([
      'import',
      module,
      '--from',
      'onetable',
      '--table',
      'SaasTable',
      '--trust-code',
    ]);
    expect(onetable.code, onetable.stderr).toBe(0);
    const design = JSON.parse(onetable.stdout);
    expect(validateDesign(design).problems).toEqual([]);
    expect(design.table.name).toBe('SaasTable');
    expect(design.entities[2].keys.sk).toBe('invoice#{number:6}');
    expect(onetable.stderr).toContain(
      `${module}: warning: models.Account.id.validate: the regular expression`,
    );
    const mcp = await keyplan(['import', fixture('mcp/dynamodb_data_model.json'), '--from', 'mcp']);
    expect(mcp.code, mcp.stderr).toBe(0);
    expect(JSON.parse(mcp.stdout).accessPatterns).toHaveLength(7);
    // The MCP server's repo-generation schema.json (fixtures/wild/mcp): one table per import, by --table.
    const schema = fixture('wild/mcp/awslabs__mcp__deals_schema.json');
    const deals = await keyplan(['import', schema, '--from', 'mcp']);
    expect(deals.code, deals.stderr).toBe(0);
    expect(deals.stderr).toBe(
      `${schema}: warning: the model holds 6 tables (Deals, Users, Brands, UserWatches, UserActivities, TrendingDeals); imported Deals. Import another by its name (keyplan import --table NAME)\n`,
    );
    const activities = await keyplan(['import', schema, '--from', 'mcp', '--table', 'UserActivities']);
    expect(activities.code, activities.stderr).toBe(0);
    const imported = JSON.parse(activities.stdout);
    expect(validateDesign(imported).problems).toEqual([]);
    expect(imported.entities[0].keys).toEqual({ user_id: '{user_id}', sk: '{timestamp}#{activity_id}' });
    expect(imported.accessPatterns.map((p: { id: string }) => p.id)).toEqual([
      'get_user_activities',
      'get_user_activities_after',
    ]);
    // A library module format does not read a JSON file.
    const wrong = await keyplan(['import', fixture('mcp/dynamodb_data_model.json'), '--from', 'electrodb']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/--from electrodb reads a JavaScript or TypeScript module/);
  });

  it('exits 2 without --from, with an unknown source, or without a file', async () => {
    const file = model('leaderboard.json');
    expect((await keyplan(['import', file])).code).toBe(2);
    const unknown = await keyplan(['import', file, '--from', 'dynobase']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/--from dynobase: unknown source; expected nosql-workbench/);
    expect((await keyplan(['import', '--from', 'nosql-workbench'])).code).toBe(2);
  });
});
