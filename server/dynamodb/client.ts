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
  /** Share one keep-alive handler between clients (see ClientPool); such a client must not be destroyed alone. */
  requestHandler?: NodeHttpHandler;
  /**
   * Limit for one call, retries included: past it the call fails with an AbortError (the CLI's --timeout).
   * Default none: the server's calls are bounded by requestTimeoutMs per attempt.
   */
  callTimeoutMs?: number;
}

type SendOptions = { abortSignal?: AbortSignal } & Record<string, unknown>;

/** A keep-alive HTTP handler for DynamoDB clients. */
export function keepAliveHandler(requestTimeoutMs = 15_000): NodeHttpHandler {
  return new NodeHttpHandler({
    httpAgent: new http.Agent({ keepAlive: true, maxSockets: 64 }),
    httpsAgent: new https.Agent({ keepAlive: true, maxSockets: 64 }),
    connectionTimeout: Math.min(2_000, requestTimeoutMs),
    requestTimeout: requestTimeoutMs,
  });
}

/**
 * One client per endpoint, meant to be reused: keep-alive sockets save a TCP handshake per call,
 * which dominates proxy latency against a local server.
 */
export function createDynamoClient(
  endpoint: string | undefined,
  opts: DynamoClientOptions = {},
): DynamoDBClient {
  const client = new DynamoDBClient({
    endpoint,
    region: opts.region ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1',
    credentials: opts.useCredentialChain
      ? undefined
      : (opts.credentials ?? { accessKeyId: 'keyplan', secretAccessKey: 'keyplan' }),
    maxAttempts: opts.maxAttempts ?? 2,
    requestHandler: opts.requestHandler ?? keepAliveHandler(opts.requestTimeoutMs ?? opts.callTimeoutMs),
  });
  const callTimeoutMs = opts.callTimeoutMs;
  if (callTimeoutMs !== undefined) {
    // The SDK limits each attempt, not a call; an abort signal also ends the retries and their delays.
    const send = client.send.bind(client) as (command: unknown, options?: SendOptions) => Promise<unknown>;
    Object.assign(client, {
      send: (command: unknown, options?: SendOptions) =>
        send(command, {
          ...options,
          abortSignal: options?.abortSignal ?? AbortSignal.timeout(callTimeoutMs),
        }),
    });
  }
  return client;
}

/**
 * One client per access key on one endpoint (DynamoDB Local keeps a database per key), all sharing one
 * keep-alive handler. Past `max` keys the least recently used client is dropped (not destroyed: the
 * handler is shared); `destroy` closes the handler once.
 */
export class ClientPool {
  readonly #clients = new Map<string, DynamoDBClient>();
  readonly #handler: NodeHttpHandler;

  constructor(
    readonly endpoint: string,
    readonly max = 256,
  ) {
    this.#handler = keepAliveHandler();
  }

  get(accessKeyId = 'keyplan'): DynamoDBClient {
    let client = this.#clients.get(accessKeyId);
    if (client) this.#clients.delete(accessKeyId);
    client ??= createDynamoClient(this.endpoint, {
      credentials: { accessKeyId, secretAccessKey: 'keyplan' },
      requestHandler: this.#handler,
    });
    this.#clients.set(accessKeyId, client);
    if (this.#clients.size > this.max) this.#clients.delete(this.#clients.keys().next().value!);
    return client;
  }

  destroy(): void {
    this.#clients.clear();
    this.#handler.destroy();
  }
}
