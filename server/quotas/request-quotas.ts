// The rate and concurrency of every request, taken before anything else is done for it (plugins/quotas.ts):
// a session's requests from its own quota, any other from its address's, and new sessions from the
// server's share and its address's. Every refusal is a 429 naming the limit and its value.
import { ApiFailure } from '../errors.ts';
import { LIMITS, type Limits } from '../limits.ts';
import type { Session } from '../session.ts';
import { AddressBuckets, TokenBucket } from './token-bucket.ts';

const n = (value: number) => value.toLocaleString('en-US');

/** What a request without a session takes from: see RequestQuotas.admit. */
export type RequestKind = 'file' | 'startsSession' | 'request';

/**
 * The rate and concurrency of every request, checked before anything else is done for it (a body read, a
 * session made, a file read): a session's requests take from that session's quota, any other from its
 * address's. Per-session state lives as long as its session object (a WeakMap), so an expired session
 * leaves nothing behind.
 */
export class RequestQuotas {
  readonly #buckets = new WeakMap<Session, TokenBucket>();
  readonly #inFlight = new WeakMap<Session, number>();
  readonly #newSessions: TokenBucket;
  readonly #addressNewSessions: AddressBuckets;
  readonly #addresses: AddressBuckets;
  readonly #addressFiles: AddressBuckets;

  constructor(
    readonly limits: Limits = LIMITS,
    readonly now: () => number = Date.now,
  ) {
    this.#newSessions = new TokenBucket(limits.newSessionsPerSecond, limits.newSessionBurst, now);
    this.#addressNewSessions = new AddressBuckets(
      limits.addressNewSessionsPerSecond,
      limits.addressNewSessionBurst,
      limits.addressesTracked,
      now,
    );
    this.#addresses = new AddressBuckets(
      limits.addressRequestsPerSecond,
      limits.addressRequestBurst,
      limits.addressesTracked,
      now,
    );
    this.#addressFiles = new AddressBuckets(
      limits.addressFilesPerSecond,
      limits.addressFileBurst,
      limits.addressesTracked,
      now,
    );
  }

  /**
   * Admits one request of a session, or (session undefined) of the client `address`: one of the app's files
   * (`kind` 'file', from the address's own quota of files), one that starts a new session ('startsSession')
   * or any other ('request'); throws a 429 ApiFailure otherwise. Call the returned function once the request
   * is answered.
   */
  admit(session: Session | undefined, address: string, kind: RequestKind): () => void {
    const { limits } = this;
    if (!session) {
      if (kind === 'file') {
        if (!this.#addressFiles.of(address).take())
          throw new ApiFailure(
            429,
            'RateLimited',
            `this address asked for more than ${limits.addressFilesPerSecond} of the app's files a second (${n(limits.addressFileBurst)} at once), its limit; retry in a moment`,
          );
        return () => {};
      }
      if (!this.#addresses.of(address).take())
        throw new ApiFailure(
          429,
          'RateLimited',
          `this address sent more than ${limits.addressRequestsPerSecond} requests a second (${limits.addressRequestBurst} at once) without a session, its limit; retry in a moment`,
        );
      if (kind !== 'startsSession') return () => {};
      // The server's share is looked at first, so an address refused its own takes nothing from it.
      if (!this.#newSessions.available(1))
        throw new ApiFailure(
          429,
          'TooManyNewSessions',
          `the server starts at most ${limits.newSessionsPerSecond} sessions a second (${limits.newSessionBurst} at once); send the session cookie back, or retry in a moment`,
        );
      if (!this.#addressNewSessions.of(address).take())
        throw new ApiFailure(
          429,
          'TooManyNewSessions',
          `this address started more than ${limits.addressNewSessionsPerSecond} sessions a second (${limits.addressNewSessionBurst} at once), its share of the server's; send the session cookie back, or retry in a moment`,
        );
      this.#newSessions.take();
      return () => {};
    }
    let bucket = this.#buckets.get(session);
    if (!bucket) {
      bucket = new TokenBucket(limits.requestsPerSecond, limits.requestBurst, this.now);
      this.#buckets.set(session, bucket);
    }
    const inFlight = this.#inFlight.get(session) ?? 0;
    if (inFlight >= limits.concurrentRequestsPerSession)
      throw new ApiFailure(
        429,
        'TooManyConcurrentRequests',
        `this session has ${limits.concurrentRequestsPerSession} requests under way, the most it may; wait for one to finish`,
      );
    if (!bucket.take())
      throw new ApiFailure(
        429,
        'RateLimited',
        `this session sent more than ${limits.requestsPerSecond} requests a second (${limits.requestBurst} at once), its limit; retry in a moment`,
      );
    this.#inFlight.set(session, inFlight + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#inFlight.set(session, (this.#inFlight.get(session) ?? 1) - 1);
    };
  }
}
