// Time limits on a request's DynamoDB work, so that a frozen DynamoDB fails requests instead of hanging
// them (the SDK's requestTimeout only logs), and a client that goes away stops what it started: every
// call of the request's client gets an abort signal that fires when the call takes longer than its limit,
// when the request as a whole does, or when the client disconnects.
import { setMaxListeners } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ApiFailure } from './errors.ts';

const seconds = (ms: number) => `${ms / 1000} s`;

/** A request's work was stopped: its reason says why. */
export class WorkStopped extends Error {
  override name = 'WorkStopped';

  constructor(
    readonly failure: ApiFailure,
    readonly clientGone = false,
  ) {
    super(failure.message);
  }
}

export interface RequestScope {
  /** Fires when the request's time is up or its client disconnected; `reason` is a WorkStopped. */
  readonly signal: AbortSignal;
  /** Stops watching (call when the work has settled). */
  dispose(): void;
}

/**
 * The scope of one request's work: aborted after `requestMs`, or when the response closes before it
 * was finished (the client disconnected; with a streamed answer, before its last line).
 */
export function requestScope(response: ServerResponse, requestMs: number): RequestScope {
  const controller = new AbortController();
  // Each DynamoDB call under way listens to it (boundedClient): a load has 16 in flight.
  setMaxListeners(64, controller.signal);
  const timer = setTimeout(
    () =>
      controller.abort(
        new WorkStopped(
          new ApiFailure(
            503,
            'RequestTimeout',
            `the request took longer than ${seconds(requestMs)}, its limit`,
          ),
        ),
      ),
    requestMs,
  );
  timer.unref();
  const onClose = () => {
    if (!response.writableFinished)
      controller.abort(
        new WorkStopped(new ApiFailure(499, 'ClientClosedRequest', 'the client disconnected'), true),
      );
  };
  response.once('close', onClose);
  return {
    signal: controller.signal,
    dispose() {
      clearTimeout(timer);
      response.off('close', onClose);
    },
  };
}

type SendOptions = { abortSignal?: AbortSignal } & Record<string, unknown>;
type Send = (command: unknown, options?: SendOptions) => Promise<unknown>;

/**
 * The client as the request's work sees it: each call aborted after `callMs` (a 503 naming the limit)
 * or when the scope's signal fires, retries included. Everything else is the shared client's.
 */
export function boundedClient(client: DynamoDBClient, scope: AbortSignal, callMs: number): DynamoDBClient {
  const send = client.send.bind(client) as Send;
  const bounded: Send = async (command, options) => {
    scope.throwIfAborted();
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, callMs);
    const stop = () => controller.abort();
    scope.addEventListener('abort', stop, { once: true });
    options?.abortSignal?.addEventListener('abort', stop, { once: true });
    try {
      return await send(command, { ...options, abortSignal: controller.signal });
    } catch (error) {
      if (scope.aborted) throw scope.reason;
      if (timedOut)
        throw new WorkStopped(
          new ApiFailure(
            503,
            'DynamoDBTimeout',
            `DynamoDB did not answer within ${seconds(callMs)}, the limit of one call; it may be frozen or overloaded`,
          ),
        );
      throw error;
    } finally {
      clearTimeout(timer);
      scope.removeEventListener('abort', stop);
      options?.abortSignal?.removeEventListener('abort', stop);
    }
  };
  return Object.assign(Object.create(client) as DynamoDBClient, { send: bounded });
}

/** Resolves when `promise` does, or rejects with the signal's reason once it fires. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** A WorkStopped as the API answers it (its ApiFailure); anything else unchanged. */
export function stoppedFailure(error: unknown): unknown {
  return error instanceof WorkStopped ? error.failure : error;
}
