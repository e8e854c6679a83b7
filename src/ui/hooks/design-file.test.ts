// A design file opened and saved again is the same text, digit for digit (issue #12): numbers a double
// cannot hold are kept from File › Open through the design to File › Save (and the JSON tab, which prints
// the same text).
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../core/model/design-limits.ts';
import { designFileText, readDesignFile, readFormatFile } from './design-file.ts';

describe('design files keep every digit', () => {
  it('saves what it opened, byte for byte', async () => {
    const design = {
      format: 'keyplan/1',
      name: 'Ledger',
      table: { name: 'Ledger', partitionKey: { name: 'PK', type: 'S' } },
      entities: [
        {
          name: 'Entry',
          attributes: [
            { name: 'id', type: 'S', required: true },
            { name: 'amount', type: 'N' },
          ],
          keys: { PK: 'ENTRY#{id}' },
        },
      ],
      items: { Entry: [{ id: 'e1', amount: 0 }] },
      accessPatterns: [],
    };
    const opened = await readDesignFile(
      new File(
        [
          `${JSON.stringify(design, null, 2).replace('"amount": 0', '"amount": 12345678901234567890123456789.5')}\n`,
        ],
        'ledger.keyplan.json',
      ),
    );
    if (!opened.ok) throw new Error(opened.message);
    const saved = designFileText(opened.design);
    expect(saved).toContain('"amount": 12345678901234567890123456789.5');
    const reopened = await readDesignFile(new File([saved], 'ledger.keyplan.json'));
    expect(reopened.ok && designFileText(reopened.design)).toBe(saved);
  });
});

describe('#26 class 7: a file nested past the depth limit is refused on Open, naming the file and the limit', () => {
  const deep = (levels: number) => `{"format":"keyplan/1","name":${'['.repeat(levels)}${']'.repeat(levels)}}`;
  const workbench = (levels: number) =>
    `{"ModelName":"deep","DataModel":[{"TableName":"Deep","KeyAttributes":{"PartitionKey":{"AttributeName":"PK","AttributeType":"S"}},"TableData":[{"PK":{"S":"a"},"deep":${'{"L":['.repeat(levels)}{"S":"v"}${']}'.repeat(levels)}}]}]}`;

  it('File › Open of a design, and Import of a NoSQL Workbench model', async () => {
    const opened = await readDesignFile(new File([deep(50_000)], 'deep.keyplan.json'));
    expect(opened).toEqual({
      ok: false,
      message: `deep.keyplan.json is not a Keyplan design: the JSON nests lists and objects deeper than ${MAX_JSON_DEPTH} levels, the most Keyplan reads (DynamoDB nests an attribute value at most 32 levels)`,
    });
    const imported = await readFormatFile('nosql-workbench')(
      new File([workbench(50_000)], 'deep.workbench.json'),
    );
    expect(imported).toEqual({
      ok: false,
      message: `deep.workbench.json: the JSON nests lists and objects deeper than ${MAX_JSON_DEPTH} levels, the most Keyplan reads (DynamoDB nests an attribute value at most 32 levels)`,
    });
  });
});
