// Issue #28, item 2: what ElectroDB 3.9.3 itself writes, compared with what `keyplan import --from electrodb`
// derives from the same entity: key casing (`casing` on each index's pk and sk: upper, lower, none, default
// and absent, which are lower), with and without a `template`, with a collection, on a clustered index and on
// an index without a sort key; `set`/`watch` attributes; an index field that is not its index's key. The
// library's own `put(item).params()` is the reference (no DynamoDB needed for params).
import { Entity } from 'electrodb';
import { describe, expect, it } from 'vitest';
import { validateDesign } from '../../../src/core/checks/validate.ts';
import { importDesign } from '../../../src/core/io/index.ts';
import { deriveKeys } from '../../../src/core/items/derive-item.ts';
import type { Design, SampleValues } from '../../../src/core/model/schema.ts';

// biome-ignore lint/suspicious/noExplicitAny: ElectroDB schemas built at run time, of every shape under test
type AnySchema = any;

/** An ElectroDB template placeholder, `${name}`. */
const ph = (name: string) => `\${${name}}`;

const CASINGS = ['upper', 'lower', 'none', 'default', undefined] as const;

function imported(exports: Record<string, unknown>): { design: Design; warnings: string[] } {
  const result = importDesign('electrodb', { kind: 'module', exports });
  if (!result.ok) throw new Error(result.message);
  const checked = validateDesign(result.design);
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
  return { design: result.design, warnings: result.warnings ?? [] };
}

/** The key attributes ElectroDB's put writes for the item, against the design's derived keys. */
function compare(entity: InstanceType<typeof Entity>, design: Design, item: SampleValues) {
  const written = (entity.put(item).params() as { Item: Record<string, unknown> }).Item;
  const derived = deriveKeys(design, design.entities[0], item);
  const keys = Object.fromEntries(Object.keys(derived).map((name) => [name, written[name]]));
  return { derived, keys };
}

/** An entity with one casing on every key: the table's, a GSI with a collection, a clustered GSI, a pk-only GSI. */
function casedEntity(casing: (typeof CASINGS)[number], template: boolean): AnySchema {
  const key = (field: string, composite: string[], text?: string) => ({
    field,
    composite,
    ...(casing === undefined ? {} : { casing }),
    ...(template && text !== undefined ? { template: text } : {}),
  });
  return {
    model: { entity: 'Order-Line', version: '2', service: 'ShopApp' },
    attributes: {
      orderId: { type: 'string', required: true },
      lineNo: { type: 'number', required: true, padding: { length: 4, char: '0' } },
      storeId: { type: 'string', required: true, label: 'Store' },
      sku: { type: 'string', required: true },
    },
    indexes: {
      byOrder: {
        pk: key('pk', ['orderId'], `Order#${ph('orderId')}`),
        sk: key('sk', ['lineNo'], `Line#${ph('lineNo')}`),
      },
      byStore: {
        index: 'gsi1',
        collection: 'StoreView',
        pk: key('gsi1pk', ['storeId'], `Store#${ph('storeId')}`),
        sk: key('gsi1sk', ['sku', 'orderId'], `Sku#${ph('sku')}#Order#${ph('orderId')}`),
      },
      clustered: {
        index: 'gsi2',
        type: 'clustered',
        collection: ['Outer', 'Inner'],
        pk: key('gsi2pk', ['sku']),
        sk: key('gsi2sk', ['orderId']),
      },
      bySku: { index: 'gsi3', pk: key('gsi3pk', ['sku', 'storeId'], `SKU#${ph('sku')}/${ph('storeId')}`) },
    },
  };
}

describe('ElectroDB key casing: the derived keys are the ones ElectroDB writes', () => {
  // Values already in the key's case (digits and lower-case text for lower and default; upper-case text for
  // upper; any for none), so that ElectroDB's casing of the values is no change.
  const samples: Record<string, SampleValues> = {
    upper: { orderId: 'O-17', lineNo: 3, storeId: 'NORTH', sku: 'AB9' },
    lower: { orderId: 'o-17', lineNo: 3, storeId: 'north', sku: 'ab9' },
    none: { orderId: 'Or-17', lineNo: 3, storeId: 'NoRth', sku: 'aB9' },
  };
  for (const template of [false, true])
    for (const casing of CASINGS) {
      const label = `${casing ?? 'absent'}${template ? ', with templates' : ", in ElectroDB's own format"}`;
      it(`casing ${label}`, () => {
        const entity = new Entity(casedEntity(casing, template), { table: 'shop' });
        const { design, warnings } = imported({ entity });
        const sample = samples[casing === 'upper' || casing === 'none' ? casing : 'lower'];
        const { derived, keys } = compare(entity, design, sample);
        expect(Object.keys(derived).sort()).toEqual(
          ['gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'pk', 'sk'].sort(),
        );
        expect(derived).toEqual(keys);
        // Values ElectroDB would change the case of are named, unless the casing is none.
        const named = warnings.some((w) => w.includes('ElectroDB changes the case of the values in'));
        expect(named).toBe(casing !== 'none');
      });
    }

  it('a value not in the key case: ElectroDB changes it, Keyplan keeps it, and the warning names the keys', () => {
    const entity = new Entity(casedEntity(undefined, false), { table: 'shop' });
    const { design, warnings } = imported({ entity });
    const { derived, keys } = compare(entity, design, {
      orderId: 'O-17',
      lineNo: 3,
      storeId: 'North',
      sku: 'ab9',
    });
    expect(keys.pk).toBe('$shopapp#orderid_o-17');
    expect(derived.pk).toBe('$shopapp#orderid_O-17');
    expect(derived.gsi2pk).toBe(keys.gsi2pk);
    expect(warnings).toContain(
      "entity Order-Line: ElectroDB changes the case of the values in pk (lower), sk (lower), gsi1pk (lower), gsi1sk (lower), gsi2pk (lower), gsi2sk (lower), gsi3pk (lower) (its default casing is lower); Keyplan's templates keep a value as it is, so the keys match for values already in that case",
    );
  });
});

describe('ElectroDB set and watch on plain attributes', () => {
  const schema = (attributes: AnySchema): AnySchema => ({
    model: { entity: 'issue', version: '1', service: 'vc' },
    attributes: { issueId: { type: 'string', required: true }, ...attributes },
    indexes: { issue: { pk: { field: 'pk', composite: ['issueId'] }, sk: { field: 'sk', composite: [] } } },
  });

  it('a set that always writes one value of the attribute is read as its only value, as ElectroDB writes it', () => {
    const entity = new Entity(
      schema({ ticketType: { type: ['Issue', 'PullRequest'] as const, set: () => 'Issue', readOnly: true } }),
      { table: 'issues' },
    );
    const { design, warnings } = imported({ entity });
    const written = (entity.put({ issueId: 'i1', ticketType: 'PullRequest' }).params() as AnySchema).Item;
    expect(written.ticketType).toBe('Issue');
    const attribute = design.entities[0].attributes.find((a) => a.name === 'ticketType');
    expect(attribute?.enum).toEqual([written.ticketType]);
    expect(warnings).toContain(
      'entity issue.ticketType: its set function always writes "Issue" (on each write): read as its only value (enum)',
    );
  });

  it('a set computed from watched attributes, or from the time, is a warning naming the attribute and what it watches', () => {
    const entity = new Entity(
      schema({
        issueNumber: { type: 'string' },
        ticketNumber: {
          type: 'string',
          watch: ['issueNumber'],
          set: (_: unknown, item: { issueNumber?: string }) => item.issueNumber,
        },
        updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
        seen: { type: 'string', watch: ['issueNumber'] },
      }),
      { table: 'issues' },
    );
    const { design, warnings } = imported({ entity });
    // ElectroDB's own write: the watched copy is there, so a sample must hold it (nothing is dropped).
    const written = (entity.put({ issueId: 'i1', issueNumber: '42' }).params() as AnySchema).Item;
    expect(written.ticketNumber).toBe('42');
    expect(design.entities[0].attributes.map((a) => a.name)).toEqual([
      'issueId',
      'issueNumber',
      'ticketNumber',
      'updatedAt',
      'seen',
    ]);
    expect(warnings).toEqual(
      expect.arrayContaining([
        'entity issue.ticketNumber: its set function computes the stored value when issueNumber changes, from code Keyplan does not hold: the samples must hold the value it writes',
        'entity issue.updatedAt: its set function computes the stored value when every attribute changes, from code Keyplan does not hold: the samples must hold the value it writes',
        'entity issue.seen: it watches issueNumber but has no set function; read as a plain attribute',
      ]),
    );
  });
});

describe("ElectroDB: an index field that is not its index key (the library example's gsi13sk)", () => {
  const book = new Entity(
    {
      model: { entity: 'book', version: '1', service: 'library' },
      attributes: { isbn: { type: 'string', required: true }, title: { type: 'string', required: true } },
      indexes: {
        copies: { pk: { field: 'pk', composite: ['isbn'] }, sk: { field: 'sk', composite: [] } },
        editions: {
          collection: ['titles'],
          index: 'gsi3',
          pk: { field: 'gsi3pk', composite: ['title'] },
          sk: { field: 'gsi3sk', composite: ['isbn'] },
        },
      },
    },
    { table: 'electro' },
  );
  const genre = new Entity(
    {
      model: { entity: 'genre', version: '1', service: 'library' },
      attributes: {
        isbn: { type: 'string', required: true },
        genre: { type: 'string', required: true },
        title: { type: 'string', required: true },
      },
      indexes: {
        book: { pk: { field: 'pk', composite: ['isbn'] }, sk: { field: 'sk', composite: ['genre'] } },
        title: {
          collection: ['titles'],
          index: 'gsi3',
          pk: { field: 'gsi3pk', composite: ['title'] },
          sk: { field: 'gsi13sk', composite: ['genre'] },
        },
      },
    },
    { table: 'electro' },
  );

  it('is a warning on that index naming entity, access pattern and field; the rest of the service imports', () => {
    const { design, warnings } = imported({ book, genre });
    expect(warnings).toContain(
      'entity genre.indexes.title: its sk field gsi13sk is not a key of index gsi3 (gsi3pk/gsi3sk, as book declares it): ElectroDB writes gsi13sk as a plain attribute, the item is not in the index and a query on title fails; the index is not read for genre',
    );
    // ElectroDB writes the typo'd field, and no gsi3sk: the item is not in gsi3.
    const written = (genre.put({ isbn: 'i1', genre: 'sf', title: 'dune' }).params() as AnySchema).Item;
    expect(written.gsi13sk).toBeDefined();
    expect(written.gsi3sk).toBeUndefined();
    const [bookEntity, genreEntity] = design.entities;
    expect(Object.keys(genreEntity.keys)).toEqual(['pk', 'sk']);
    expect(deriveKeys(design, genreEntity, { isbn: 'i1', genre: 'sf', title: 'dune' })).toEqual({
      pk: written.pk,
      sk: written.sk,
    });
    expect(Object.keys(bookEntity.keys)).toEqual(['pk', 'sk', 'gsi3pk', 'gsi3sk']);
    expect(
      design.table.globalSecondaryIndexes.map((g) => [g.name, g.partitionKey?.name, g.sortKey?.name]),
    ).toEqual([['gsi3', 'gsi3pk', 'gsi3sk']]);
    expect(design.accessPatterns.map((p) => p.name)).toEqual(['copies', 'editions', 'book', 'titles']);
  });
});
