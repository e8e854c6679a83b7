// How the workshop's two secrets are guarded against guessing without ever locking out whoever holds them.
// - The presenter key (256 random bits) is checked first; the right key always passes. A wrong one takes
//   a token of its address (WrongSecrets), and an address out of tokens is answered 429 instead of 401:
//   guessing 256 bits needs no other bound, so the limit only quiets a noisy client.
// - The join code (6 of 28 characters) is short: every join attempt, right code or wrong, first takes from
//   its address's rate and the server's (JoinAttempts), before the code is looked at. A limit counted only
//   on wrong codes cannot bound guessing while a right code always passes (each checked guess is answered,
//   and the 200 of the right one says so), so the attempts' rate is the bound: a flood slows joins from
//   its own address for as long as it lasts, and locks nobody out after it (LIMITS says the arithmetic).
// Both tables of addresses are bounded (AddressBuckets: past `maxClients` the oldest entry goes).
import { ApiFailure } from '../errors.ts';
import { AddressBuckets, type Limits, TokenBucket } from '../quotas.ts';

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

/** Join attempts a second, per client address and server-wide, taken before the code is checked. */
export class JoinAttempts {
  readonly #addresses: AddressBuckets;
  readonly #server: TokenBucket;

  constructor(
    readonly limits: Limits,
    readonly now: () => number = Date.now,
  ) {
    this.#addresses = new AddressBuckets(
      limits.workshopJoinAttemptsPerSecond,
      limits.workshopJoinAttemptBurst,
      limits.addressesTracked,
      now,
    );
    this.#server = new TokenBucket(
      limits.workshopServerJoinAttemptsPerSecond,
      limits.workshopServerJoinAttemptBurst,
      now,
    );
  }

  /** Admits one join attempt of `client`, or throws 429 naming the limit it reached. */
  admit(client: string): void {
    const { limits } = this;
    // The server's share is looked at first, so an address refused it takes nothing of its own.
    if (!this.#server.available(1))
      throw new ApiFailure(
        429,
        'TooManyJoinAttempts',
        `the server takes at most ${limits.workshopServerJoinAttemptsPerSecond} join attempts a second (${limits.workshopServerJoinAttemptBurst} at once, workshopServerJoinAttemptsPerSecond); try again in a moment`,
      );
    if (!this.#addresses.of(client).take())
      throw new ApiFailure(
        429,
        'TooManyJoinAttempts',
        `this address made more than ${limits.workshopJoinAttemptsPerSecond} join attempt a second (${limits.workshopJoinAttemptBurst} at once, workshopJoinAttemptsPerSecond); try again in a moment`,
      );
    this.#server.take();
  }
}
