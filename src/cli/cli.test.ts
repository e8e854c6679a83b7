// The keyplan command as a user runs it (in-process, with captured stdout/stderr): exit codes, --json
// output, messages that name paths, and the answers a person reading the seeds expects.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXAMPLES } from '../core/features/examples/index.ts';
import { runKeyplan } from './run-in-process.ts';

const SHARED_EXAMPLE = new URL('../../fixtures/examples/online-store.keyplan.json', import.meta.url).pathname;

const keyplan = (args: string[], stdin = '') => runKeyplan(args, stdin);

const ids = (items: Record<string, unknown>[], key: string) => items.map((item) => item[key]);

describe('keyplan CLI', () => {
  it('prints a built-in example that validates from stdin', async () => {
    const list = await keyplan(['example', '--list']);
    expect(list.stdout).toMatch(/ecommerce/);
    expect(list.stdout).toMatch(/online-store/);
    for (const example of EXAMPLES) {
      const printed = await keyplan(['example', example.name]);
      expect(printed.code).toBe(0);
      const validated = await keyplan(['validate', '-'], printed.stdout);
      expect(validated.code, validated.stderr).toBe(0);
      expect(validated.stderr).toMatch(/valid/);
    }
  });

  it('exits 1 and names the path of a typo in a placeholder', async () => {
    const broken = readFileSync(SHARED_EXAMPLE, 'utf8').replace('STATUS#{status}', 'STATUS#{statuz}');
    const result = await keyplan(['validate', '-'], broken);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('<stdin>: entities[1].keys.GSI1PK: unknown attribute {statuz}');
  });

  it('names the field and the allowed values of a bad enum', async () => {
    const design = JSON.parse(readFileSync(SHARED_EXAMPLE, 'utf8'));
    design.table.billing = { mode: 'FREE' };
    design.accessPatterns[1].keyCondition.sort.op = 'like';
    const result = await keyplan(['validate', '-'], JSON.stringify(design));
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      '<stdin>: table.billing.mode: must be one of PAY_PER_REQUEST, PROVISIONED (got "FREE")',
      '<stdin>: accessPatterns[1].keyCondition.sort.op: must be one of =, <, <=, >, >=, begins_with, between (got "like")',
    ]);
  });

  it('exits 2 on wrong usage and 1 on a missing file', async () => {
    expect((await keyplan(['nonsense'])).code).toBe(2);
    expect((await keyplan(['validate'])).code).toBe(2);
    expect((await keyplan(['query', SHARED_EXAMPLE, 'customer-orders', '--limit', 'zero'])).code).toBe(2);
    const missing = await keyplan(['validate', '/nonexistent/design.json']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/no such file/);
  });

  it('prints a request for every pattern of both examples', async () => {
    for (const example of EXAMPLES) {
      const printed = await keyplan(['example', example.name]);
      const result = await keyplan(['requests', '-', '--json'], printed.stdout);
      expect(result.code, result.stdout).toBe(0);
      const requests = result.json();
      expect(Object.keys(requests)).toEqual(example.design.accessPatterns?.map((p) => p.id));
      for (const request of Object.values(requests)) expect(request).toHaveProperty('input');
    }
  });

  it('writes a status update through #status and recomputes the GSI key derived from it', async () => {
    const { stdout } = await keyplan(['requests', SHARED_EXAMPLE, '--json']);
    const ship = JSON.parse(stdout)['ship-order'];
    expect(ship.operation).toBe('UpdateItem');
    expect(ship.input.UpdateExpression).toBe('SET #status = :status, GSI1PK = :GSI1PK');
    expect(ship.input.ExpressionAttributeNames).toMatchObject({ '#status': 'status' });
    expect(ship.input.ExpressionAttributeValues[':GSI1PK']).toEqual({ S: 'STATUS#SHIPPED' });
  });

  it("answers the shared example's patterns as the seed's reader expects", async () => {
    const orders = await keyplan([
      'query',
      SHARED_EXAMPLE,
      'customer-orders',
      '--arg',
      'customerId=c1',
      '--json',
    ]);
    expect(orders.code).toBe(0);
    expect(ids(orders.json().items, 'orderId')).toEqual(['o101', 'o100']);
    expect(orders.json().items[0]).toMatchObject({
      PK: 'CUSTOMER#c1',
      SK: 'ORDER#2026-10-12T09:05:00Z#o101',
      entityType: 'Order',
      total: 12.5,
    });

    const placed = await keyplan([
      'query',
      SHARED_EXAMPLE,
      'orders-by-status',
      '--arg',
      'status=PLACED',
      '--json',
    ]);
    expect(ids(placed.json().items, 'orderId')).toEqual(['o100', 'o102']);
    expect(placed.json().items[0]).toMatchObject({ GSI1PK: 'STATUS#PLACED', GSI1SK: '2026-10-08T14:30:00Z' });

    const profile = await keyplan(['query', SHARED_EXAMPLE, 'get-customer', '--json']);
    expect(profile.json()).toMatchObject({
      items: [{ name: 'Ana Torres', PK: 'CUSTOMER#c1', SK: 'PROFILE' }],
      count: 1,
    });

    const lines = await keyplan([
      'query',
      SHARED_EXAMPLE,
      'order-line-items',
      '--arg',
      'orderId=o102',
      '--json',
    ]);
    expect(ids(lines.json().items, 'sku')).toEqual(['sku-1', 'sku-3']);
  });

  it('walks every item of every read pattern of both examples one page at a time', async () => {
    for (const example of EXAMPLES) {
      const file = (await keyplan(['example', example.name])).stdout;
      for (const pattern of example.design.accessPatterns ?? []) {
        if (pattern.operation !== 'Query') continue;
        const whole = (await keyplan(['query', '-', pattern.id, '--json'], file)).json();
        expect(whole.items.length, `${example.name} ${pattern.id} returns items`).toBeGreaterThan(0);
        const walked: unknown[] = [];
        let startKey: unknown;
        for (let page = 0; page < 100; page++) {
          const args = ['query', '-', pattern.id, '--limit', '1', '--json'];
          if (startKey) args.push('--start-key', JSON.stringify(startKey));
          const result = (await keyplan(args, file)).json();
          walked.push(...result.items);
          startKey = result.lastEvaluatedKey;
          if (!startKey) break;
        }
        // A pattern with its own Limit pages on; without one, the walk ends with the last item.
        if (pattern.limit === undefined) expect(walked, `${example.name} ${pattern.id}`).toEqual(whole.items);
        else expect(walked.slice(0, whole.items.length)).toEqual(whole.items);
      }
    }
  });

  it('seeds a design with N generated items per entity, deterministically', async () => {
    const first = await keyplan(['seed', SHARED_EXAMPLE, '--count', '7', '--seed', '42']);
    const again = await keyplan(['seed', SHARED_EXAMPLE, '--count', '7', '--seed', '42']);
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(again.stdout);
    const seeded = first.json();
    expect(seeded.items.Customer).toHaveLength(7);
    expect((await keyplan(['validate', '-'], first.stdout)).code).toBe(0);
    const items = (await keyplan(['items', '-', '--json'], first.stdout)).json();
    expect(items.length).toBeGreaterThanOrEqual(14);
    for (const item of items) expect(item).toHaveProperty('entityType');
  });

  it('refuses to answer a write pattern in memory, saying what to use', async () => {
    const result = await keyplan(['query', SHARED_EXAMPLE, 'ship-order', '--json']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/UpdateItem.*keyplan run/);
  });
});
