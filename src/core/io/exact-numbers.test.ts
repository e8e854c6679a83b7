// Exports keep every digit of a number: the Workbench model writes DynamoDB's own text (never
// `1.2345678901234568e+22`) and reads back to the same design.
import { describe, expect, it } from 'vitest';
import { readDesignText } from '../checks/design-text.ts';
import { deriveItems } from '../items/derive.ts';
import type { Design } from '../model/schema.ts';
import { exportDesign } from './export.ts';
import { importWorkbenchText } from './nosql-workbench/import.ts';

const EXACT_DESIGN = `{
  "format": "keyplan/1",
  "name": "Ledger",
  "table": {
    "name": "Ledger",
    "partitionKey": { "name": "PK", "type": "S" },
    "sortKey": { "name": "SK", "type": "N" }
  },
  "entities": [
    {
      "name": "Entry",
      "attributes": [
        { "name": "account", "type": "S", "required": true },
        { "name": "amount", "type": "N", "required": true },
        { "name": "rates", "type": "NS" },
        { "name": "code", "type": "N", "enum": [12345678901234567890123456789, 7] },
        { "name": "doc", "type": "M" }
      ],
      "keys": { "PK": "ACCOUNT#{account}#{amount}", "SK": "{amount}" }
    }
  ],
  "items": {
    "Entry": [
      { "account": "a1", "amount": 12345678901234567890123, "rates": [0.30000000000000000000000000000000000001, 1e22],
        "code": 12345678901234567890123456789, "doc": { "big": -1.2345678901234567890123E+22 } },
      { "account": "a2", "amount": 1e22, "code": 7 }
    ]
  }
}`;

function exactDesign(): Design {
  const read = readDesignText(EXACT_DESIGN);
  if (read.kind !== 'design' || read.problems.length) throw new Error(JSON.stringify(read));
  return read.design;
}

describe('exact numbers in exports', () => {
  it('imports a Workbench model keyed on 23-digit numbers with every digit, and derives the same keys', () => {
    const rows = ['12345678901234567890123', '12345678901234567890124', '1.5E-130'].map((n, i) => ({
      PK: { S: `METER#${i}` },
      SK: { N: n },
      reading: { N: n },
    }));
    const model = {
      ModelName: 'Meters',
      DataModel: [
        {
          TableName: 'Meters',
          KeyAttributes: {
            PartitionKey: { AttributeName: 'PK', AttributeType: 'S' },
            SortKey: { AttributeName: 'SK', AttributeType: 'N' },
          },
          TableData: rows,
        },
      ],
    };
    const imported = importWorkbenchText(JSON.stringify(model));
    if (!imported.ok) throw new Error(imported.message);
    const derived = deriveItems(imported.design).map(({ item }) => [
      item.PK,
      String(item.SK),
      String(item.reading),
    ]);
    expect(derived).toEqual([
      ['METER#0', '12345678901234567890123', '12345678901234567890123'],
      ['METER#1', '12345678901234567890124', '12345678901234567890124'],
      ['METER#2', '1.5e-130', '1.5e-130'],
    ]);
  });

  it('writes the Workbench model with DynamoDB number text, and reads it back to the same design', () => {
    const design = exactDesign();
    const { content } = exportDesign(design, 'nosql-workbench');
    expect(content).not.toMatch(/e\+22|isLosslessNumber/);
    const items = JSON.parse(content).DataModel[0].TableFacets[0].TableData;
    expect(items[0]).toMatchObject({
      PK: { S: 'ACCOUNT#a1#12345678901234567890123' },
      SK: { N: '12345678901234567890123' },
      amount: { N: '12345678901234567890123' },
      rates: { NS: ['0.30000000000000000000000000000000000001', '10000000000000000000000'] },
      doc: { M: { big: { N: '-12345678901234567890123' } } },
    });
    expect(items[1]).toMatchObject({
      PK: { S: 'ACCOUNT#a2#10000000000000000000000' },
      SK: { N: '10000000000000000000000' },
    });
    const back = importWorkbenchText(content);
    if (!back.ok) throw new Error(back.message);
    expect(back.warnings).toEqual([]);
    expect(back.design).toEqual(design);
  });
});
