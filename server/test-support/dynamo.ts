// Helpers for integration tests against the shared DynamoDB Local of global-setup.ts.
import { randomBytes } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import type { DynamoTarget } from '../app.ts';
import { createDynamoClient } from '../dynamodb/client.ts';

export function testClient(): DynamoDBClient {
  return createDynamoClient(inject('dynamoEndpoint'));
}

export function testTarget(client = testClient()): DynamoTarget {
  return { mode: 'external', status: async () => 'up', withClient: (work) => work(client) };
}

/**
 * The environment a generated program (boto3, the AWS SDK, a backfill) runs in against the tests' DynamoDB
 * Local: local credentials and region, the endpoint (null: none, the program is given it another way), and
 * `extra` (TABLE_NAME, say).
 */
export function localAwsEnv(
  extra: Record<string, string> = {},
  endpoint: string | null = inject('dynamoEndpoint'),
): NodeJS.ProcessEnv {
  const { AWS_ENDPOINT_URL_DYNAMODB: _, ...env } = process.env;
  return {
    ...env,
    AWS_ACCESS_KEY_ID: 'keyplan',
    AWS_SECRET_ACCESS_KEY: 'keyplan',
    AWS_REGION: 'us-east-1',
    AWS_DEFAULT_REGION: 'us-east-1',
    ...(endpoint === null ? {} : { AWS_ENDPOINT_URL_DYNAMODB: endpoint }),
    ...extra,
  };
}

/** A table-name prefix no other test file uses, so files can run in parallel on one DynamoDB Local. */
export function uniquePrefix(label: string): string {
  return `t-${label}-${randomBytes(4).toString('hex')}-`;
}

/** A JSON POST to an in-process app (Fastify inject), as the SPA sends it, in the session of `cookie`. */
export function postJson(app: FastifyInstance, url: string, body: unknown, cookie: string) {
  return app.inject({
    method: 'POST',
    url,
    headers: { cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}
