// One design where each table-wide rule fires and one where it stays quiet.
import { describe, expect, it } from 'vitest';
import {
  type DesignEdit,
  entityIn,
  findingsOf,
  patternIn,
  storeDesign,
  where,
} from '../../test-support/analysis-designs.ts';
import { indexLimits } from './index-limits.ts';
import { itemSizeRule } from './item-size.ts';
import { missingTypeAttribute } from './missing-type-attribute.ts';
import { reservedWord } from './reserved-word.ts';
import { unconditionalPut } from './unconditional-put.ts';
import { unusedIndex } from './unused-index.ts';

describe('index-limits', () => {
  it('stays quiet within the limits', () => {
    expect(findingsOf(indexLimits, storeDesign())).toEqual([]);
  });

  it('flags 21 GSIs and an LSI that sorts by the table sort key', () => {
    const design = storeDesign((doc) => {
      for (let n = 2; n <= 21; n++)
        doc.table.globalSecondaryIndexes?.push({
          name: `GSI${n}`,
          partitionKey: { name: `GSI${n}PK`, type: 'S' },
          projection: { type: 'ALL' },
        });
      doc.table.localSecondaryIndexes = [
        { name: 'LSI1', sortKey: { name: 'SK', type: 'S' }, projection: { type: 'ALL' } },
      ];
    });
    const findings = findingsOf(indexLimits, design);
    expect(where(findings)).toEqual([
      ['error', 'table.globalSecondaryIndexes'],
      ['error', 'table.localSecondaryIndexes[0].sortKey'],
    ]);
    expect(findings[0].message).toMatch(/21 GSIs; DynamoDB allows 20/);
  });
});

describe('unused-index', () => {
  it('stays quiet when every index is read and has members', () => {
    expect(findingsOf(unusedIndex, storeDesign())).toEqual([]);
  });

  it('flags an index nobody reads and one nobody is in', () => {
    const design = storeDesign((doc) => {
      patternIn(doc, 'orders-by-status', 'Query').index = undefined;
      patternIn(doc, 'orders-by-status', 'Query').keyCondition = { partition: 'CUSTOMER#{status}' };
      doc.table.globalSecondaryIndexes?.push({
        name: 'GSI2',
        partitionKey: { name: 'GSI2PK', type: 'S' },
        projection: { type: 'ALL' },
      });
    });
    const findings = findingsOf(unusedIndex, design);
    expect(where(findings)).toEqual([
      ['info', 'table.globalSecondaryIndexes[0]'],
      ['info', 'table.globalSecondaryIndexes[1]'],
    ]);
    expect(findings[0].message).toMatch(/GSI1 is read by no access pattern/);
    expect(findings[1].message).toMatch(/GSI2 is empty/);
    expect(findings[0].fix).toMatch(/or remove GSI1/);
  });

  it('only notes once, for the design, that no pattern uses its indexes yet when it has no access patterns (an imported model)', () => {
    const findings = findingsOf(
      unusedIndex,
      storeDesign((doc) => {
        doc.accessPatterns = [];
      }),
    );
    expect(where(findings)).toEqual([['info', 'accessPatterns']]);
    expect(findings[0].message).toBe('The design has no access patterns yet, so none uses GSI1 yet.');
    expect(findings[0].fix).not.toMatch(/remove/);
  });
});

describe('item-size', () => {
  it('stays quiet for small items', () => {
    expect(findingsOf(itemSizeRule, storeDesign())).toEqual([]);
  });

  it('warns past 100 KB and errs past 400 KB, naming the largest attributes', () => {
    const design = storeDesign((doc) => {
      entityIn(doc, 'Customer').attributes?.push({ name: 'bio', type: 'S' });
      entityIn(doc, 'LineItem').attributes?.push({ name: 'photo', type: 'S' });
      const items = doc.items as Record<string, Record<string, unknown>[]>;
      items.Customer[1].bio = 'x'.repeat(150 * 1024);
      items.LineItem[2].photo = 'y'.repeat(401 * 1024);
    });
    const findings = findingsOf(itemSizeRule, design);
    expect(where(findings)).toEqual([
      ['warning', 'entities[0]'],
      ['error', 'entities[2]'],
    ]);
    expect(findings[0].message).toMatch(
      /^Customer sample 1 is 150\.\d KB: over 100 KB, so each read of it costs 38 read units/,
    );
    expect(findings[1].message).toMatch(
      /over DynamoDB's 400 KB item limit.*Largest attributes: photo 401\.0 KB/,
    );
  });
});

describe('missing-type-attribute', () => {
  it('stays quiet when items keep their type attribute', () => {
    expect(findingsOf(missingTypeAttribute, storeDesign())).toEqual([]);
  });

  it('flags a projection that drops the type attribute from a read of several entities, unless no item holds one', () => {
    const edit = (doc: Parameters<DesignEdit>[0]) => {
      const gsi = doc.table.globalSecondaryIndexes?.[0];
      if (gsi) gsi.projection = { type: 'KEYS_ONLY' };
      entityIn(doc, 'Customer').keys.GSI1PK = 'STATUS#{name}';
      entityIn(doc, 'Customer').keys.GSI1SK = 'CUSTOMER#{customerId}';
      const orders = patternIn(doc, 'customer-orders', 'Query');
      delete orders.keyCondition.sort;
      orders.returns = ['Customer', 'Order'];
      orders.projection = ['name'];
    };
    const findings = findingsOf(missingTypeAttribute, storeDesign(edit));
    expect(where(findings)).toEqual([
      ['warning', 'accessPatterns[1].projection'],
      ['warning', 'table.globalSecondaryIndexes[0].projection'],
    ]);
    // An imported model's items carry no type attribute (writeTypeAttribute false): there is none to project.
    const untyped = storeDesign((doc) => {
      edit(doc);
      doc.table.writeTypeAttribute = false;
    });
    expect(findingsOf(missingTypeAttribute, untyped)).toEqual([]);
  });
});

describe('reserved-word', () => {
  it('stays quiet when no attribute name or expression is a reserved word', () => {
    const design = storeDesign((doc) => {
      doc.accessPatterns = doc.accessPatterns.filter((p) => p.id !== 'ship-order');
      for (const entity of doc.entities ?? [])
        entity.attributes = entity.attributes?.filter((a) => !['name', 'status', 'total'].includes(a.name));
      for (const entity of doc.entities ?? []) {
        delete entity.keys.GSI1PK;
        delete entity.keys.GSI1SK;
      }
      doc.accessPatterns = doc.accessPatterns?.filter((p) => p.id !== 'orders-by-status');
      doc.table.globalSecondaryIndexes = [];
      doc.items = {};
    });
    expect(findingsOf(reservedWord, design)).toEqual([]);
  });

  it('tells once per reserved name, at the attribute declaring it, every expression using it related', () => {
    const design = storeDesign((doc) => {
      patternIn(doc, 'customer-orders', 'Query').filter = [{ attribute: 'size', op: 'exists' }];
    });
    const findings = findingsOf(reservedWord, design);
    expect(findings.map((f) => [f.target, f.related])).toEqual([
      ['entities[0].attributes[1]', undefined],
      ['entities[1].attributes[3]', ['accessPatterns[5].set[0]']],
      ['entities[1].attributes[4]', undefined],
      // Used in a filter only, declared by no entity: where the expression uses it.
      ['accessPatterns[1].filter[0].attribute', undefined],
    ]);
    expect(findings[1].message).toMatch(
      /status is a DynamoDB reserved word \(used in an expression by ship-order\)/,
    );
    expect(findings.every((f) => f.message.length <= 160)).toBe(true);
  });
});

describe('unconditional-put', () => {
  it('stays quiet when every put is guarded', () => {
    expect(findingsOf(unconditionalPut, storeDesign())).toEqual([]);
  });

  it('flags a put without a condition, also inside a transaction', () => {
    const design = storeDesign((doc) => {
      delete patternIn(doc, 'place-order', 'TransactWriteItems').actions[1].condition;
      doc.accessPatterns.push({
        id: 'put-customer',
        name: 'Put a customer',
        operation: 'PutItem',
        entity: 'Customer',
      });
    });
    expect(where(findingsOf(unconditionalPut, design))).toEqual([
      ['info', 'accessPatterns[4].actions[1]'],
      ['info', 'accessPatterns[6]'],
    ]);
  });
});
