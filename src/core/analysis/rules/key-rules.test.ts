// One design where each key rule fires and one where it stays quiet.
import { describe, expect, it } from 'vitest';
import { entityIn, findingsOf, patternIn, storeDesign, where } from '../../test-support/analysis-designs.ts';
import { adjacentPlaceholdersRule } from './adjacent-placeholders.ts';
import { entityIndexConflict } from './entity-index-conflict.ts';
import { hotPartition } from './hot-partition.ts';
import { indexKeyStale } from './index-key-stale.ts';
import { keyCollision } from './key-collision.ts';
import { undefinedIndex } from './undefined-index.ts';
import { unsortableSortKey } from './unsortable-sort-key.ts';
import { unterminatedPlaceholder } from './unterminated-placeholder.ts';

const withEntity = (keys: Record<string, string>) =>
  storeDesign((doc) => {
    doc.entities.push({
      name: 'Address',
      attributes: [{ name: 'customerId', type: 'S', required: true }],
      keys,
    });
  });

describe('key-collision', () => {
  it('stays quiet when entities sharing a partition have distinct sort keys', () => {
    expect(findingsOf(keyCollision, withEntity({ PK: 'CUSTOMER#{customerId}', SK: 'ADDRESS' }))).toEqual([]);
  });

  it('flags two entities that certainly write the same primary key as an error', () => {
    const findings = findingsOf(keyCollision, withEntity({ PK: 'CUSTOMER#{customerId}', SK: 'PROFILE' }));
    expect(where(findings)).toEqual([['error', 'entities[3].keys.SK']]);
    expect(findings[0].related).toEqual(['entities[0].keys.SK']);
    expect(findings[0].message).toBe(
      'Customer and Address write the same primary key (PK CUSTOMER#{customerId}, SK PROFILE): one replaces the other.',
    );
  });

  it('reports a catch-all sort key once, at its entity, with the real prefixes to use', () => {
    // An imported entity whose whole SK is one attribute: it can produce every key of the partition.
    const withNote = (sk: string) =>
      storeDesign((doc) => {
        doc.entities.push({
          name: 'Note',
          attributes: [
            { name: 'customerId', type: 'S', required: true },
            { name: 'sk', type: 'S', required: true, keyOnly: true },
          ],
          keys: { PK: 'CUSTOMER#{customerId}', SK: '{sk}' },
        });
        doc.items = { ...doc.items, Note: [{ customerId: 'c1', sk }] };
      });
    const findings = findingsOf(keyCollision, withNote('ORDER#2024'));
    expect(where(findings)).toEqual([['warning', 'entities[3].keys.SK']]);
    // Its sample ORDER#2024 has the shape of Order's keys (ORDER#2026-…#o100), not of Customer's PROFILE.
    expect(findings[0].related).toEqual(['entities[1].keys.SK']);
    expect(findings[0].message).toBe(
      "Note's SK {sk} is one placeholder: it can produce the keys of Order: one item could replace another.",
    );
    expect(findings[0].fix).toBe(
      'Give each entity a literal SK prefix no other can produce, in the template: Order keeps ORDER#; Note NOTE#{sk}.',
    );
    // Samples that carry a prefix of their own keep the entities apart by convention: info, and the fix
    // names that prefix.
    const apart = findingsOf(keyCollision, withNote('N1'));
    expect(where(apart)).toEqual([['info', 'entities[3].keys.SK']]);
    expect(apart[0].fix).toMatch(/\(Customer PROFILE…, Note N…\)/);
    // Samples of a shape no other key has (a phone number: digits, no #) show the keys apart: quiet.
    expect(findingsOf(keyCollision, withNote('512.333.3333'))).toEqual([]);
  });

  it('blames the catch-all that meets every other entity (one with no samples), not one its samples set apart', () => {
    const design = storeDesign((doc) => {
      doc.entities.push(
        {
          name: 'Device',
          attributes: [
            { name: 'customerId', type: 'S', required: true },
            { name: 'number', type: 'S', required: true },
          ],
          keys: { PK: 'CUSTOMER#{customerId}', SK: '{number}' },
        },
        {
          name: 'Provider',
          attributes: [
            { name: 'customerId', type: 'S', required: true },
            { name: 'sk', type: 'S', required: true },
          ],
          keys: { PK: 'CUSTOMER#{customerId}', SK: '{sk}' },
        },
      );
      doc.items = { ...doc.items, Device: [{ customerId: 'c1', number: '512.333.3333' }] };
    });
    const findings = findingsOf(keyCollision, design);
    expect(where(findings)).toEqual([['warning', 'entities[4].keys.SK']]);
    expect(findings[0].message).toMatch(/^Provider's SK \{sk\} is one placeholder/);
  });

  it('flags samples of one entity that share a primary key, naming them and the key', () => {
    // Two orders of customer c3 are DELIVERED: with SK = ORDER#{status} the later one replaces the earlier.
    const design = storeDesign((doc) => {
      entityIn(doc, 'Order').keys.SK = 'ORDER#{status}';
    });
    const findings = findingsOf(keyCollision, design);
    expect(where(findings)).toEqual([['error', 'entities[1].keys.SK']]);
    expect(findings[0].message).toBe(
      'A sample of Order shares a primary key: items.Order[5] and items.Order[7] (PK "CUSTOMER#c3", SK "ORDER#DELIVERED"); only the last one is stored.',
    );
    expect(findings[0].fix).toBe(
      'The key templates (PK CUSTOMER#{customerId}, SK ORDER#{status}) must tell two Order items apart: put what ' +
        'identifies one in SK (e.g. {orderId}). Colliding: items.Order[5] and items.Order[7] (PK "CUSTOMER#c3", SK "ORDER#DELIVERED").',
    );
  });

  it('lets samples of one entity share a GSI key, which need not be unique', () => {
    const design = storeDesign((doc) => {
      entityIn(doc, 'Order').keys.GSI1SK = 'ORDER';
    });
    expect(findingsOf(keyCollision, design)).toEqual([]);
  });
});

describe('entity-index-conflict', () => {
  it('stays quiet when each index read of an entity agrees with the others', () => {
    expect(findingsOf(entityIndexConflict, storeDesign())).toEqual([]);
  });

  it('leaves to pattern-unserved an entity a read lists by mistake beside the ones its partition holds', () => {
    // order-line-items reads ORDER#{orderId}, where LineItems are; Customer in its returns is the pattern's
    // mistake, not a second PK template Customer needs.
    const design = storeDesign((doc) => {
      patternIn(doc, 'order-line-items', 'Query').returns = ['LineItem', 'Customer'];
    });
    expect(findingsOf(entityIndexConflict, design)).toEqual([]);
  });

  it('flags an entity two patterns want under different partition keys of one index', () => {
    const design = storeDesign((doc) => {
      doc.accessPatterns.push({
        id: 'recent-orders',
        name: 'Recent orders',
        operation: 'Query',
        index: 'GSI1',
        keyCondition: { partition: 'RECENT' },
        returns: ['Order'],
      });
    });
    const findings = findingsOf(entityIndexConflict, design);
    expect(where(findings)).toEqual([['error', 'entities[1].keys.GSI1PK']]);
    expect(findings[0].message).toMatch(
      /STATUS#\{status\} for orders-by-status and RECENT for recent-orders/,
    );
  });
});

describe('hot-partition', () => {
  it('stays quiet for partition keys with many values', () => {
    const design = storeDesign((doc) => {
      delete entityIn(doc, 'Order').attributes?.find((a) => a.name === 'status')?.enum;
    });
    expect(findingsOf(hotPartition, design)).toEqual([]);
  });

  it('warns on a constant GSI partition key and on reading a constant partition nobody writes', () => {
    const design = storeDesign((doc) => {
      entityIn(doc, 'Order').keys.GSI1PK = 'ORDERS';
      doc.accessPatterns.push({
        id: 'by-date',
        name: 'By date',
        operation: 'Query',
        index: 'GSI1',
        keyCondition: { partition: 'BYDATE' },
      });
    });
    const findings = findingsOf(hotPartition, design);
    expect(where(findings)).toEqual([
      ['warning', 'entities[1].keys.GSI1PK'],
      ['warning', 'accessPatterns[6].keyCondition.partition'],
    ]);
    expect(findings[0].fix).toMatch(/ORDERS#\{shard\}.*N Queries/);
  });

  it("says info for a few-valued key at modest rates, warning past a partition's write rate", () => {
    expect(where(findingsOf(hotPartition, storeDesign()))).toEqual([['info', 'entities[1].keys.GSI1PK']]);
    const busy = storeDesign((doc) => {
      patternIn(doc, 'place-order').rate = { perSecond: 1500 };
    });
    const findings = findingsOf(hotPartition, busy);
    expect(where(findings)).toEqual([['warning', 'entities[1].keys.GSI1PK']]);
    expect(findings[0].message).toMatch(/write 1,500 Order items a second/);
  });

  it('leaves a constant partition key alone in a design with no access patterns (an import)', () => {
    // A Workbench import makes a literal of a value every sample shares (ForumName "Amazon DynamoDB"):
    // with no pattern saying how items are written, that is no evidence of one busy partition.
    const design = storeDesign((doc) => {
      entityIn(doc, 'Order').keys.GSI1PK = 'Amazon DynamoDB';
      doc.accessPatterns = [];
    });
    expect(findingsOf(hotPartition, design)).toEqual([]);
  });

  it('leaves a singleton (constant partition and sort key) alone', () => {
    const design = storeDesign((doc) => {
      doc.entities.push({ name: 'Settings', attributes: [], keys: { PK: 'SETTINGS', SK: 'GLOBAL' } });
    });
    expect(where(findingsOf(hotPartition, design))).toEqual([['info', 'entities[1].keys.GSI1PK']]);
  });
});

describe('unsortable-sort-key', () => {
  it('stays quiet for ISO timestamps and padded numbers', () => {
    const design = storeDesign((doc) => {
      entityIn(doc, 'Order').keys.GSI1SK = '{total:10}#{createdAt}';
    });
    expect(findingsOf(unsortableSortKey, design)).toEqual([]);
  });

  it('flags an unpadded number and a non-ISO date in a string sort key', () => {
    const design = storeDesign((doc) => {
      entityIn(doc, 'Order').keys.GSI1SK = 'TOTAL#{total}';
      const items = doc.items as Record<string, Record<string, unknown>[]>;
      items.Order[0].createdAt = '10/08/2026 14:30';
    });
    const findings = findingsOf(unsortableSortKey, design);
    expect(where(findings)).toEqual([
      ['warning', 'entities[1].keys.SK'],
      ['warning', 'entities[1].keys.GSI1SK'],
    ]);
    expect(findings[0].message).toMatch(/sample 0 holds "10\/08\/2026 14:30", which is not ISO-8601/);
    expect(findings[1].fix).toMatch(/\{total:10\}/);
  });

  it('notes a list sorted by a random id when the entity has a time', () => {
    const design = storeDesign((doc) => {
      entityIn(doc, 'Order').keys.GSI1SK = 'ORDER#{orderId}';
    });
    const findings = findingsOf(unsortableSortKey, design);
    expect(where(findings)).toEqual([['info', 'entities[1].keys.GSI1SK']]);
    expect(findings[0].fix).toMatch(/put it first: ORDER#\{createdAt\}#\{orderId\}/);
  });

  it('leaves an id-first sort key alone when a GetItem finds the item by it (a time first would need the time)', () => {
    const design = storeDesign((doc) => {
      entityIn(doc, 'Order').keys.SK = 'ORDER#{orderId}';
      patternIn(doc, 'customer-orders', 'Query').scanIndexForward = undefined;
    });
    expect(where(findingsOf(unsortableSortKey, design))).toEqual([['info', 'entities[1].keys.SK']]);
    const looked = storeDesign((doc) => {
      entityIn(doc, 'Order').keys.SK = 'ORDER#{orderId}';
      doc.accessPatterns.push({
        id: 'get-order',
        name: 'Get an order',
        operation: 'GetItem',
        keyCondition: { partition: 'CUSTOMER#{customerId}', sort: { op: '=', value: 'ORDER#{orderId}' } },
        returns: ['Order'],
        example: { customerId: 'c1', orderId: 'o100' },
      });
    });
    expect(findingsOf(unsortableSortKey, looked)).toEqual([]);
    // A GetItem of the order's copy under its own id finds the copy, not the item the list sorts.
    const byCopy = storeDesign((doc) => {
      const order = entityIn(doc, 'Order');
      order.keys.SK = 'ORDER#{orderId}';
      order.copies = [{ name: 'ById', keys: { PK: 'ORDER#{orderId}', SK: 'DETAILS' } }];
      doc.accessPatterns.push({
        id: 'get-order',
        name: 'Get an order by its id',
        operation: 'GetItem',
        keyCondition: { partition: 'ORDER#{orderId}', sort: { op: '=', value: 'DETAILS' } },
        returns: ['Order'],
        example: { orderId: 'o100' },
      });
    });
    expect(where(findingsOf(unsortableSortKey, byCopy))).toEqual([['info', 'entities[1].keys.SK']]);
  });
});

describe('index-key-stale', () => {
  it('stays quiet when the update can rewrite every key it affects', () => {
    expect(findingsOf(indexKeyStale, storeDesign())).toEqual([]);
  });

  it('flags an update of a primary-key attribute, and of an index key that needs more than it sets', () => {
    const design = storeDesign((doc) => {
      entityIn(doc, 'Order').keys.GSI1PK = 'STATUS#{status}#{total}';
      patternIn(doc, 'ship-order', 'UpdateItem').set = ['status', 'createdAt'];
    });
    const findings = findingsOf(indexKeyStale, design);
    expect(where(findings)).toEqual([
      ['warning', 'accessPatterns[5].set[0]'],
      ['error', 'accessPatterns[5].set[1]'],
    ]);
    expect(`${findings[0].message} ${findings[0].fix}`).toMatch(
      /GSI1PK STATUS#\{status\}#\{total\}.*does not know \{total\}/,
    );
    expect(`${findings[1].message} ${findings[1].fix}`).toMatch(
      /SK ORDER#\{createdAt\}#\{orderId\}.*never changes in place/,
    );
  });
});

describe('undefined-index', () => {
  it('stays quiet when every index-like attribute is a key of an index', () => {
    expect(findingsOf(undefinedIndex, storeDesign())).toEqual([]);
  });

  it('flags an attribute named like a key of an index the table lacks', () => {
    const design = storeDesign((doc) => {
      entityIn(doc, 'Customer').attributes?.push({ name: 'GSI2PK', type: 'S' });
    });
    const findings = findingsOf(undefinedIndex, design);
    expect(where(findings)).toEqual([['error', 'entities[0].attributes[3]']]);
    expect(findings[0].message).toMatch(/named like a key of index GSI2, which the table does not define/);
    expect(findings[0].fix).toMatch(/Add GSI2 to the table \(keyed by GSI2PK\)/);
  });

  it('names the key a misspelt attribute means (gsi1sk beside GSI1SK), as a warning', () => {
    const design = storeDesign((doc) => {
      entityIn(doc, 'Customer').attributes?.push({ name: 'gsi1sk', type: 'S' });
    });
    const findings = findingsOf(undefinedIndex, design);
    expect(where(findings)).toEqual([['warning', 'entities[0].attributes[3]']]);
    expect(findings[0].message).toMatch(/writes gsi1sk, not the index key GSI1SK/);
    expect(findings[0].fix).toMatch(/Rename gsi1sk to GSI1SK/);
  });

  it('stays quiet on an attribute that is the source of its own index key (GSI1SK {gsi1sk})', () => {
    // A Workbench import names the attribute behind GSI1-SK gsi1Sk: the item writes GSI1-SK from it.
    const design = storeDesign((doc) => {
      const customer = entityIn(doc, 'Customer');
      customer.attributes?.push({ name: 'gsi1sk', type: 'S' });
      customer.keys.GSI1SK = '{gsi1sk}';
    });
    expect(findingsOf(undefinedIndex, design)).toEqual([]);
  });
});

describe('unterminated-placeholder', () => {
  it('stays quiet when every placeholder ends with a delimiter, a fixed width or the end of the key', () => {
    expect(findingsOf(unterminatedPlaceholder, storeDesign())).toEqual([]);
    const padded = storeDesign((doc) => {
      entityIn(doc, 'LineItem').keys.SK = 'ITEM#{sku:8}X';
    });
    expect(findingsOf(unterminatedPlaceholder, padded)).toEqual([]);
  });

  it('warns at a placeholder followed by a letter (C#{categoryId}P#…), with the delimited template as fix', () => {
    // product-catalog's GSI1SK: begins_with "C#1" for category 1 also matches category 10.
    const design = storeDesign((doc) => {
      entityIn(doc, 'LineItem').keys.SK = 'O#{orderId}I#{sku}';
    });
    const findings = findingsOf(unterminatedPlaceholder, design);
    expect(where(findings)).toEqual([['warning', 'entities[2].keys.SK']]);
    expect(findings[0].fix).toBe(
      'End {orderId} with a delimiter: O#{orderId}#I#{sku} (or give it a fixed width, {orderId:N}).',
    );
  });
});

describe('adjacent-placeholders', () => {
  it('stays quiet when touching placeholders have a fixed width (padding, ulid) or none touch', () => {
    expect(findingsOf(adjacentPlaceholdersRule, storeDesign())).toEqual([]);
    const fixed = storeDesign((doc) => {
      entityIn(doc, 'LineItem').keys.SK = 'ITEM#{quantity:4}{sku}';
    });
    expect(findingsOf(adjacentPlaceholdersRule, fixed)).toEqual([]);
  });

  it('notes touching placeholders (OneTable writes account#{name}{id}), naming both, with a delimited fix', () => {
    const design = storeDesign((doc) => {
      entityIn(doc, 'LineItem').keys.SK = 'O#{orderId}{sku}';
    });
    const findings = findingsOf(adjacentPlaceholdersRule, design);
    expect(where(findings)).toEqual([['info', 'entities[2].keys.SK']]);
    expect(findings[0].message).toContain('puts {orderId} right before {sku}');
    expect(findings[0].fix).toBe(
      'Put a delimiter between them: O#{orderId}#{sku} (or pad {orderId}, or give it a fixed-width format).',
    );
  });
});
