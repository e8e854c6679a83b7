// Where the server's DynamoDB is: the embedded DynamoDB Local it supervises, an endpoint the user named
// (DYNAMODB_ENDPOINT / --endpoint), or real AWS (only with --aws). The browser never chooses.
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { untilAborted } from './deadline.ts';
import type { DynamoTarget } from './dynamo-target.ts';
import { ClientPool, createDynamoClient } from './dynamodb/client.ts';
import type { DynamoDBLocal } from './dynamodb/local.ts';
import { probe } from './dynamodb/local-host.ts';
import { isUnreachable } from './errors.ts';
import { LIMITS } from './limits.ts';

/** DynamoDB did not come up (or back) in time. */
export class DynamoUnavailableError extends Error {
  override name = 'DynamoUnavailableError';
}

async function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DynamoUnavailableError(message)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether DynamoDB answers, asked at most once per `cacheMs` however often health is polled: a process
 * that is up but frozen (or swamped) does not answer within `timeoutMs`, and health then says "down".
 */
function answering(endpoint: () => string, timeoutMs: number, cacheMs = 1_000): () => Promise<boolean> {
  let last: { at: number; answer: Promise<boolean> } | undefined;
  return () => {
    if (!last || Date.now() - last.at > cacheMs)
      last = { at: Date.now(), answer: probe(endpoint(), timeoutMs) };
    return last.answer;
  };
}

export function embeddedTarget(
  local: DynamoDBLocal,
  waitMs = 30_000,
  probeMs: number = LIMITS.healthProbeMs,
): DynamoTarget {
  let pool = new ClientPool(local.endpoint);
  const renew = () => {
    pool.destroy();
    pool = new ClientPool(local.endpoint);
  };
  local.onEndpointChange(renew);
  const isAnswering = answering(() => local.endpoint, probeMs);
  return {
    mode: 'embedded',
    async status() {
      const status = local.status;
      if (status !== 'up') return status;
      return (await isAnswering()) ? 'up' : 'down';
    },
    instance: () => local.instance,
    dataLostAt: () => local.dataLostAt,
    async withClient(work, as) {
      const current = async () => {
        // A request during a restart waits for DynamoDB Local to be back rather than failing.
        await untilAborted(within(local.ready(), waitMs, 'DynamoDB Local is not up'), as?.signal);
        if (pool.endpoint !== local.endpoint) renew();
        // Each session signs with its own key, so DynamoDB Local gives it a database of its own.
        return pool.get(as?.accessKeyId);
      };
      try {
        return await work(await current());
      } catch (error) {
        // Java may have died a moment ago, before the supervisor noticed: give it that moment, then retry once.
        if (!isUnreachable(error)) throw error;
        await untilAborted(new Promise((resolve) => setTimeout(resolve, 500)), as?.signal);
        return work(await current());
      }
    },
  };
}

/** An existing DynamoDB (another DynamoDB Local, or AWS when mode is aws and no endpoint is given). */
export function externalTarget(endpoint: string | undefined, mode: 'external' | 'aws'): DynamoTarget {
  const client = createDynamoClient(endpoint, { useCredentialChain: mode === 'aws' });
  return {
    mode,
    async status() {
      try {
        await within(client.send(new ListTablesCommand({ Limit: 1 })), 3000, 'no answer');
        return 'up';
      } catch {
        return 'down';
      }
    },
    withClient: (work) => work(client),
  };
}
