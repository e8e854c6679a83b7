// How the workshop's two secrets are guarded against guessing without ever locking out whoever holds them.
// - The presenter key (256 random bits) is checked first; the right key always passes. A wrong one takes
//   a token of its address (WrongSecrets), and an address out of tokens is answered 429 instead of 401:
//   guessing 256 bits needs no other bound, so the limit only quiets a noisy client.
// - The join code (6 of 28 characters) is checked first too, and the right code always passes: a room
//   behind one NAT (or the TLS proxy) must never be locked out by one attendee's typos or a guesser's
//   flood. A wrong code takes from its address's budget and the server's (WrongCodes), and past either
//   it is answered 429 instead of 403. Since a right code passes even then, what bounds guessing is the
//   rate at which the server answers an address at all (addressRequestsPerSecond) and the presenter's
//   Close joins; LIMITS states the arithmetic.
// Both tables of addresses are bounded (AddressBuckets: past `maxClients` the oldest entry goes).
import { ApiFailure } from '../errors.ts';
import type { Limits } from '../limits.ts';
import { AddressBuckets, TokenBucket } from '../quotas/token-bucket.ts';

export interface WrongSecretLimits {
  /** Wrong secrets a client may send at once … */
  burst: number;
  /** … and then one per this many milliseconds. */
  refillMs: number;
  maxClients: number;
}

/** Wrong secrets per client address: call only once a secret was found wrong. */
export class WrongSecrets {
  readonly #buckets: AddressBuckets;

  constructor(
    readonly limits: WrongSecretLimits,
    readonly what: string,
    readonly now: () => number = Date.now,
  ) {
    this.#buckets = new AddressBuckets(1000 / limits.refillMs, limits.burst, limits.maxClients, now);
  }

  /** Counts a wrong secret of the client; throws 429 when it had none left to spend. */
  wrong(client: string): void {
    if (!this.#buckets.of(client).take())
      throw new ApiFailure(
        429,
        'TooManyAttempts',
        `too many wrong ${this.what} from this address; wait ${Math.ceil(this.limits.refillMs / 1000)} s and try again`,
      );
  }
}

/** Wrong join codes, per client address and server-wide: call only once a code was found wrong. */
export class WrongCodes {
  readonly #addresses: AddressBuckets;
  readonly #server: TokenBucket;

  constructor(
    readonly limits: Limits,
    readonly now: () => number = Date.now,
  ) {
    this.#addresses = new AddressBuckets(
      limits.workshopWrongCodesPerSecond,
      limits.workshopWrongCodeBurst,
      limits.addressesTracked,
      now,
    );
    this.#server = new TokenBucket(
      limits.workshopServerWrongCodesPerSecond,
      limits.workshopServerWrongCodeBurst,
      now,
    );
  }

  /** Counts a wrong code of `client`; throws 429 naming the limit it reached when it had none left. */
  wrong(client: string): void {
    const { limits } = this;
    // The server's share is looked at first, so an address refused it takes nothing of its own.
    if (!this.#server.available(1))
      throw new ApiFailure(
        429,
        'TooManyJoinAttempts',
        `the server answers at most ${limits.workshopServerWrongCodesPerSecond} wrong join codes a second (${limits.workshopServerWrongCodeBurst} at once, workshopServerWrongCodesPerSecond); check the code and try again in a moment`,
      );
    if (!this.#addresses.of(client).take())
      throw new ApiFailure(
        429,
        'TooManyJoinAttempts',
        `this address sent more than ${limits.workshopWrongCodesPerSecond} wrong join code a second (${limits.workshopWrongCodeBurst} at once, workshopWrongCodesPerSecond); check the code and try again in a moment`,
      );
    this.#server.take();
  }
}
