import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { updateAttribute } from '../model/ops/attributes.ts';
import { setEntityKey } from '../model/ops/entities.ts';
import { updateSample } from '../model/ops/samples.ts';
import type { Design, DesignInput } from '../model/schema.ts';
import { naturalKeysDesign } from '../test-support/natural-keys-design.ts';
import { stringifyExactJson } from '../values/exact-json.ts';
import { formatProblems, validateDesign, validateDesignText } from './validate.ts';

const exampleText = readFileSync(
  new URL('../../../fixtures/examples/online-store.keyplan.json', import.meta.url),
  'utf8',
);
const example = () => JSON.parse(exampleText);

function problemsOf(mutate: (doc: ReturnType<typeof example>) => void): string {
  const doc = example();
  mutate(doc);
  const result = validateDesign(doc);
  expect(result.ok).toBe(false);
  return formatProblems(result.problems);
}

describe('validateDesign', () => {
  it('accepts the shared online-store example and fills defaults', () => {
    const result = validateDesign(example());
    expect(result.problems).toEqual([]);
    expect(result.design?.table.typeAttribute).toBe('entityType');
    expect(result.design?.table.billing).toEqual({ mode: 'PAY_PER_REQUEST' });
  });

  it('names the path of a typo in a placeholder', () => {
    expect(problemsOf((d) => (d.entities[1].keys.GSI1PK = 'STATUS#{statuz}'))).toBe(
      'entities[1].keys.GSI1PK: unknown attribute {statuz}',
    );
  });

  it('reports schema errors with paths', () => {
    expect(problemsOf((d) => (d.format = 'keyplan/9'))).toMatch(/^format: /);
    expect(problemsOf((d) => (d.table.colour = 'red'))).toBe('table: unknown field "colour"');
    expect(problemsOf((d) => (d.table.name = 'a b'))).toMatch(/^table\.name: may only contain/);
  });

  it('names the field, the allowed values and the value given for every bad enum', () => {
    expect(problemsOf((d) => (d.table.billing = { mode: 'FREE' }))).toBe(
      'table.billing.mode: must be one of PAY_PER_REQUEST, PROVISIONED (got "FREE")',
    );
    expect(problemsOf((d) => (d.table.billing = {}))).toBe(
      'table.billing.mode: must be one of PAY_PER_REQUEST, PROVISIONED (got nothing)',
    );
    expect(problemsOf((d) => (d.accessPatterns[2].operation = 'Select'))).toBe(
      'accessPatterns[2].operation: must be one of GetItem, Query, Scan, PutItem, UpdateItem, DeleteItem, ' +
        'TransactWriteItems, TransactGetItems, BatchGetItem (got "Select")',
    );
    expect(problemsOf((d) => (d.table.globalSecondaryIndexes[0].projection = { type: 'SOME' }))).toBe(
      'table.globalSecondaryIndexes[0].projection.type: must be one of ALL, KEYS_ONLY, INCLUDE (got "SOME")',
    );
    expect(problemsOf((d) => (d.entities[0].attributes[0].type = 'STRING'))).toBe(
      'entities[0].attributes[0].type: must be one of S, N, B, BOOL, NULL, L, M, SS, NS, BS (got "STRING")',
    );
    expect(problemsOf((d) => (d.accessPatterns[1].keyCondition.sort.op = 'like'))).toBe(
      'accessPatterns[1].keyCondition.sort.op: must be one of =, <, <=, >, >=, begins_with, between (got "like")',
    );
    expect(problemsOf((d) => (d.accessPatterns[5].condition = 'maybe'))).toBe(
      'accessPatterns[5].condition: must be one of not-exists, exists, a list (got "maybe")',
    );
    expect(problemsOf((d) => (d.format = 'keyplan/9'))).toBe('format: must be keyplan/1 (got "keyplan/9")');
  });

  it('checks references: indexes, entities, key attributes, table keys', () => {
    expect(problemsOf((d) => (d.accessPatterns[3].index = 'GSI9'))).toBe(
      'accessPatterns[3].index: no index is named "GSI9"',
    );
    expect(problemsOf((d) => (d.accessPatterns[5].entity = 'Shipment'))).toBe(
      'accessPatterns[5].entity: no entity is named "Shipment"',
    );
    expect(problemsOf((d) => (d.entities[0].keys.GSI7PK = 'X#{name}'))).toBe(
      'entities[0].keys.GSI7PK: "GSI7PK" is not a key attribute of the table or of any index',
    );
    expect(problemsOf((d) => delete d.entities[2].keys.SK)).toBe(
      'entities[2].keys: missing a template for the table key SK',
    );
    expect(problemsOf((d) => (d.accessPatterns[5].set = ['colour']))).toBe(
      'accessPatterns[5].set[0]: "colour" is not an attribute of Order',
    );
    expect(problemsOf((d) => (d.accessPatterns[0].keyCondition.sort.op = 'begins_with'))).toMatch(
      /accessPatterns\[0\]\.keyCondition\.sort: GetItem needs the full primary key/,
    );
  });

  it('takes natural keys (an attribute that is a key, template {name}) and says why a wrong one is refused', () => {
    const natural = naturalKeysDesign();
    expect(validateDesign(natural).problems).toEqual([]);
    const problems = (mutate: (doc: DesignInput) => void) => {
      const doc = naturalKeysDesign();
      mutate(doc);
      return formatProblems(validateDesign(doc).problems);
    };
    const post = (doc: DesignInput) => doc.entities![0];
    expect(problems((d) => (post(d).keys.user_id = 'USER#{user_id}'))).toBe(
      'entities[0].keys.user_id: "user_id" is also an attribute of Post: an item holds one value under that name, so the key is the attribute itself and its template must be "{user_id}" (got "USER#{user_id}"); to build a key from it, name the attribute differently',
    );
    expect(problems((d) => (post(d).attributes![3].type = 'S')).split('\n')[0]).toBe(
      'entities[0].attributes[3].type: "score" is index ByStatus\'s sort key and index ByScore\'s sort key, of type N: as an attribute it is a natural key and must be of type N too (got S)',
    );
    expect(problems((d) => delete post(d).keys.created_at)).toBe(
      'entities[0].keys: missing "created_at": "{created_at}": "created_at" is an attribute of Post and the table\'s sort key, so it is a natural key (every item holding it is in that key\'s table or index) and its template must be "{created_at}"',
    );
    // An attribute named like an index key puts the entity in that index: the template must say so.
    expect(problems((d) => delete post(d).keys.token)).toMatch(
      /^entities\[0\]\.keys: missing "token": "\{token\}"/,
    );
    // Without the attribute, the key is an ordinary template again.
    expect(
      problems((d) => {
        post(d).attributes = post(d).attributes!.filter((a) => a.name !== 'token');
        delete post(d).keys.token;
        d.accessPatterns = d.accessPatterns!.filter((p) => p.id !== 'post-by-token');
        for (const item of d.items!.Post) delete item.token;
      }),
    ).toBe('');
  });

  it('takes a key-only attribute that a key template uses, and says why another is refused', () => {
    const problems = (mutate: (doc: DesignInput) => void) => {
      const doc = naturalKeysDesign();
      mutate(doc);
      return formatProblems(validateDesign(doc).problems);
    };
    const user = (doc: DesignInput) => doc.entities![1];
    expect(
      problems((d) => {
        user(d).attributes!.push({ name: 'kind', type: 'S', keyOnly: true });
        user(d).keys.created_at = 'PROFILE#{kind}';
      }),
    ).toBe('');
    expect(problems((d) => user(d).attributes!.push({ name: 'kind', type: 'S', keyOnly: true }))).toBe(
      'entities[1].attributes[2].keyOnly: "kind" is key-only (stored in keys only), yet no key template of User uses {kind}: its value would be stored nowhere',
    );
    expect(problems((d) => (user(d).attributes![0].keyOnly = true))).toBe(
      'entities[1].attributes[0].keyOnly: "user_id" is a key attribute itself (a natural key), so it is stored: it cannot be key-only',
    );
  });

  it('refuses entity names that differ only in case, naming the other entity', () => {
    const problems = problemsOf((d) => {
      d.entities.push({ ...structuredClone(d.entities[1]), name: 'order' });
    });
    expect(problems).toBe(
      'entities[3].name: entity name "order" differs only in case from "Order" (entities[1]): entity names must differ in more than case',
    );
    expect(problemsOf((d) => d.entities.push(structuredClone(d.entities[1])))).toBe(
      'entities[3].name: duplicate entity name "Order"',
    );
  });

  it('checks sample values against declared types, enums and required attributes', () => {
    expect(problemsOf((d) => (d.items.Order[0].total = '39.90'))).toBe(
      'items.Order[0].total: expected a value of type N, got "39.90"',
    );
    expect(problemsOf((d) => (d.items.Order[0].status = 'LOST'))).toMatch(
      /items\.Order\[0\]\.status: "LOST" is not one of/,
    );
    expect(problemsOf((d) => delete d.items.Order[1].orderId)).toBe(
      'items.Order[1]: missing required attribute "orderId"',
    );
    expect(problemsOf((d) => (d.items.Shipment = []))).toBe('items.Shipment: no entity is named "Shipment"');
  });

  it('rejects a number key fed by a string template', () => {
    expect(
      problemsOf((d) => {
        d.table.globalSecondaryIndexes[0].sortKey = { name: 'GSI1SK', type: 'N' };
      }),
    ).toBe(
      'entities[1].keys.GSI1SK: GSI1SK is of type N: its template must be one {placeholder} of an attribute of type N',
    );
  });

  it('refuses a set sample that lists a member twice, at the repeated member, and binary that is not base64', () => {
    const withSets = (d: ReturnType<typeof example>) => {
      d.entities[1].attributes.push(
        { name: 'labels', type: 'SS' },
        { name: 'weights', type: 'NS' },
        { name: 'blobs', type: 'BS' },
        { name: 'blob', type: 'B' },
      );
    };
    const accepted = example();
    withSets(accepted);
    Object.assign(accepted.items.Order[0], {
      labels: ['gift', 'Gift'],
      weights: [1, 1.5],
      blobs: ['AAE=', 'AAI='],
      blob: '3q2+7w==',
    });
    expect(validateDesign(accepted).problems).toEqual([]);

    expect(
      problemsOf((d) => {
        withSets(d);
        Object.assign(d.items.Order[0], {
          labels: ['gift', 'fragile', 'gift'],
          weights: [1, 2, 1.0],
          blobs: ['AAE=', 'AAE='],
        });
      }),
    ).toBe(
      [
        'items.Order[0].labels[2]: "gift" repeats member [0]: a set holds each member once, and DynamoDB refuses a set with duplicates',
        'items.Order[0].weights[2]: 1 repeats member [0]: a set holds each member once, and DynamoDB refuses a set with duplicates',
        'items.Order[0].blobs[1]: "AAE=" repeats member [0]: a set holds each member once, and DynamoDB refuses a set with duplicates',
      ].join('\n'),
    );
    expect(
      problemsOf((d) => {
        withSets(d);
        Object.assign(d.items.Order[0], { blob: 'hello world', blobs: ['AAE=', 'AAE'] });
      }),
    ).toBe(
      [
        'items.Order[0].blob: expected binary (a base64 string), got "hello world"',
        'items.Order[0].blobs: expected a binary set (a non-empty array of base64 strings), got ["AAE=","AAE"]',
      ].join('\n'),
    );
  });

  it('takes begins_with on a binary sort key, as DynamoDB does, and refuses it on a number', () => {
    const withSortKeyType = (d: ReturnType<typeof example>, type: 'B' | 'N') => {
      d.table.globalSecondaryIndexes[0].sortKey.type = type;
      d.entities[1].attributes.push({ name: 'stamp', type });
      d.entities[1].keys.GSI1SK = '{stamp}';
      d.items.Order.forEach((order: Record<string, unknown>, i: number) => {
        order.stamp = type === 'B' ? 'AAE=' : i;
      });
      d.accessPatterns[3].keyCondition.sort = { op: 'begins_with', value: type === 'B' ? 'AA==' : '1' };
    };
    const binary = example();
    withSortKeyType(binary, 'B');
    expect(validateDesign(binary).problems).toEqual([]);
    expect(problemsOf((d) => withSortKeyType(d, 'N'))).toBe(
      'accessPatterns[3].keyCondition.sort.op: begins_with needs a string or binary sort key; GSI1SK is of type N',
    );
  });

  it('says where JSON syntax breaks', () => {
    const result = validateDesignText('{\n  "format": "keyplan/1",\n  "name": "x",\n}');
    expect(result.problems[0].message).toMatch(/^invalid JSON at line 4, column 1/);
  });
});

describe('validateDesign after edits (samples checked again only where something they depend on changed)', () => {
  it('finds what a validation from scratch finds, edit after edit', () => {
    const fresh = (design: Design) => validateDesign(JSON.parse(stringifyExactJson(design))).problems;
    const start = validateDesign(example());
    expect(start.ok).toBe(true);
    let design = start.design!;
    const edits: ((d: Design) => Design)[] = [
      // Problems in Order's samples: a wrong type, a number DynamoDB refuses, a key too long.
      (d) => updateSample(d, 'Order', 0, 'total', 'lots'),
      (d) => updateSample(d, 'Order', 1, 'total', 1e200),
      (d) => updateSample(d, 'Order', 2, 'status', 'x'.repeat(1100)),
      // Another entity's edit: Order's problems stay.
      (d) => updateSample(d, 'Customer', 0, 'name', 'Ann'),
      // What Order's samples are checked against: a type, a requirement, a key template.
      (d) => updateAttribute(d, 'Order', 'total', { type: 'S' }),
      (d) => updateAttribute(d, 'Customer', 'email', { required: true }),
      (d) => updateSample(d, 'Customer', 1, 'email', null),
      (d) => setEntityKey(d, 'Order', 'GSI1PK', 'S#{orderId}'),
      (d) => updateSample(d, 'Order', 2, 'status', 'PAID'),
    ];
    for (const edit of edits) {
      design = edit(design);
      expect(validateDesign(design).problems).toEqual(fresh(design));
    }
    expect(formatProblems(validateDesign(design).problems)).toContain('missing required attribute "email"');
  });
});
