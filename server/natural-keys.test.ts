// Natural keys end to end on a real DynamoDB Local: a design whose table is keyed on its items' own
// `user_id` (N) and `created_at` (S), with GSIs on `status`/`score` (S/N) and a binary `token`, and an LSI on
// `score`. Each value is held once (no shadow copy), applied as is, and every read pattern answers as the
// in-memory evaluator does, page by page; an update of a natural index key moves the item in its indexes.
import { GetItemCommand, ScanCommand, type ScanCommandOutput } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateDesign } from '../src/core/checks/validate.ts';
import { canonicalJson } from '../src/core/evaluate/compare-run.ts';
import { evaluateRead } from '../src/core/evaluate/evaluate.ts';
import { buildViewsFor } from '../src/core/indexes/views.ts';
import { deriveItems } from '../src/core/items/derive.ts';
import { sampleIndexOf } from '../src/core/items/sample-positions.ts';
import type { Design } from '../src/core/model/schema.ts';
import type { ReadResult } from '../src/core/requests/read-spec.ts';
import { resolvePattern } from '../src/core/requests/resolve.ts';
import { naturalKeysDesign } from '../src/core/test-support/natural-keys-design.ts';
import type { PlainItem } from '../src/core/values/item.ts';
import { type AttributeMap, unmarshallItem } from '../src/core/values/marshall.ts';
import { buildApp } from './app.ts';
import { fromSdk } from './dynamodb/binary.ts';
import { postJson, testClient, testTarget } from './test-support/dynamo.ts';

const app = buildApp({ dynamo: testTarget() });
let cookie = '';
let tableName = '';

const post = (url: string, body: unknown) => postJson(app, url, body, cookie);
/** Sets and attribute order as DynamoDB gives them, compared canonically. */
const same = (value: unknown) => JSON.parse(canonicalJson(value));

function validDesign(): Design {
  const result = validateDesign(naturalKeysDesign());
  expect(result.problems).toEqual([]);
  return result.design!;
}

async function scanAll(): Promise<PlainItem[]> {
  const items: PlainItem[] = [];
  let start: ScanCommandOutput['LastEvaluatedKey'];
  do {
    const page = await testClient().send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []).map((item) => unmarshallItem(fromSdk(item) as AttributeMap)));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

describe('natural keys (user_id N, created_at S, status/score/token index keys) on DynamoDB Local', () => {
  beforeAll(async () => {
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    cookie = String(health.headers['set-cookie']).split(';')[0];
  });
  afterAll(async () => {
    await post('/api/reset', {});
    await app.close();
  });

  it('derives each value once and applies exactly those items', async () => {
    const design = validDesign();
    const derived = deriveItems(design);
    // An item is its sample's values and the type attribute: no key attribute added beside them.
    for (const source of derived) {
      const { entity, item } = source;
      const sample = design.items[entity][sampleIndexOf(design, source)];
      expect(item).toEqual({
        ...sample,
        ...(entity === 'User' ? { created_at: 'PROFILE' } : {}),
        entityType: entity,
      });
    }
    const applied = await post('/api/apply', { design });
    expect(applied.statusCode, applied.body).toBe(200);
    tableName = applied.json().tableName;
    expect(applied.json().items).toMatchObject({ written: derived.length, total: derived.length });

    const { Item } = await testClient().send(
      new GetItemCommand({
        TableName: tableName,
        Key: { user_id: { N: '-3' }, created_at: { S: '2026-02-01T00:00:00Z' } },
      }),
    );
    expect(Item, 'found under its own number and date').toMatchObject({
      user_id: { N: '-3' },
      score: { N: '1000' },
      status: { S: 'live' },
    });
    const sorted = (items: PlainItem[]) => items.map((item) => canonicalJson(item)).sort();
    expect(sorted(await scanAll())).toEqual(sorted(derived.map((d) => d.item)));
  });

  it('answers every read pattern as the evaluator does, page by page', async () => {
    const design = validDesign();
    const views = buildViewsFor(design);
    const expected: Record<string, number> = {
      'get-post': 1,
      'user-and-posts': 4,
      'posts-in-range': 2,
      'live-by-score': 3,
      'user-posts-by-score': 3,
      'post-by-token': 1,
      titled: 6,
    };
    for (const pattern of design.accessPatterns) {
      if (!(pattern.id in expected)) continue;
      const args = pattern.example ?? {};
      const whole: PlainItem[] = [];
      let exclusiveStartKey: PlainItem | undefined;
      let pages = 0;
      do {
        const response = await post('/api/run', {
          design,
          patternId: pattern.id,
          args,
          limit: 2,
          exclusiveStartKey,
        });
        expect(response.statusCode, `${pattern.id}: ${response.body}`).toBe(200);
        const real = response.json();
        const spec = resolvePattern(design, pattern, args);
        const predicted: ReadResult = evaluateRead(design, views, { ...spec, limit: 2, exclusiveStartKey });
        expect(same({ items: real.items, count: real.count }), `${pattern.id}, page ${pages + 1}`).toEqual(
          same({ items: predicted.items, count: predicted.count }),
        );
        expect(real.lastEvaluatedKey, `${pattern.id}, page ${pages + 1}`).toEqual(predicted.lastEvaluatedKey);
        whole.push(...real.items);
        exclusiveStartKey = real.lastEvaluatedKey;
        pages++;
      } while (exclusiveStartKey && pages < 20);
      expect(exclusiveStartKey, `${pattern.id} reaches its last page`).toBeUndefined();
      expect(whole.length, pattern.id).toBe(expected[pattern.id]);
    }
  });

  it('writes: a put holds each value once, an update of a natural index key moves the item in its indexes', async () => {
    const design = validDesign();
    const created = await post('/api/run', { design, patternId: 'create-post' });
    expect(created.statusCode, created.body).toBe(200);
    const rescored = await post('/api/run', { design, patternId: 'rescore' });
    expect(rescored.statusCode, rescored.body).toBe(200);
    expect(rescored.json().request.input.UpdateExpression).toBe('SET score = :score, title = :title');
    const items = await scanAll();
    expect(items.find((i) => i.user_id === 9)).toEqual({
      user_id: 9,
      created_at: '2026-03-01T00:00:00Z',
      status: 'draft',
      score: 0,
      title: 'new',
      entityType: 'Post',
    });
    const byScore = await post('/api/run', {
      design,
      patternId: 'user-posts-by-score',
      args: { user_id: 1, min: 50 },
    });
    expect(byScore.json().items.map((i: PlainItem) => [i.created_at, i.score])).toEqual([
      ['2026-01-01T10:00:00Z', 99],
    ]);
    const live = await post('/api/run', {
      design,
      patternId: 'live-by-score',
      args: { status: 'live', min: 0 },
    });
    expect(live.json().items.map((i: PlainItem) => i.score)).toEqual([12, 99, 1000]);
  });
});
