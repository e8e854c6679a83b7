// `keyplan apply` on a table that holds items not in the design, on the real DynamoDB Local: they stay
// unless --replace is given, a recreate needs --recreate, and each destructive step is named with its
// table and item count before it is taken (what keeps `--aws` from wiping a real table of the same name).
import { DeleteTableCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDynamoClient } from '../../../server/dynamodb/client.ts';
import { getExample } from '../../core/features/examples/index.ts';
import type { Design } from '../../core/model/schema.ts';
import { runKeyplan } from '../run-in-process.ts';

const tableName = `cli-replace-${process.pid}-${Date.now()}`;
const client = createDynamoClient(inject('dynamoEndpoint'));
afterAll(async () => {
  await client.send(new DeleteTableCommand({ TableName: tableName })).catch(() => {});
  client.destroy();
});

function design(change: (d: Design) => void = () => {}): string {
  const d = structuredClone(getExample('online-store')!.design) as Design;
  d.table.name = tableName;
  change(d);
  return JSON.stringify(d);
}
const withoutThreeOrders = (d: Design) => {
  d.items.Order = d.items.Order.slice(3);
};

const apply = (text: string, ...flags: string[]) =>
  runKeyplan(['apply', '-', '--endpoint', inject('dynamoEndpoint'), ...flags], text);

/** The order ids the table holds, sorted. */
async function orderIds(): Promise<string[]> {
  const { Items = [] } = await client.send(new ScanCommand({ TableName: tableName }));
  return Items.filter((i) => i.entityType?.S === 'Order')
    .map((i) => i.orderId.S!)
    .sort();
}

describe('keyplan apply', () => {
  it('keeps the items not in the design unless --replace is given, and names what it deletes first', async () => {
    expect((await apply(design())).code).toBe(0);
    const all = await orderIds();
    expect(all).toHaveLength(10);

    const kept = await apply(design(withoutThreeOrders));
    expect(kept.code, kept.stderr).toBe(0);
    expect(kept.stderr.split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^${tableName}: unchanged; 24 items written in \\d+ ms$`)),
      `${tableName} still holds 3 items not in the design; --replace deletes them`,
      '',
    ]);
    expect(await orderIds()).toEqual(all);

    const replaced = await apply(design(withoutThreeOrders), '--replace', '--json');
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(replaced.stderr.split('\n')[0]).toBe(
      `keyplan apply: will delete 3 items not in the design from table ${tableName}`,
    );
    expect(replaced.json().items).toEqual({ written: 24, deleted: 3, total: 24, notInDesign: 0 });
    const example = getExample('online-store')!.design as Design;
    const removed = example.items.Order.slice(0, 3).map((o) => o.orderId);
    expect(await orderIds()).toEqual(all.filter((id) => !removed.includes(id)));
  });

  it('refuses a recreate without --recreate, naming the table and its items, and changes nothing', async () => {
    const lsi = (d: Design) => {
      withoutThreeOrders(d);
      d.table.localSecondaryIndexes = [
        { name: 'LSI1', sortKey: { name: 'LSI1SK', type: 'S' }, projection: { type: 'ALL' } },
      ];
    };
    const before = await orderIds();
    const refused = await apply(design(lsi));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `keyplan apply: will delete and recreate table ${tableName} holding 24 items (local secondary indexes changed (they can only be set when a table is created)); nothing was changed: pass --recreate to do it\n`,
    );
    expect(await orderIds()).toEqual(before);

    const recreated = await apply(design(lsi), '--recreate');
    expect(recreated.code, recreated.stderr).toBe(0);
    expect(recreated.stderr.split('\n')[0]).toBe(
      `keyplan apply: will delete and recreate table ${tableName} holding 24 items (local secondary indexes changed (they can only be set when a table is created))`,
    );
  });

  it('refuses an item DynamoDB would refuse before it changes anything, even with --replace', async () => {
    const before = await orderIds();
    const result = await apply(
      design((d) => {
        d.items.Customer = [{ ...d.items.Customer[0], name: 'x'.repeat(401 * 1024) }];
      }),
      '--replace',
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^keyplan apply: DynamoDB would refuse this item, so nothing was changed:\nitems\.Customer\[0\]: the item \(PK "CUSTOMER#c1", SK "PROFILE"\) is 401\.\d KB, over DynamoDB's 400 KB item limit\n$/,
    );
    expect(await orderIds()).toEqual(before);
  });

  it('refuses --replace with --no-items as wrong usage', async () => {
    const result = await apply(design(), '--replace', '--no-items');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^keyplan apply: --replace deletes the items not in the design/);
  });
});
