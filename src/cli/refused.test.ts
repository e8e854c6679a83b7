// A request Keyplan refuses as DynamoDB would is the user's to fix, never a crash: `keyplan query` and
// `keyplan run` say so in one line on stderr (and `{ error: { code, message } }` on stdout with --json),
// exit 1; `keyplan estimate` reports a pattern `validate` refuses as such and still estimates the others.
import { describe, expect, it } from 'vitest';
import { getExample } from '../core/features/examples/index.ts';
import { runKeyplan } from './run-in-process.ts';

const store = getExample('online-store')!.design;
const storeText = JSON.stringify(store);

/** Exit 1, exactly one line on stderr, and no stack trace anywhere. */
function expectRefused(result: { code: number; stderr: string; stdout: string }, line: string) {
  expect(result.code, result.stderr).toBe(1);
  expect(result.stderr).toBe(`${line}\n`);
  expect(result.stdout).not.toMatch(/^\s+at /m);
}

describe('a refused request', () => {
  it('is one line from keyplan query and run: an --arg of the wrong type, with and without --json', async () => {
    const plain = await runKeyplan(['query', '-', 'customer-orders', '--arg', 'total=x'], storeText);
    expectRefused(plain, 'keyplan query: argument total must be a number, got "x"');
    expect(plain.stdout).toBe('');

    const json = await runKeyplan(['query', '-', 'customer-orders', '--arg', 'total=x', '--json'], storeText);
    expectRefused(json, 'keyplan query: argument total must be a number, got "x"');
    expect(json.json()).toEqual({
      error: { code: 'InvalidArguments', message: 'argument total must be a number, got "x"' },
    });

    // run refuses it before it reaches for DynamoDB (nothing listens on port 1).
    const run = await runKeyplan(
      ['run', '-', 'place-order', '--arg', 'total=x', '--endpoint', 'http://127.0.0.1:1', '--json'],
      storeText,
    );
    expectRefused(run, 'keyplan run: argument total must be a number, got "x"');
    expect(run.json().error.code).toBe('InvalidArguments');
  });

  it('is one line from keyplan query: a malformed or out-of-bounds --start-key, in DynamoDB words', async () => {
    const malformed = await runKeyplan(
      ['query', '-', 'customer-orders', '--start-key', '{"PK":1}', '--json'],
      storeText,
    );
    const invalid =
      'The provided starting key is invalid: The provided key element does not match the schema';
    expectRefused(malformed, `keyplan query: ${invalid}`);
    expect(malformed.json()).toEqual({ error: { code: 'ValidationException', message: invalid } });

    const outside = await runKeyplan(
      ['query', '-', 'customer-orders', '--start-key', '{"PK":"CUSTOMER#c2","SK":"ORDER#x"}'],
      storeText,
    );
    expectRefused(outside, 'keyplan query: The provided starting key does not match the range key predicate');
  });

  it('is one line from keyplan query: a pattern the evaluator refuses', async () => {
    const design = structuredClone(store) as { accessPatterns: { keyCondition?: object }[] };
    design.accessPatterns[1].keyCondition = {
      partition: 'CUSTOMER#{customerId}', // customer-orders
      sort: { op: 'between', value: 'ORDER#Z', to: 'ORDER#A' },
    };
    const result = await runKeyplan(['query', '-', 'customer-orders', '--json'], JSON.stringify(design));
    expect(result.code).toBe(1);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(
      /^keyplan query: Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound/,
    );
    expect(result.json().error.code).toBe('ValidationException');
  });
});

describe('any other failure under --json', () => {
  it('is one JSON error object on stdout as well as the line on stderr: an invalid design, an unknown pattern', async () => {
    const broken = JSON.stringify({ ...store, table: { ...store.table, name: 'a' } });
    const invalid = await runKeyplan(['validate', '-', '--json'], broken);
    expect(invalid.code).toBe(1);
    const { error } = invalid.json();
    expect(error.code).toBe('CommandFailed');
    expect(error.message).toMatch(/^<stdin>: table\.name: /);
    expect(invalid.stderr).toBe(`${error.message}\n`);

    const unknown = await runKeyplan(['query', '-', 'no-such-pattern', '--json'], storeText);
    expect(unknown.code).toBe(1);
    expect(unknown.json().error).toEqual({
      code: 'CommandFailed',
      message: expect.stringMatching(/no access pattern has the id "no-such-pattern"/),
    });
    // Without --json, nothing on stdout.
    expect((await runKeyplan(['query', '-', 'no-such-pattern'], storeText)).stdout).toBe('');
  });
});

describe('keyplan estimate of a design with an invalid pattern', () => {
  const design = structuredClone(store) as {
    table: { name: string };
    accessPatterns: Record<string, unknown>[];
  };
  design.accessPatterns[3].index = 'GSI9'; // orders-by-status
  const text = JSON.stringify(design);
  const why = 'invalid pattern: accessPatterns[3].index: no index is named "GSI9"';

  it('reports that pattern as invalid, with why, and estimates the others (--json)', async () => {
    const result = await runKeyplan(['estimate', '-', '--json'], text);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`orders-by-status: no estimate: ${why}\n`);
    const { patterns } = result.json();
    expect(patterns.map((p: { patternId: string }) => p.patternId)).toEqual(
      (store.accessPatterns ?? []).map((p) => p.id),
    );
    expect(patterns[3]).toEqual({
      patternId: 'orders-by-status',
      operation: 'Query',
      invalid: true,
      error: why,
    });
    expect(patterns[1]).toMatchObject({ patternId: 'customer-orders', rcu: 0.5 });
    expect(patterns.filter((p: { error?: string }) => p.error)).toHaveLength(1);
  });

  it('shows it in the table too', async () => {
    const result = await runKeyplan(['estimate', '-'], text);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^orders-by-status +Query +- +- +- +- +invalid pattern: .*GSI9/m);
    expect(result.stdout).toMatch(/^customer-orders +Query +0\.5 /m);
  });

  it('still refuses a design whose problem is not inside a pattern', async () => {
    const broken = structuredClone(design);
    broken.table.name = 'a';
    const result = await runKeyplan(['estimate', '-'], JSON.stringify(broken));
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^<stdin>: table\.name: /);
  });
});
