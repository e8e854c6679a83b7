// One design where each pattern rule fires and one where it stays quiet (the built-in online-store
// example, edited as little as the case needs).
import { describe, expect, it } from 'vitest';
import { findingsOf, patternIn, storeDesign, where } from '../../test-support/analysis-designs.ts';
import { consistentReadGsi } from './consistent-read-gsi.ts';
import { patternScan } from './pattern-scan.ts';
import { patternUnserved } from './pattern-unserved.ts';
import { prefixCollision } from './prefix-collision.ts';

describe('pattern-unserved', () => {
  it('stays quiet when every read reaches what it returns', () => {
    expect(findingsOf(patternUnserved, storeDesign())).toEqual([]);
  });

  it('names the part of the key condition no entity writes', () => {
    const design = storeDesign((doc) => {
      patternIn(doc, 'orders-by-status', 'Query').keyCondition.partition = 'STATE#{status}';
      patternIn(doc, 'customer-orders', 'Query').keyCondition.sort = { op: 'begins_with', value: 'ORDERS#' };
      patternIn(doc, 'order-line-items', 'Query').returns = ['LineItem', 'Customer'];
    });
    const findings = findingsOf(patternUnserved, design);
    expect(where(findings)).toEqual([
      ['error', 'accessPatterns[1].keyCondition.sort'],
      ['error', 'accessPatterns[2].returns[1]'],
      ['error', 'accessPatterns[3].keyCondition.partition'],
    ]);
    expect(`${findings[0].message} ${findings[0].fix}`).toMatch(
      /begins_with\(SK, ORDERS#\).*Order writes ORDER#\{createdAt\}#\{orderId\}/,
    );
    expect(`${findings[1].message} ${findings[1].fix}`).toMatch(
      /returns Customer, but no Customer item can match PK = ORDER#\{orderId\}/,
    );
    expect(`${findings[2].message} ${findings[2].fix}`).toMatch(
      /GSI1PK = STATE#\{status\}.*Order writes STATUS#\{status\}/,
    );
  });

  it('names an index no entity is in, and a get whose key its entity never has', () => {
    const design = storeDesign((doc) => {
      doc.table.globalSecondaryIndexes?.push({
        name: 'ByEmail',
        partitionKey: { name: 'EMAIL', type: 'S' },
        projection: { type: 'ALL' },
      });
      doc.accessPatterns.push(
        {
          id: 'by-email',
          name: 'By email',
          operation: 'Query',
          index: 'ByEmail',
          keyCondition: { partition: '{email}' },
        },
        {
          id: 'batch',
          name: 'Batch',
          operation: 'BatchGetItem',
          gets: [{ entity: 'Customer', key: { partition: 'CUSTOMER#{customerId}', sort: 'DETAILS' } }],
        },
      );
    });
    expect(where(findingsOf(patternUnserved, design))).toEqual([
      ['error', 'accessPatterns[6].index'],
      ['error', 'accessPatterns[7].gets[0].key'],
    ]);
  });
});

describe('pattern-scan', () => {
  it('stays quiet when every read is a Query or GetItem without filter', () => {
    expect(findingsOf(patternScan, storeDesign())).toEqual([]);
  });

  it('flags a Scan and a filtered Query, and says which key would serve them', () => {
    const design = storeDesign((doc) => {
      doc.accessPatterns.push(
        {
          id: 'all-placed',
          name: 'All placed',
          operation: 'Scan',
          filter: [{ attribute: 'status', op: '=', value: 'PLACED' }],
        },
        {
          id: 'big-orders',
          name: 'Big orders',
          operation: 'Query',
          keyCondition: { partition: 'CUSTOMER#{customerId}', sort: { op: 'begins_with', value: 'ORDER#' } },
          filter: [{ attribute: 'total', op: '>', value: '{min}' }],
          returns: ['Order'],
        },
      );
    });
    const findings = findingsOf(patternScan, design);
    expect(where(findings)).toEqual([
      ['warning', 'accessPatterns[6].operation'],
      ['warning', 'accessPatterns[7].filter'],
    ]);
    expect(`${findings[0].message} ${findings[0].fix}`).toMatch(
      /GSI whose partition key is STATUS#\{status\}/,
    );
    expect(`${findings[1].message} ${findings[1].fix}`).toMatch(/put \{total\} first in Order's sort key/);
  });
});

describe('prefix-collision', () => {
  const withNotes = (prefix: string) =>
    storeDesign((doc) => {
      doc.entities.push({
        name: 'OrderNote',
        attributes: [
          { name: 'customerId', type: 'S', required: true },
          { name: 'noteId', type: 'S', required: true },
        ],
        keys: { PK: 'CUSTOMER#{customerId}', SK: 'ORDERNOTE#{noteId}' },
      });
      doc.items = { ...doc.items, OrderNote: [{ customerId: 'c1', noteId: 'n1' }] };
      const orders = patternIn(doc, 'customer-orders', 'Query');
      orders.keyCondition.sort = { op: 'begins_with', value: prefix };
      delete orders.returns;
    });

  it('stays quiet when the prefix ends with a delimiter', () => {
    expect(findingsOf(prefixCollision, withNotes('ORDER#'))).toEqual([]);
    expect(findingsOf(prefixCollision, storeDesign())).toEqual([]);
  });

  it('flags a prefix that also matches another entity in the partition', () => {
    const findings = findingsOf(prefixCollision, withNotes('ORDER'));
    expect(where(findings)).toEqual([['error', 'accessPatterns[1].keyCondition.sort.value']]);
    expect(`${findings[0].message} ${findings[0].fix}`).toMatch(
      /meant for Order's ORDER#\{createdAt\}#\{orderId\} but also matches OrderNote's SK ORDERNOTE#\{noteId\}/,
    );
    expect(`${findings[0].message} ${findings[0].fix}`).toMatch(/returns 1 such item/);
  });

  it('flags a Query without sort condition whose partition holds entities it does not return', () => {
    const design = storeDesign((doc) => {
      delete patternIn(doc, 'customer-orders', 'Query').keyCondition.sort;
    });
    const findings = findingsOf(prefixCollision, design);
    expect(where(findings)).toEqual([['error', 'accessPatterns[1].keyCondition']]);
    expect(`${findings[0].message} ${findings[0].fix}`).toMatch(
      /also holds Customer items.*begins_with\(SK, 'ORDER#'\)/,
    );
  });
});

describe('consistent-read-gsi', () => {
  it('stays quiet for consistent reads of the table', () => {
    const design = storeDesign((doc) => {
      patternIn(doc, 'customer-orders', 'Query').consistentRead = true;
    });
    expect(findingsOf(consistentReadGsi, design)).toEqual([]);
  });

  it('flags a consistent read of a GSI', () => {
    const design = storeDesign((doc) => {
      patternIn(doc, 'orders-by-status', 'Query').consistentRead = true;
    });
    expect(where(findingsOf(consistentReadGsi, design))).toEqual([
      ['error', 'accessPatterns[3].consistentRead'],
    ]);
  });
});
