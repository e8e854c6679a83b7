// The browser's API client keeps every digit both ways (issue #12): a design whose samples hold numbers a
// double cannot hold is sent as JSON numbers with all their digits, applied to DynamoDB Local through the
// real server, and the run's items come back with DynamoDB's digits. The client runs in Node here against
// the server listening on a loopback port; fetch is given the server's origin and the session cookie, as a
// browser gives them to a same-origin page.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { testTarget } from '../../server/test-support/dynamo.ts';
import { validateDesign } from '../core/checks/validate.ts';
import type { Design } from '../core/model/schema.ts';
import { isExactNumber, parseExactJson } from '../core/values/exact-json.ts';
import { applyDesign, resetSession, runPattern } from './client.ts';

const BIG = '12345678901234567890123456789012345678';
const SMALL = '-0.000000000000000000000012345678901234567890123456789';

const design = (() => {
  const parsed = parseExactJson(`{
    "format": "keyplan/1",
    "name": "Ledger",
    "table": { "name": "Ledger", "partitionKey": { "name": "PK", "type": "S" } },
    "entities": [{
      "name": "Entry",
      "attributes": [
        { "name": "id", "type": "S", "required": true },
        { "name": "amount", "type": "N" },
        { "name": "amounts", "type": "NS" }
      ],
      "keys": { "PK": "ENTRY#{id}" }
    }],
    "items": { "Entry": [{ "id": "e1", "amount": ${BIG}, "amounts": [${BIG}, ${SMALL}, 1.5] }] },
    "accessPatterns": [{ "id": "entry", "name": "One entry", "operation": "GetItem",
      "keyCondition": { "partition": "ENTRY#{id}" }, "example": { "id": "e1" } }]
  }`);
  const result = validateDesign(parsed);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.design as Design;
})();

const app = buildApp({ dynamo: testTarget() });

describe('the API client with exact numbers', () => {
  beforeAll(async () => {
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    let cookie = '';
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
      const headers = { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) };
      const response = await realFetch(`${origin}${path}`, { ...init, headers });
      cookie = response.headers.get('set-cookie')?.split(';')[0] ?? cookie;
      return response;
    });
  });
  afterAll(async () => {
    await resetSession();
    vi.unstubAllGlobals();
    await app.close();
  });

  it('applies 38-digit samples and reads DynamoDB’s digits back', async () => {
    const applied = await applyDesign(design);
    expect(applied.items.written).toBe(1);
    const result = await runPattern(design, 'entry');
    expect(result.items).toHaveLength(1);
    const [item] = result.items as { amount: unknown; amounts: unknown[] }[];
    expect(isExactNumber(item.amount) && item.amount.value).toBe(BIG);
    expect(item.amounts.map(String).sort()).toEqual([BIG, SMALL, '1.5'].sort());
  });
});
