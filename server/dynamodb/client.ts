import http from 'node:http';
import https from 'node:https';
import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { NodeHttpHandler } from '@smithy/node-http-handler';

export interface DynamoClientOptions {
  /** Default: AWS_REGION, then AWS_DEFAULT_REGION, then us-east-1 (DynamoDB Local keeps one database per access key and region). */
  region?: string;
  /** Default: dummy keys, which DynamoDB Local accepts. Pass real ones (or a provider) for AWS. */
  credentials?: DynamoDBClientConfig['credentials'];
  /** Real AWS: the SDK's standard credential chain instead of DynamoDB Local's dummy keys. */
  useCredentialChain?: boolean;
  /** Default 2: one retry covers a keep-alive socket closed by a restarted server, and a dead endpoint fails fast. */
  maxAttempts?: number;
  /** Socket inactivity limit per request. Default 15 s. */
  requestTimeoutMs?: number;
}

/**
 * One client per endpoint, meant to be reused: keep-alive sockets save a TCP handshake per call,
 * which dominates proxy latency against a local server.
 */
export function createDynamoClient(
  endpoint: string | undefined,
  opts: DynamoClientOptions = {},
): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: opts.region ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1',
    credentials: opts.useCredentialChain
      ? undefined
      : (opts.credentials ?? { accessKeyId: 'keyplan', secretAccessKey: 'keyplan' }),
    maxAttempts: opts.maxAttempts ?? 2,
    requestHandler: new NodeHttpHandler({
      httpAgent: new http.Agent({ keepAlive: true, maxSockets: 64 }),
      httpsAgent: new https.Agent({ keepAlive: true, maxSockets: 64 }),
      connectionTimeout: 2_000,
      requestTimeout: opts.requestTimeoutMs ?? 15_000,
    }),
  });
}
