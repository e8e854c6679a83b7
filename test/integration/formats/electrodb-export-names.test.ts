// The names `keyplan export --to electrodb` gives what it writes come from the design's patterns
// (src/core/io/electrodb/export-names.ts): an entity's access pattern on an index is the Query pattern that
// returns it alone there, a collection of the Service a Query pattern reading a partition only; nothing else is
// named, and collections that ElectroDB could not nest as sub-collections are left out with a warning. The
// module is loaded with the real electrodb 3.9.3, whose Service refuses sub-collections out of order.
import { afterAll, describe, expect, it } from 'vitest';
import { exportFormat } from '../../../src/core/io/index.ts';
import { type Design, designSchema } from '../../../src/core/model/schema.ts';
import { importedModule, loadModuleText, moduleDirectory } from './library-support.ts';

const { dir, remove } = moduleDirectory('electrodb-names');
afterAll(remove);

const entity = (name: string) => ({
  name,
  attributes: [
    { name: 'accountId', type: 'S', required: true },
    { name: `${name.toLowerCase()}Id`, type: 'S', required: true },
  ],
  keys: { PK: 'ACCOUNT#{accountId}', SK: `${name.toUpperCase()}#{${name.toLowerCase()}Id}` },
});
const partition = (id: string, name: string, returns: string[]) => ({
  id,
  name,
  operation: 'Query',
  keyCondition: { partition: 'ACCOUNT#{accountId}' },
  returns,
});

const design: Design = designSchema.parse({
  format: 'keyplan/1',
  name: 'accounts',
  table: {
    name: 'Accounts',
    partitionKey: { name: 'PK', type: 'S' },
    sortKey: { name: 'SK', type: 'S' },
  },
  entities: [entity('User'), entity('Order'), entity('Invoice')],
  accessPatterns: [
    {
      ...partition('user-by-id', 'userById', ['User']),
      keyCondition: { partition: 'ACCOUNT#{accountId}', sort: { op: 'begins_with', value: 'USER#' } },
    },
    {
      ...partition('orders-of', 'Orders of an account', ['Order']),
      keyCondition: { partition: 'ACCOUNT#{accountId}', sort: { op: 'begins_with', value: 'ORDER#' } },
    },
    partition('everything', 'everything', ['User', 'Order', 'Invoice']),
    partition('billing', 'Billing of an account', ['Order', 'Invoice']),
    // Not nested in billing (User is not in it, Invoice is): ElectroDB could not order it, so it is left out.
    partition('people', 'people', ['User', 'Invoice']),
  ],
});

describe('ElectroDB export names, from the design patterns', () => {
  it('access patterns and collections as the patterns name them; none invented; one that cannot nest left out', async () => {
    const file = exportFormat(design, 'electrodb');
    if (!file) throw new Error('no export');
    expect(file.warnings).toContain(
      "pattern people: collection people is not written: User, Invoice are not in the same collections on the table (everything; everything/billingOfAnAccount), and ElectroDB's sub-collections nest",
    );
    const module = await loadModuleText(dir, 'names', file.content);
    const indexes = (name: string) => Object.keys(module.entities[name].schema.indexes);
    // A pattern name that is an identifier names the index; another is not one, so the index keeps its own.
    expect(indexes('User')).toEqual(['userById']);
    expect(indexes('Order')).toEqual(['primary']);
    expect(Object.keys(module.app.collections).sort()).toEqual(['billingOfAnAccount', 'everything']);
    expect(module.entities.Invoice.schema.indexes.primary.collection).toEqual([
      'everything',
      'billingOfAnAccount',
    ]);

    // Read back: each collection a pattern of its own name, and the export of that is the same module.
    const again = importedModule('electrodb', module);
    expect(again.accessPatterns.filter((p) => p.id.startsWith('collection-')).map((p) => p.name)).toEqual([
      'everything',
      'billingOfAnAccount',
    ]);
    // And that design is a fixed point of export → import.
    const text = exportFormat(again, 'electrodb')?.content ?? '';
    const third = importedModule('electrodb', await loadModuleText(dir, 'names-again', text));
    expect(JSON.stringify(third)).toBe(JSON.stringify(again));
  });
});
