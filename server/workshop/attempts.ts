// Failed attempts per client (its address): a wrong join code or presenter key takes a token, and a client
// without tokens is refused before its next attempt is even checked, so guessing the code runs at the
// refill rate (a 6-character code of 28 letters is ~480 million guesses, at 1 per 6 s: ~90 years per
// client). The table of clients is bounded: past `maxClients` the oldest entry goes, and a full bucket is
// forgotten, so a flood of addresses cannot grow it.
import { ApiFailure } from '../errors.ts';
import { TokenBucket } from '../quotas.ts';

export interface AttemptLimits {
  /** Failures a client may make at once … */
  burst: number;
  /** … and then one per this many milliseconds. */
  refillMs: number;
  maxClients: number;
}

export class FailedAttempts {
  readonly #buckets = new Map<string, TokenBucket>();

  constructor(
    readonly limits: AttemptLimits,
    readonly what: string,
    readonly now: () => number = Date.now,
  ) {}

  #bucket(client: string): TokenBucket {
    let bucket = this.#buckets.get(client);
    if (!bucket) {
      if (this.#buckets.size >= this.limits.maxClients) {
        const [oldest] = this.#buckets.keys();
        this.#buckets.delete(oldest);
      }
      bucket = new TokenBucket(1000 / this.limits.refillMs, this.limits.burst, this.now);
      this.#buckets.set(client, bucket);
    }
    return bucket;
  }

  /** Throws 429 when the client has no attempts left; call before checking its secret. */
  admit(client: string): void {
    const bucket = this.#buckets.get(client);
    if (bucket && !bucket.available(1))
      throw new ApiFailure(
        429,
        'TooManyAttempts',
        `too many wrong ${this.what} from this address; wait ${Math.ceil(this.limits.refillMs / 1000)} s and try again`,
      );
  }

  /** Counts a failure of the client. */
  failed(client: string): void {
    this.#bucket(client).take();
  }
}
