// Requests keep every digit: an argument given as the digits of a 23-digit number (as `--arg` gives it) is
// that number in the key condition, in a key rendered as text and in a filter operand, and a filter literal
// of 38 digits in the design is sent as written.
import { describe, expect, it } from 'vitest';
import { readDesignText } from '../checks/design-text.ts';
import type { Design } from '../model/schema.ts';
import { buildRequest } from './build.ts';
import { coerceArguments } from './typed-arguments.ts';

const DESIGN = `{
  "format": "keyplan/1",
  "name": "Ledger",
  "table": { "name": "Ledger", "partitionKey": { "name": "PK", "type": "S" }, "sortKey": { "name": "SK", "type": "N" } },
  "entities": [
    {
      "name": "Entry",
      "attributes": [
        { "name": "account", "type": "N", "required": true },
        { "name": "at", "type": "N", "required": true },
        { "name": "amount", "type": "N" }
      ],
      "keys": { "PK": "ACCOUNT#{account}", "SK": "{at}" }
    }
  ],
  "accessPatterns": [
    {
      "id": "entries",
      "name": "An account's entries from a time on, with amounts between",
      "operation": "Query",
      "keyCondition": { "partition": "ACCOUNT#{account}", "sort": { "op": ">=", "value": "{from}" } },
      "filter": [{ "attribute": "amount", "op": "between", "value": "{low}", "to": 99999999999999999999999999999999999999 }],
      "returns": ["Entry"]
    }
  ]
}`;

function design(): Design {
  const read = readDesignText(DESIGN);
  if (read.kind !== 'design' || read.problems.length) throw new Error(JSON.stringify(read));
  return read.design;
}

describe('exact numbers in requests', () => {
  it('sends digit-string arguments and design literals with every digit', () => {
    const d = design();
    const args = coerceArguments(d, {
      account: '12345678901234567890123',
      from: '1.2345678901234567890124E+22',
      low: '-0.30000000000000000000000000000000000001',
    });
    const { input } = buildRequest(d, d.accessPatterns[0], args);
    expect(input).toMatchObject({
      KeyConditionExpression: 'PK = :pk AND SK >= :sk',
      ExpressionAttributeValues: {
        ':pk': { S: 'ACCOUNT#12345678901234567890123' },
        ':sk': { N: '12345678901234567890124' },
        ':amount': { N: '-0.30000000000000000000000000000000000001' },
        ':amount2': { N: '99999999999999999999999999999999999999' },
      },
    });
  });
});
