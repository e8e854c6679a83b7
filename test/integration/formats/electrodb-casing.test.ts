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
import type { Design } from '../../../src/core/model/schema.ts';

// biome-ignore lint/suspicious/noExplicitAny: ElectroDB schemas built at run time, of every shape under test
type AnySchema = any;

const CASINGS = ['upper', 'lower', 'none', 'default', undefined] as const;

function imported(exports: Record<string, unknown>): { design: Design; warnings: string[] } {
  const result = importDesign('electrodb', { kind: 'module', exports });
  if (!result.ok) throw new Error(result.message);
  const checked = validateDesign(result.design);
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
  return { design: result.design, warnings: result.warnings ?? [] };
}

/** The key attributes ElectroDB's put writes for the item, against the design's derived keys. */
function compare(entity: InstanceType<typeof Entity>, design: Design, item: Record<string, unknown>) {
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
        pk: key('pk', ['orderId'], 'Order#${orderId}'),
        sk: key('sk', ['lineNo'], 'Line#${lineNo}'),
      },
      byStore: {
        index: 'gsi1',
        collection: 'StoreView',
        pk: key('gsi1pk', ['storeId'], 'Store#${storeId}'),
        sk: key('gsi1sk', ['sku', 'orderId'], 'Sku#${sku}#Order#${orderId}'),
      },
      clustered: {
        index: 'gsi2',
        type: 'clustered',
        collection: ['Outer', 'Inner'],
        pk: key('gsi2pk', ['sku']),
        sk: key('gsi2sk', ['orderId']),
      },
      bySku: { index: 'gsi3', pk: key('gsi3pk', ['sku', 'storeId'], 'SKU#${sku}/${storeId}') },
    },
  };
}

describe('ElectroDB key casing: the derived keys are the ones ElectroDB writes', () => {
  // Values already in the key's case (digits and lower-case text for lower and default; upper-case text for
  // upper; any for none), so that ElectroDB's casing of the values is no change.
  const samples: Record<string, Record<string, unknown>> = {
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
      'entity Order-Line: ElectroDB changes the case of the values in pk (lower), sk (lower), gsi1pk (lower), gsi1sk (lower), gsi2pk (lower), gsi2sk (lower), gsi3pk (lower) (its default casing is lower); Keyplan\'s templates keep a value as it is, so the keys match for values already in that case',
    );
  });
});
