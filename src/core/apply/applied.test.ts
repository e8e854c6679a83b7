import { describe, expect, it } from 'vitest';
import { getExample } from '../features/examples/index.ts';
import { type Design, designSchema } from '../model/schema.ts';
import { applyFingerprint, marshalledItems } from './applied.ts';

const store = (): Design => designSchema.parse(structuredClone(getExample('ecommerce')!.design));

/** A copy of the design with `edit` applied to it (designs are immutable elsewhere; here a clone is edited). */
function edited(edit: (design: Design) => void): Design {
  const design = store();
  edit(design);
  return design;
}

describe('applyFingerprint', () => {
  const base = applyFingerprint(store());

  it('ignores what Apply does not create: patterns, their examples and rates, descriptions, expected counts', () => {
    const same = edited((d) => {
      d.name = 'Renamed design';
      d.description = 'another description';
      const pattern = d.accessPatterns[0];
      pattern.example = { ...pattern.example, userId: 'someone-else' };
      pattern.rate = { perSecond: 1234 };
      pattern.name = 'renamed pattern';
      d.accessPatterns.reverse();
      d.entities[0].description = 'who buys';
      d.entities[0].expectedItems = 5_000_000;
      d.table.pointInTimeRecovery = true;
    });
    expect(applyFingerprint(same)).toBe(base);
  });

  it('ignores the order of entities, samples, indexes and object keys', () => {
    const same = edited((d) => {
      d.entities.reverse();
      d.table.globalSecondaryIndexes.reverse();
      for (const name of Object.keys(d.items)) {
        d.items[name] = d.items[name]
          .map((values) => Object.fromEntries(Object.entries(values).reverse()))
          .reverse();
      }
      d.items = Object.fromEntries(Object.entries(d.items).reverse());
    });
    expect(applyFingerprint(same)).toBe(base);
  });

  it.each<[string, (d: Design) => void]>([
    ['a key template', (d) => (d.entities[0].keys.SK = `${d.entities[0].keys.SK}#X`)],
    ['a sample value', (d) => (d.items[d.entities[0].name][0].extra = 'new attribute')],
    ['a removed sample', (d) => d.items[d.entities[0].name].pop()],
    ['the billing mode', (d) => (d.table.billing = { mode: 'PROVISIONED', read: 5, write: 5 })],
    ['the TTL attribute', (d) => (d.table.ttlAttribute = 'expiresAt')],
    ['the table name', (d) => (d.table.name = 'OtherTable')],
    ['a GSI projection', (d) => (d.table.globalSecondaryIndexes[0].projection = { type: 'KEYS_ONLY' })],
    ['a removed GSI', (d) => d.table.globalSecondaryIndexes.pop()],
    ['the type attribute', (d) => (d.table.typeAttribute = 'kind')],
    ['the stream', (d) => (d.table.stream = 'NEW_IMAGE')],
  ])('changes with %s', (_, edit) => {
    expect(applyFingerprint(edited(edit))).not.toBe(base);
  });

  it('changes when a declared type changes how an item is marshalled', () => {
    const design = edited((d) => {
      d.entities[0].attributes.push({ name: 'tags', type: 'L' });
      d.items[d.entities[0].name][0].tags = ['a', 'b'];
    });
    const asSet = structuredClone(design);
    asSet.entities[0].attributes.at(-1)!.type = 'SS';
    expect(applyFingerprint(asSet)).not.toBe(applyFingerprint(design));
  });

  it('is computed even when an item cannot be marshalled (Apply would refuse it)', () => {
    const design = edited((d) => {
      d.entities[0].attributes.push({ name: 'codes', type: 'NS' });
      d.items[d.entities[0].name][0].codes = ['not a number'];
    });
    expect(() => marshalledItems(design)).toThrow(/expected a number/);
    expect(applyFingerprint(design)).toMatch(/^[0-9a-f]{16}$/);
  });
});
