import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../../model/schema.ts';
import type { EntityDraft, KeySpec, KeyValues } from './fit-template.ts';
import { chooseTemplate } from './infer-keys.ts';

function draft(samples: Record<string, JsonValue>[], types: Record<string, 'S' | 'N'> = {}): EntityDraft {
  const names = [...new Set(samples.flatMap((s) => Object.keys(s)))];
  return {
    attributes: names.map((name) => ({ name, type: types[name] ?? 'S', synthetic: false })),
    samples: samples.map((s) => ({ ...s })),
    reserved: new Set(['PK', 'SK', 'GSI1PK', 'score', 'entityType']),
  };
}

const PK: KeySpec = { name: 'PK', type: 'S' };
const infer = (d: EntityDraft, values: KeyValues, key = PK, alias?: string) =>
  chooseTemplate(d, key, values, { candidates: [], alias, infer: true }).template;

describe('key template inference', () => {
  it('uses an attribute that holds the whole value', () => {
    const d = draft([{ email: 'a@x' }, { email: 'b@x' }]);
    expect(infer(d, ['a@x', 'b@x'])).toBe('{email}');
    expect(d.attributes).toHaveLength(1);
  });

  it('keeps a value every item shares as a literal', () => {
    expect(infer(draft([{}, {}]), ['PROFILE', 'PROFILE'])).toBe('PROFILE');
  });

  it('reads a shared value with digits as an id, not a literal', () => {
    const d = draft([{}, {}]);
    expect(infer(d, ['o#12345', 'o#12345'])).toBe('o#{oId}');
    expect(d.samples).toEqual([{ oId: '12345' }, { oId: '12345' }]);
  });

  it('splits on "#" into a literal prefix and an attribute', () => {
    const d = draft([{ userId: 'u1' }, { userId: 'u2' }]);
    expect(infer(d, ['USER#u1', 'USER#u2'])).toBe('USER#{userId}');
  });

  it('makes an attribute for the varying part, named after the prefix, and sets it on each sample', () => {
    const d = draft([{ name: 'Ann' }, { name: 'Bo' }]);
    expect(infer(d, ['USER#u1', 'USER#u2'])).toBe('USER#{userId}');
    expect(d.attributes.find((a) => a.name === 'userId')).toEqual({
      name: 'userId',
      type: 'S',
      synthetic: true,
    });
    expect(d.samples).toEqual([
      { name: 'Ann', userId: 'u1' },
      { name: 'Bo', userId: 'u2' },
    ]);
  });

  it('reuses an attribute made for an earlier key', () => {
    const d = draft([{}, {}]);
    expect(infer(d, ['c#1', 'c#2'])).toBe('c#{cId}');
    expect(infer(d, ['c#1', 'c#2'], { name: 'SK', type: 'S' })).toBe('c#{cId}');
    expect(d.attributes.map((a) => a.name)).toEqual(['cId']);
  });

  it('takes no attribute for a part on the evidence of one item where it happens to hold the same value', () => {
    const one = draft([{ accountId: '123', SKU: '999', day: '28' }]);
    // "SKU" names the attribute before its part; nothing names accountId after "SUB".
    expect(infer(one, ['SUB#123#SKU#999'], { name: 'SK', type: 'S' })).toBe('SUB#{subId}#SKU#{SKU}');
    expect(infer(one, ['2023-06-28'], { name: 'NextPaymentDate', type: 'S' })).toBe('{nextPaymentDate}');
    // Across items, a part that varies as the attribute does is that attribute.
    const two = draft([
      { accountId: '123', day: '28' },
      { accountId: '456', day: '14' },
    ]);
    expect(infer(two, ['SUB#123', 'SUB#456'], { name: 'SK', type: 'S' })).toBe('SUB#{accountId}');
    expect(infer(two, ['2023-06-28', '2023-06-14'], { name: 'Due', type: 'S' })).toBe('2023-06-{day}');
  });

  it('reads what a key alias names: the whole value, the parts that vary, or each part', () => {
    const d = draft([{ SKU: '999' }]);
    expect(infer(d, ['ACC#123'], PK, 'AccountId')).toBe('ACC#{AccountId}');
    expect(infer(d, ['SUB#123#SKU#999'], { name: 'SK', type: 'S' }, 'SubId#SKU')).toBe(
      'SUB#{SubId}#SKU#{SKU}',
    );
    expect(d.samples).toEqual([{ SKU: '999', AccountId: '123', SubId: '123' }]);
    // As many parts as the key: literals where the items agree (or a capitalised word, typos and all), names.
    // An alias spelling the value is a literal, whatever its case.
    expect(infer(draft([{}]), ['METADATA'], PK, 'Metadata')).toBe('METADATA');
    const player = draft([{}]);
    expect(infer(player, ['#METADATA#p1'], PK, '#METEADATA#playerID')).toBe('#METADATA#{playerID}');
    expect(player.samples).toEqual([{ playerID: 'p1' }]);
  });

  it('finds an attribute inside a part with fixed text around it, preferring the one named like the prefix', () => {
    const d = draft([
      { categoryId: '1', productId: '1' },
      { categoryId: '2', productId: '2' },
    ]);
    expect(infer(d, ['C#1P#1', 'C#2P#2'], { name: 'GSI1SK', type: 'S' })).toBe('C#{categoryId}P#{productId}');
  });

  it('names parts after the key attribute when its name has the same parts', () => {
    const d = draft([{ State: 'OK' }, { State: 'WARN' }]);
    const key: KeySpec = { name: 'State#Date', type: 'S' };
    expect(infer(d, ['OK#2020-01-01', 'WARN#2020-01-02'], key)).toBe('{State}#{date}');
  });

  it('keeps a sparse index sparse: no key where an item has none', () => {
    const d = draft([{ status: 'A' }, { status: 'B' }, { status: 'C' }]);
    const template = infer(d, ['STATUS#A', undefined, 'STATUS#C'], { name: 'GSI1PK', type: 'S' });
    expect(template).toBe('{gsi1pk}');
    expect(d.samples[1]).toEqual({ status: 'B' });
    expect(d.samples[0].gsi1pk).toBe('STATUS#A');
  });

  it('takes a number key from a number attribute, or makes one of type N', () => {
    const withAttribute = draft([{ points: 10 }, { points: 20 }], { points: 'N' });
    const key: KeySpec = { name: 'score', type: 'N' };
    expect(infer(withAttribute, [10, 20], key)).toBe('{points}');
    const without = draft([{}, {}]);
    expect(infer(without, [10, 20], key)).toBe('{score2}');
    expect(without.attributes).toEqual([{ name: 'score2', type: 'N', synthetic: true }]);
    expect(without.samples).toEqual([{ score2: 10 }, { score2: 20 }]);
  });

  it('names the value after the facet key alias, as the alias spells it', () => {
    expect(infer(draft([{}]), ['4711'], PK, 'CustomerId')).toBe('{CustomerId}');
  });

  it('tries named candidates first and says why one does not fit', () => {
    const d = draft([{ timestamp: 't1', treatmentId: 'T11' }]);
    const chosen = chooseTemplate(d, { name: 'SK', type: 'S' }, ['t1#T1'], {
      candidates: [
        { template: '{timestamp}#{treatmentId}', source: 'ModelSchema' },
        { template: '{SK}', source: 'ModelSchema' },
      ],
      infer: true,
    });
    expect(chosen.template).toBe('{timestamp}#{sk}');
    expect(chosen.rejected.map((r) => r.why)).toEqual([
      "it does not give back the items' keys",
      '{SK} is a key attribute (or the type attribute), which a Keyplan template cannot use',
    ]);
  });

  it('accepts a candidate whose placeholders are new attributes, read from each key', () => {
    const d = draft([{}, {}]);
    const chosen = chooseTemplate(d, PK, ['ORDER#000042', 'ORDER#000043'], {
      candidates: [{ template: 'ORDER#{n:6}', source: 'test' }],
      infer: true,
    });
    expect(chosen).toEqual({ template: 'ORDER#{n:6}', rejected: [] });
    expect(d.samples).toEqual([{ n: '000042' }, { n: '000043' }]);
  });

  it('gives an index key no template when no item has it and nothing names one', () => {
    const d = draft([{}]);
    expect(
      chooseTemplate(d, { name: 'GSI1PK', type: 'S' }, [undefined], { candidates: [], infer: false }),
    ).toEqual({
      template: undefined,
      rejected: [],
    });
  });
});
