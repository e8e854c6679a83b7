// Failed attempts per client (its address): a wrong join code or presenter key takes a token, and a client
// without tokens is refused before its next attempt is even checked, so guessing the code runs at the
// refill rate (a 6-character code of 28 letters is ~480 million guesses, at 1 per 6 s: ~90 years per
// client). The table of clients is bounded (AddressBuckets): past `maxClients` the oldest entry goes, so a
// flood of addresses cannot grow it.
import { ApiFailure } from '../errors.ts';
import { AddressBuckets } from '../quotas.ts';

export interface AttemptLimits {
  /** Failures a client may make at once … */
  burst: number;
  /** … and then one per this many milliseconds. */
  refillMs: number;
  maxClients: number;
}

export class FailedAttempts {
  readonly #buckets: AddressBuckets;

  constructor(
    readonly limits: AttemptLimits,
    readonly what: string,
    readonly now: () => number = Date.now,
  ) {
    this.#buckets = new AddressBuckets(1000 / limits.refillMs, limits.burst, limits.maxClients, now);
  }

  /** Throws 429 when the client has no attempts left; call before checking its secret. */
  admit(client: string): void {
    if (this.#buckets.peek(client)?.available(1) === false)
      throw new ApiFailure(
        429,
        'TooManyAttempts',
        `too many wrong ${this.what} from this address; wait ${Math.ceil(this.limits.refillMs / 1000)} s and try again`,
      );
  }

  /** Counts a failure of the client. */
  failed(client: string): void {
    this.#buckets.of(client).take();
  }
}
