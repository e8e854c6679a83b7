// A design file opened and saved again is the same text, digit for digit (issue #12): numbers a double
// cannot hold are kept from File › Open through the design to File › Save (and the JSON tab, which prints
// the same text).
import { describe, expect, it } from 'vitest';
import { designFileText, readDesignFile } from './design-file.ts';

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
