// Issue #12, "exact numbers end to end": a design whose items hold numbers a double cannot hold (38
// significant digits, negative, exponents at DynamoDB's range limits), number sets of them, binary and
// binary sets is applied to a real DynamoDB Local, read back through `keyplan run --json` and compared with
// `keyplan query --json` (the in-memory evaluator) and with the design's own values: the same text, digit
// for digit. Before, `run` answered 12345678901234567890123456789012345678 as 12345678901234568000000….
import { describe, expect, inject, it } from 'vitest';
import { isExactNumber, parseExactJson, stringifyExactJson } from '../../core/values/exact-json.ts';
import { runKeyplan } from '../run-in-process.ts';

const b64 = (...bytes: number[]) => Buffer.from(bytes).toString('base64');

// Written as JSON text (a JS object literal would round the numbers before the test starts).
const designText = `{
  "format": "keyplan/1",
  "name": "Exact numbers",
  "table": {
    "name": "cli-exact-${process.pid}-${Date.now()}",
    "partitionKey": { "name": "PK", "type": "S" },
    "sortKey": { "name": "SK", "type": "S" },
    "globalSecondaryIndexes": [
      { "name": "ByValue", "partitionKey": { "name": "GSI1PK", "type": "S" },
        "sortKey": { "name": "GSI1SK", "type": "N" } }
    ]
  },
  "entities": [
    {
      "name": "Reading",
      "attributes": [
        { "name": "id", "type": "S", "required": true },
        { "name": "value", "type": "N" },
        { "name": "values", "type": "NS" },
        { "name": "blob", "type": "B" },
        { "name": "blobs", "type": "BS" }
      ],
      "keys": { "PK": "READING", "SK": "{id}", "GSI1PK": "READINGS", "GSI1SK": "{value}" }
    }
  ],
  "items": {
    "Reading": [
      { "id": "a", "value": 12345678901234567890123456789012345678,
        "values": [12345678901234567890123456789012345678, -98765432109876543210987654321098765.43, 7],
        "blob": "${b64(0x00, 0x01)}", "blobs": ["${b64(0x00, 0x01)}", "${b64(0xff)}"] },
      { "id": "b", "value": -1.5E-100, "values": [-1.5E-100, 1E-130, 0.1] },
      { "id": "c", "value": 9.9999999999999999999999999999999999999E+125,
        "values": [9.9999999999999999999999999999999999999E+125, -9.9999999999999999999999999999999999999E+125] },
      { "id": "d", "value": -0.000000000000000000000012345678901234567890123456789 },
      { "id": "e", "value": 12345678901234567890.5, "blob": "${b64(0xde, 0xad, 0xbe, 0xef)}" }
    ]
  },
  "accessPatterns": [
    { "id": "readings", "name": "Every reading", "operation": "Query",
      "keyCondition": { "partition": "READING" } },
    { "id": "reading", "name": "One reading", "operation": "GetItem",
      "keyCondition": { "partition": "READING", "sort": { "op": "=", "value": "{id}" } },
      "example": { "id": "a" } },
    { "id": "at-least", "name": "Readings of at least a value, smallest first", "operation": "Query",
      "index": "ByValue",
      "keyCondition": { "partition": "READINGS", "sort": { "op": ">=", "value": "{value}" } },
      "example": { "value": 0 } }
  ]
}`;

type Item = Record<string, unknown>;
const SETS = new Set(['values', 'blobs']);

/** One item's text with its attributes in name order and set members in text order (DynamoDB keeps neither). */
function canonical(item: Item): string {
  const text = (value: unknown) => stringifyExactJson(value);
  const entries = Object.entries(item)
    .filter(([name]) => !['PK', 'SK', 'GSI1PK', 'GSI1SK', 'entityType'].includes(name))
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, value]) =>
      SETS.has(name) ? [name, (value as unknown[]).map(text).sort().join(',')] : [name, text(value)],
    );
  return entries.map(([name, value]) => `${name}=${value}`).join(' ');
}

describe('exact numbers through apply, run and query', () => {
  it('reads back every digit DynamoDB stores, as query and the design have them', async () => {
    const dynamo = ['--endpoint', inject('dynamoEndpoint'), '--timeout', '10'];
    const applied = await runKeyplan(['apply', '-', ...dynamo, '--json'], designText);
    expect(applied.code, applied.stderr).toBe(0);

    const run = await runKeyplan(['run', '-', 'readings', ...dynamo, '--json'], designText);
    expect(run.code, run.stderr).toBe(0);
    const query = await runKeyplan(['query', '-', 'readings', '--json'], designText);
    expect(query.code, query.stderr).toBe(0);

    const ran: Item[] = run.json().items;
    const predicted: Item[] = query.json().items;
    const designed = (parseExactJson(designText) as { items: { Reading: Item[] } }).items.Reading;
    expect(ran.map((item) => item.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(ran.map(canonical)).toEqual(predicted.map(canonical));
    expect(ran.map(canonical)).toEqual(designed.map(canonical));
    // The digits are in the output text itself, as JSON numbers.
    expect(run.stdout).toContain('"value": 12345678901234567890123456789012345678');
    // 9.99…E+125 as DynamoDB answers it: plain digits, its normal form, which the design's value takes too.
    expect(run.stdout).toContain(`"value": ${'9'.repeat(38)}${'0'.repeat(88)}`);
    expect(isExactNumber(ran[0].value)).toBe(true);

    // GetItem with a 38-digit value in the answer, and the value as --arg for a read of the same item.
    const one = await runKeyplan(['run', '-', 'reading', ...dynamo, '--arg', 'id=c', '--json'], designText);
    expect(one.code, one.stderr).toBe(0);
    expect(canonical(one.json().items[0])).toBe(canonical(designed[2]));

    // An N sort key in numeric order, from a 38-digit --arg taken as written (as a double, 1.2345678901234568e+37,
    // it would be above item a's value and leave it out); run and query agree on every page's text.
    const atLeast = ['--arg', 'value=12345678901234567890123456789012345678', '--json'];
    const ranFrom = await runKeyplan(['run', '-', 'at-least', ...dynamo, ...atLeast], designText);
    const queriedFrom = await runKeyplan(['query', '-', 'at-least', ...atLeast], designText);
    expect(ranFrom.code, ranFrom.stderr).toBe(0);
    expect(queriedFrom.code, queriedFrom.stderr).toBe(0);
    expect(ranFrom.json().items.map((item: Item) => item.id)).toEqual(['a', 'c']);
    expect(ranFrom.json().items.map(canonical)).toEqual(queriedFrom.json().items.map(canonical));
    const all = ['--arg', 'value=-9.9999999999999999999999999999999999999E+125', '--json', '--limit', '2'];
    const ranAll = await runKeyplan(['run', '-', 'at-least', ...dynamo, ...all], designText);
    const queriedAll = await runKeyplan(['query', '-', 'at-least', ...all], designText);
    expect(ranAll.code, ranAll.stderr).toBe(0);
    expect(ranAll.json().items.map((item: Item) => item.id)).toEqual(['d', 'b']);
    // The start key of the next page, the same digits (DynamoDB orders its attributes otherwise).
    const keyText = (key: Item) =>
      stringifyExactJson(Object.fromEntries(Object.entries(key).sort(([a], [b]) => (a < b ? -1 : 1))));
    expect(keyText(ranAll.json().lastEvaluatedKey)).toBe(keyText(queriedAll.json().lastEvaluatedKey));
    expect(keyText(ranAll.json().lastEvaluatedKey)).toContain('"GSI1SK":-1.5e-100');
  });
});
