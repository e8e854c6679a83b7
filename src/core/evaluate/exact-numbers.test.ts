// Numbers a double cannot hold (DynamoDB keeps 38 significant digits) stay exact through key templates,
// derivation, the views' order and every read: key conditions, between, paging and a GSI Scan.
import { describe, expect, it } from 'vitest';
import { readDesignText } from '../checks/design-text.ts';
import { buildViewsFor } from '../indexes/views.ts';
import { deriveItems } from '../items/derive.ts';
import type { Design } from '../model/schema.ts';
import type { ReadSpec } from '../requests/read-spec.ts';
import { canonicalNumber } from '../values/compare.ts';
import { isExactNumber, stringifyExactJson } from '../values/exact-json.ts';
import type { KeyValue, PlainItem } from '../values/item.ts';
import { evaluateRead } from './evaluate.ts';

// Sort keys in DynamoDB's numeric order. The first three share one double, as do the last two.
const AMOUNTS = [
  '-12345678901234567890124',
  '-12345678901234567890123',
  '-1.5E-130',
  '0',
  '1E-130',
  '0.3',
  '0.30000000000000000000000000000000000001',
  '12345678901234567890123',
  '12345678901234567890124',
  '1.2345678901234567890125E+22',
  '9.9999999999999999999999999999999999999E+125',
];

const designText = `{
  "format": "keyplan/1",
  "name": "Ledger",
  "table": {
    "name": "Ledger",
    "partitionKey": { "name": "PK", "type": "S" },
    "sortKey": { "name": "SK", "type": "N" },
    "globalSecondaryIndexes": [
      { "name": "ByAmount", "partitionKey": { "name": "GPK", "type": "N" }, "projection": { "type": "ALL" } }
    ]
  },
  "entities": [
    {
      "name": "Entry",
      "attributes": [{ "name": "amount", "type": "N", "required": true }],
      "keys": { "PK": "LEDGER", "SK": "{amount}", "GPK": "{amount}" }
    },
    {
      "name": "Label",
      "attributes": [{ "name": "amount", "type": "N", "required": true }],
      "keys": { "PK": "LABEL#{amount}", "SK": "0" }
    }
  ],
  "items": {
    "Entry": [${[...AMOUNTS]
      .reverse()
      .map((a, i) => `{ "amount": ${i % 2 ? a.toLowerCase() : a} }`)
      .join(', ')}],
    "Label": [{ "amount": 1.2345678901234567890123E+22 }, { "amount": 1e21 }]
  }
}`;

function design(): Design {
  const read = readDesignText(designText);
  if (read.kind !== 'design' || read.problems.length) throw new Error(JSON.stringify(read));
  return read.design;
}

const text = (value: unknown) => stringifyExactJson(value);
const canonical = (value: unknown) => canonicalNumber(value as KeyValue);
// DynamoDB's canonical text of each amount, as a JSON literal: all digits, no exponent.
const CANONICAL = [
  '-12345678901234567890124',
  '-12345678901234567890123',
  `-0.${'0'.repeat(129)}15`,
  '0',
  `0.${'0'.repeat(129)}1`,
  '0.3',
  '0.30000000000000000000000000000000000001',
  '12345678901234567890123',
  '12345678901234567890124',
  '12345678901234567890125',
  `${'9'.repeat(38)}${'0'.repeat(88)}`,
];

describe('exact numbers end to end in the core', () => {
  const d = design();
  const views = buildViewsFor(d);
  const read = (spec: Omit<ReadSpec, 'operation'> & { operation?: ReadSpec['operation'] }) =>
    evaluateRead(d, views, { operation: 'Query', ...spec } as ReadSpec);
  const sks = (items: PlainItem[]) => items.map((i) => canonical(i.SK));

  it('derives N keys from single-placeholder templates exactly, and renders S keys with all the digits', () => {
    const items = deriveItems(d);
    const sk = items.find((i) => text(i.item.amount) === '12345678901234567890124')!.item.SK;
    expect(isExactNumber(sk)).toBe(true);
    expect(text(sk)).toBe('12345678901234567890124');
    const labels = items.filter((i) => i.entity === 'Label').map((i) => i.item.PK);
    expect(labels).toEqual(['LABEL#12345678901234567890123', 'LABEL#1000000000000000000000']);
  });

  it('queries a partition in numeric order, both ways, and pages one item at a time without losing any', () => {
    expect(sks(read({ partition: 'LEDGER' }).items)).toEqual(CANONICAL);
    expect(sks(read({ partition: 'LEDGER', scanIndexForward: false }).items)).toEqual(
      [...CANONICAL].reverse(),
    );
    const paged: string[] = [];
    let start: PlainItem | undefined;
    do {
      const page = read({ partition: 'LEDGER', limit: 1, exclusiveStartKey: start });
      paged.push(...sks(page.items));
      start = page.lastEvaluatedKey;
    } while (start);
    expect(paged).toEqual(CANONICAL);
  });

  it('evaluates key conditions exactly: =, <, >=, between', () => {
    const [exact] = readValues('[12345678901234567890124, 12345678901234567890123, 1E-130]');
    expect(sks(read({ partition: 'LEDGER', sort: { op: '=', value: exact } }).items)).toEqual([CANONICAL[8]]);
    expect(sks(read({ partition: 'LEDGER', sort: { op: '>=', value: exact } }).items)).toEqual(
      CANONICAL.slice(8),
    );
    expect(
      sks(read({ partition: 'LEDGER', sort: { op: '<', value: '-12345678901234567890123' } }).items),
    ).toEqual([CANONICAL[0]]);
    const between = read({
      partition: 'LEDGER',
      sort: {
        op: 'between',
        value: '0.30000000000000000000000000000000000001',
        to: '12345678901234567890123',
      },
    });
    expect(sks(between.items)).toEqual([CANONICAL[6], CANONICAL[7]]);
  });

  it('scans a GSI keyed on N in numeric order of its partitions, and reads one partition by its exact key', () => {
    const scanned = read({ operation: 'Scan', index: 'ByAmount' }).items.map((i) => canonical(i.GPK));
    expect(scanned).toEqual(CANONICAL);
    const one = read({ index: 'ByAmount', partition: readValues('[12345678901234567890123]')[0] });
    expect(one.items.map((i) => text(i.GPK))).toEqual(['12345678901234567890123']);
  });
});

function readValues(json: string) {
  const read = readDesignText(
    `{"format":"keyplan/1","name":"x","table":{"name":"tbl","partitionKey":{"name":"p","type":"S"}},"entities":[{"name":"E","attributes":[{"name":"v","type":"NS"}],"keys":{"p":"x"}}],"items":{"E":[{"v":${json}}]}}`,
  );
  if (read.kind !== 'design') throw new Error(JSON.stringify(read));
  return read.design.items!.E[0].v as never[];
}
