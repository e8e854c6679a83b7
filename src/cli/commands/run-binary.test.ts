// `keyplan run` and `keyplan query` on a table keyed on binary (B partition and sort keys) in DynamoDB
// Local: items and LastEvaluatedKey come out as base64, and each page's own LastEvaluatedKey, passed back
// as --start-key, leads page by page to the last one, the same pages for run and query.
import { describe, expect, inject, it } from 'vitest';
import type { DesignInput } from '../../core/model/schema.ts';
import { runKeyplan } from '../run-in-process.ts';

const b64 = (...bytes: number[]) => Buffer.from(bytes).toString('base64');

// Sort keys whose base64 text orders otherwise than their bytes ("/w==" is 0xff, "AA==" 0x00).
const sortKeys = [[0xff], [0x00], [0x80, 0x00], [0x00, 0x01], [0x7f], [0xff, 0xff], [0x01]];
const design: DesignInput = {
  format: 'keyplan/1',
  name: 'Binary keys',
  table: {
    name: `cli-binary-${process.pid}-${Date.now()}`,
    partitionKey: { name: 'PK', type: 'B' },
    sortKey: { name: 'SK', type: 'B' },
  },
  entities: [
    {
      name: 'Chunk',
      attributes: [
        { name: 'file', type: 'B', required: true },
        { name: 'offset', type: 'B', required: true },
        { name: 'body', type: 'B' },
        { name: 'digests', type: 'BS' },
      ],
      keys: { PK: '{file}', SK: '{offset}' },
    },
  ],
  items: {
    Chunk: [
      ...sortKeys.map((offset, i) => ({
        file: b64(0x00, 0xfe),
        offset: b64(...offset),
        body: b64(i, 0x00, 0xff),
        digests: [b64(i), b64(0xde, 0xad)],
      })),
      { file: b64(0x01), offset: b64(0x00), body: b64(0x2a) },
    ],
  },
  accessPatterns: [
    {
      id: 'chunks-of-file',
      name: 'The chunks of a file, in offset order',
      operation: 'Query',
      keyCondition: { partition: '{file}' },
      example: { file: b64(0x00, 0xfe) },
    },
    { id: 'every-chunk', name: 'Every chunk', operation: 'Scan' },
  ],
};
const designText = JSON.stringify(design);

interface Page {
  items: Record<string, string | string[]>[];
  lastEvaluatedKey?: Record<string, string>;
}

/** Every page of a pattern, each asked for with the previous page's LastEvaluatedKey as --start-key. */
async function allPages(command: string[], limit: number): Promise<Page[]> {
  const pages: Page[] = [];
  let startKey: Record<string, string> | undefined;
  do {
    const args = [...command, '--limit', String(limit), '--json'];
    if (startKey) args.push('--start-key', JSON.stringify(startKey));
    const result = await runKeyplan(args, designText);
    expect(result.code, `page ${pages.length + 1}: ${result.stderr}`).toBe(0);
    const page: Page = result.json();
    pages.push(page);
    startKey = page.lastEvaluatedKey;
  } while (startKey && pages.length < 20);
  return pages;
}

describe('keyplan run on a binary-keyed table', () => {
  it('pages through the table with its own LastEvaluatedKey as --start-key, to the last page', async () => {
    const endpoint = inject('dynamoEndpoint');
    const dynamo = ['--endpoint', endpoint, '--timeout', '10'];
    const applied = await runKeyplan(['apply', '-', ...dynamo, '--json'], designText);
    expect(applied.code, applied.stderr).toBe(0);

    const pages = await allPages(['run', '-', 'chunks-of-file', ...dynamo], 2);
    // 7 items 2 a page: 4 pages, the last one without a LastEvaluatedKey.
    expect(pages.map((page) => page.items.length)).toEqual([2, 2, 2, 1]);
    expect(pages.at(-1)?.lastEvaluatedKey).toBeUndefined();
    expect(pages[0].lastEvaluatedKey).toEqual({ PK: b64(0x00, 0xfe), SK: b64(0x00, 0x01) });
    const offsets = pages.flatMap((page) =>
      page.items.map((item) => [...Buffer.from(item.SK as string, 'base64')]),
    );
    expect(offsets).toEqual([[0x00], [0x00, 0x01], [0x01], [0x7f], [0x80, 0x00], [0xff], [0xff, 0xff]]);
    // Values are base64 as the design wrote them, sets as arrays of base64.
    const first = pages[0].items[0];
    expect(first).toMatchObject({
      PK: b64(0x00, 0xfe),
      file: b64(0x00, 0xfe),
      offset: b64(0x00),
      body: b64(1, 0, 0xff),
    });
    expect([...(first.digests as string[])].sort()).toEqual([b64(1), b64(0xde, 0xad)].sort());

    // The in-memory answer gives the same pages, and takes run's start keys as they are.
    const predicted = await allPages(['query', '-', 'chunks-of-file'], 2);
    expect(predicted.map((page) => page.lastEvaluatedKey)).toEqual(
      pages.map((page) => page.lastEvaluatedKey),
    );
    expect(predicted.flatMap((page) => page.items.map((item) => item.SK))).toEqual(
      pages.flatMap((page) => page.items.map((item) => item.SK)),
    );

    // Without --json, the items are JSON lines and the next page's start key ends the summary line.
    const plain = await runKeyplan(['run', '-', 'chunks-of-file', ...dynamo, '--limit', '2'], designText);
    expect(
      plain.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual(pages[0].items);
    expect(plain.stderr).toContain(`next page from ${JSON.stringify(pages[0].lastEvaluatedKey)}`);

    // A Scan's LastEvaluatedKey holds the binary partition key too; every item is read once.
    const scanned = await allPages(['run', '-', 'every-chunk', ...dynamo], 3);
    const keys = scanned.flatMap((page) => page.items.map((item) => `${item.PK} ${item.SK}`));
    expect(keys).toHaveLength(8);
    expect(new Set(keys).size).toBe(8);
  });

  it('refuses a start key whose binary value is not base64, in one line', async () => {
    const endpoint = inject('dynamoEndpoint');
    const result = await runKeyplan(
      [
        'run',
        '-',
        'chunks-of-file',
        '--endpoint',
        endpoint,
        '--start-key',
        '{"PK":"AP4=","SK":"not base64"}',
      ],
      designText,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^keyplan run: .*base64.*"not base64"/);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});
