import { describe, expect, it } from 'vitest';
import { readDesignText } from '../../checks/design-text.ts';
import { ExactNumber } from '../../values/exact-json.ts';
import { TABLE_INDEX } from '../indexes.ts';
import { addPartitionQuery, addSampleToPartition } from './partition.ts';

const text = `{"format":"keyplan/1","name":"Ledger","table":{"name":"Ledger","partitionKey":{"name":"PK","type":"S"},
  "sortKey":{"name":"SK","type":"S"}},"entities":[{"name":"Entry","attributes":[{"name":"account","type":"N"},
  {"name":"id","type":"S"}],"keys":{"PK":"ACCOUNT#{account}","SK":"ENTRY#{id}"}}],
  "items":{"Entry":[{"account":12345678901234567890123,"id":"e1"}]}}`;

describe('grid edits in a partition keyed on a number a double cannot hold', () => {
  it('copies the number with every digit into a new sample and into the Query example', () => {
    const read = readDesignText(text);
    if (read.kind !== 'design') throw new Error(JSON.stringify(read));
    const added = addSampleToPartition(read.design, 'Entry', TABLE_INDEX, 0);
    expect(added.items.Entry[1]).toEqual({ account: new ExactNumber('12345678901234567890123') });
    const queried = addPartitionQuery(read.design, 'Entry', TABLE_INDEX, 0);
    expect(queried.accessPatterns[0].example).toEqual({
      account: new ExactNumber('12345678901234567890123'),
    });
  });
});
