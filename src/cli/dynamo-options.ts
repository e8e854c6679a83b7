// How CLI commands reach DynamoDB: --endpoint (or DYNAMODB_ENDPOINT), or real AWS only with --aws; how
// long they wait for it (--timeout); and how its failures read: one line, never a stack trace.
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { OptionSpec } from './command.ts';
import { type CliIo, UsageError } from './io.ts';
import { describeRefusal, type Failure, fail } from './refusal.ts';

/** Seconds one request to DynamoDB may take, retries included, unless --timeout says otherwise. */
export const DEFAULT_TIMEOUT_SECONDS = 10;

export const dynamoOptions = {
  endpoint: { type: 'string', value: 'URL', help: 'the DynamoDB to use (DYNAMODB_ENDPOINT when not given)' },
  aws: { type: 'boolean', help: 'real AWS, through the standard credential chain' },
  timeout: {
    type: 'string',
    value: 'S',
    default: String(DEFAULT_TIMEOUT_SECONDS),
    help: 'seconds each request to DynamoDB may take, retries included',
  },
} as const satisfies OptionSpec;
const MAX_TIMEOUT_SECONDS = 3600;

interface Connection {
  client: DynamoDBClient;
  /** The endpoint, or "AWS" with --aws: how messages name where DynamoDB is. */
  where: string;
  timeoutSeconds: number;
}

/** --timeout in seconds: DEFAULT_TIMEOUT_SECONDS when not given; a usage error unless more than 0 and at most an hour. */
export function timeoutSeconds(value: string | undefined): number {
  if (value === undefined) return DEFAULT_TIMEOUT_SECONDS;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_TIMEOUT_SECONDS)
    throw new UsageError(
      `--timeout ${value}: expected seconds, more than 0 and at most ${MAX_TIMEOUT_SECONDS}`,
    );
  return seconds;
}

/** --endpoint, or DYNAMODB_ENDPOINT when not given (undefined when neither is); a usage error unless a URL. */
export function endpointOf(values: Record<string, unknown>): string | undefined {
  const endpoint = (values.endpoint as string | undefined) ?? process.env.DYNAMODB_ENDPOINT;
  if (endpoint && !/^https?:\/\/[^/\s]+/.test(endpoint))
    throw new UsageError(`--endpoint ${endpoint}: expected a URL like http://127.0.0.1:8000`);
  return endpoint;
}

async function connect(values: Record<string, unknown>): Promise<Connection> {
  const endpoint = endpointOf(values);
  if (!endpoint && !values.aws) {
    throw new UsageError(
      'say where DynamoDB is: --endpoint URL (or DYNAMODB_ENDPOINT), or --aws for real AWS',
    );
  }
  const seconds = timeoutSeconds(values.timeout as string | undefined);
  const { createDynamoClient } = await import('../../server/dynamodb/client.ts');
  const callTimeoutMs = seconds * 1000;
  const client = endpoint
    ? createDynamoClient(endpoint, { callTimeoutMs })
    : createDynamoClient(undefined, { useCredentialChain: true, callTimeoutMs });
  return { client, where: endpoint ?? 'AWS', timeoutSeconds: seconds };
}

/** What went wrong, as `{ code, message }`; undefined for Keyplan's own bugs, which keep their stack. */
async function describeFailure(
  error: unknown,
  { where, timeoutSeconds }: Connection,
): Promise<Failure | undefined> {
  const e = error as Error & { code?: string };
  if (e?.name === 'AbortError' || e?.name === 'TimeoutError' || e?.code === 'ETIMEDOUT') {
    return {
      code: 'DynamoDBTimeout',
      message: `DynamoDB at ${where} did not answer within ${timeoutSeconds} s (--timeout)`,
    };
  }
  const { isUnreachable } = await import('../../server/errors.ts');
  if (isUnreachable(error)) {
    const reason =
      e.code === 'ECONNREFUSED'
        ? 'connection refused; is it running? (--endpoint or DYNAMODB_ENDPOINT)'
        : e.code === 'ENOTFOUND'
          ? 'no such host'
          : e.message;
    return { code: 'DynamoDBUnavailable', message: `cannot reach DynamoDB at ${where}: ${reason}` };
  }
  if (e?.name === 'CredentialsProviderError')
    return { code: 'NoCredentials', message: `no AWS credentials: ${e.message}` };
  return describeRefusal(error);
}

/**
 * Runs `work` with a client for the command's DynamoDB and closes it after. A failure there (refused,
 * no answer within --timeout, an error DynamoDB returns) is one line on stderr and exit 1, and with
 * --json `{ "error": { "code", "message" } }` on stdout.
 */
export async function withDynamo<T>(
  command: string,
  values: Record<string, unknown>,
  io: CliIo,
  work: (client: DynamoDBClient) => Promise<T>,
): Promise<T> {
  const connection = await connect(values);
  try {
    return await work(connection.client);
  } catch (error) {
    const failure = await describeFailure(error, connection);
    if (!failure) throw error;
    fail(command, values, io, failure);
  } finally {
    connection.client.destroy();
  }
}
