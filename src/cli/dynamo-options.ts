// How CLI commands reach DynamoDB: --endpoint (or DYNAMODB_ENDPOINT), or real AWS only with --aws.
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { OptionSpec } from './command.ts';
import { UsageError } from './io.ts';

export const dynamoOptions = {
  endpoint: { type: 'string' },
  aws: { type: 'boolean' },
} as const satisfies OptionSpec;

export async function dynamoClientFor(values: Record<string, unknown>): Promise<DynamoDBClient> {
  const endpoint = (values.endpoint as string | undefined) ?? process.env.DYNAMODB_ENDPOINT;
  if (!endpoint && !values.aws) {
    throw new UsageError(
      'say where DynamoDB is: --endpoint URL (or DYNAMODB_ENDPOINT), or --aws for real AWS',
    );
  }
  if (endpoint && !/^https?:\/\/[^/\s]+/.test(endpoint))
    throw new UsageError(`--endpoint ${endpoint}: expected a URL like http://127.0.0.1:8000`);
  const { createDynamoClient } = await import('../../server/dynamodb/client.ts');
  return endpoint
    ? createDynamoClient(endpoint)
    : createDynamoClient(undefined, { useCredentialChain: true });
}
