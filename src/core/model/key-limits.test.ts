// DynamoDB's key limits, checked before anything is rendered: a 200 KB design whose key template repeats a
// padded placeholder thousands of times is refused from its text (it used to make the server derive
// gigabytes of keys and die), and no derivation or request builds a key longer than any DynamoDB takes.
import { describe, expect, it } from 'vitest';
import { formatProblems, validateDesign } from '../checks/validate.ts';
import { getExample } from '../features/examples/index.ts';
import { deriveItems } from '../items/derive.ts';
import { MAX_KEY_LENGTH, RenderTooLongError, renderTemplate } from '../keys/template.ts';
import { buildRequest } from '../requests/build.ts';
import { RequestError } from '../values/request-error.ts';
import { attributeTypesByEntity, itemSize } from './item-size.ts';
import { designItemBytes } from './key-limits.ts';
import { designSchema } from './schema.ts';

/** A minimal design: one entity E with attributes n (N) and s (S), keys PK/SK and GSI1PK/GSI1SK. */
function design(keys: Record<string, string>, samples: Record<string, unknown>[]) {
  return {
    format: 'keyplan/1',
    name: 'limits',
    table: {
      name: 'Limits',
      partitionKey: { name: 'PK', type: 'S' },
      sortKey: { name: 'SK', type: 'S' },
      // GSI1PK is a partition key here and the sort key of GSI2: the sort key's 1,024 bytes bind it.
      globalSecondaryIndexes: [
        { name: 'GSI1', partitionKey: { name: 'GSI1PK', type: 'S' }, projection: { type: 'ALL' } },
        {
          name: 'GSI2',
          partitionKey: { name: 'PK', type: 'S' },
          sortKey: { name: 'GSI1PK', type: 'S' },
          projection: { type: 'ALL' },
        },
      ],
    },
    entities: [
      {
        name: 'E',
        attributes: [
          { name: 'n', type: 'N' },
          { name: 's', type: 'S' },
        ],
        keys: { PK: 'E#{n}', SK: 'E', ...keys },
      },
    ],
    accessPatterns: [
      {
        id: 'by-s',
        name: 'by s',
        operation: 'Query',
        keyCondition: { partition: 'E#{s}' },
      },
    ],
    items: { E: samples },
  };
}

const problems = (doc: unknown) => {
  const result = validateDesign(doc);
  return result.ok ? '' : formatProblems(result.problems);
};

describe('key limits', () => {
  it('refuses a 200 KB design whose template repeats a padded placeholder, from its text alone', () => {
    // 290 repeats stay within DESIGN_LIMITS.templateLength (2,048 characters), so the key's bytes decide.
    const pathological = design(
      { PK: '{n:99}#'.repeat(290) },
      Array.from({ length: 30_000 }, (_, n) => ({ n })),
    );
    expect(JSON.stringify(pathological).length).toBeGreaterThan(200_000);
    expect(problems(pathological)).toBe(
      "entities[0].keys.PK: renders at least 29,000 bytes, longer than DynamoDB's 2,048-byte partition key: 290 of literal text and 28,710 of placeholders, 290 of them padded like {n:99}",
    );
  });

  it('derives the items of such a design without rendering the key (the grid shows them without it)', () => {
    const parsed = design({ PK: '{n:99}#'.repeat(14_000) }, [{ n: 1 }, { n: 2 }]);
    // The schema alone accepts it: the designer holds such a design while its problems are shown.
    const items = deriveItems(designSchema.parse(parsed));
    expect(items.map((d) => d.item.PK)).toEqual([undefined, undefined]);
    expect(items.map((d) => d.item.SK)).toEqual(['E', 'E']);
    expect(() => renderTemplate('{n:99}#'.repeat(100), { n: 1 })).toThrow(RenderTooLongError);
    expect(renderTemplate('{n:99}#'.repeat(20), { n: 1 })).toHaveLength(2000);
  });

  it('holds a key that is the sort key of any index to 1,024 bytes, counting UTF-8 bytes', () => {
    expect(problems(design({ GSI1PK: `G#${'x'.repeat(1022)}` }, []))).toBe('');
    expect(problems(design({ GSI1PK: `G#${'x'.repeat(1023)}` }, []))).toBe(
      "entities[0].keys.GSI1PK: renders at least 1,025 bytes, longer than DynamoDB's 1,024-byte sort key: 1,025 of literal text",
    );
    // é is two bytes in UTF-8: 600 of them are 1,200 bytes, although 600 characters.
    expect(problems(design({ GSI1PK: 'é'.repeat(600) }, []))).toMatch(
      /at least 1,200 bytes.*1,024-byte sort key/,
    );
  });

  it('names the first sample whose value makes a key too long, and counts the others', () => {
    const samples = [
      { n: 1, s: 'short' },
      { n: 2, s: 'é'.repeat(1023) }, // "E#" and 2,046 bytes: 2,048, the most a partition key holds
      { n: 3, s: 'é'.repeat(1024) }, // 2,050 bytes
      { n: 4, s: 'y'.repeat(5000) },
    ];
    expect(problems(design({ PK: 'E#{s}' }, samples))).toBe(
      "items.E[2]: PK renders 2,050 bytes for this sample, longer than DynamoDB's 2,048-byte partition key (and 1 more of its samples)",
    );
  });

  it('refuses a request whose argument renders a key longer than any, with a RequestError', () => {
    const doc = validateDesign(design({}, []));
    if (!doc.ok) throw new Error(formatProblems(doc.problems));
    const query = doc.design.accessPatterns[0];
    expect(() => buildRequest(doc.design, query, { s: 'x'.repeat(MAX_KEY_LENGTH) })).toThrow(RequestError);
    expect(() => buildRequest(doc.design, query, { s: 'x'.repeat(MAX_KEY_LENGTH) })).toThrow(
      /PK "E#\{s\}" renders longer than 2,048 characters/,
    );
  });

  it('sizes the items a design derives, by DynamoDB’s rules, without deriving them', () => {
    const store = validateDesign(getExample('online-store')!.design);
    if (!store.ok) throw new Error('the example is valid');
    const types = attributeTypesByEntity(store.design);
    const derived = deriveItems(store.design).reduce(
      (sum, d) => sum + itemSize(d.item, types.get(d.entity)),
      0,
    );
    expect(designItemBytes(store.design)).toBe(derived);
    // Keys within DynamoDB's limits, times many samples: 50,000 items of 8 keys of 2,000 bytes each come to
    // 800 MB. Counted from the templates, and the count stops past the limit asked for.
    const long = 'x'.repeat(1000);
    const heavy = designSchema.parse(
      design(
        { PK: `${long}${long}{n}`, GSI1PK: `${long}{n}` },
        Array.from({ length: 50_000 }, (_, n) => ({ n })),
      ),
    );
    const limit = 64 * 1024 * 1024;
    const counted = designItemBytes(heavy, limit);
    expect(counted).toBeGreaterThan(limit);
    expect(counted).toBeLessThan(limit + 10_000);
    expect(designItemBytes(heavy)).toBeGreaterThan(150_000_000);
  });
});
