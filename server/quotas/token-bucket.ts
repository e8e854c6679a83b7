// Token buckets, the one shape of every rate the server keeps (requests, new sessions, app files, join codes,
// presenter keys, reports and their bytes): `burst` at once after a pause, then `rate` a second.
//
// Why hand-written and not @fastify/rate-limit: its store counts requests in a fixed window (`max` per
// `timeWindow`, reset at the window's end), which cannot hold a burst that differs from a second's rate (500
// at once, then 100 a second), lets twice `max` through across a window's edge, and cannot take a body's
// bytes or be asked without taking (`available`); and each rule here sits in a composite the plugin has no
// place for: a session's rate beside its concurrency, an address's beside the server's share of new
// sessions (RequestQuotas), a wrong join code counted only once the code is known wrong (workshop/attempts.ts).
import { addressKey } from './address-key.ts';

/** Tokens refill at `rate` a second up to `burst`; each request takes one. */
export class TokenBucket {
  #tokens: number;
  #at: number;

  constructor(
    readonly rate: number,
    readonly burst: number,
    readonly now: () => number = Date.now,
  ) {
    this.#tokens = burst;
    this.#at = now();
  }

  /** Whether `count` tokens are there, without taking them. */
  available(count: number): boolean {
    this.#refill();
    return this.#tokens >= count;
  }

  #refill(): void {
    const now = this.now();
    this.#tokens = Math.min(this.burst, this.#tokens + ((now - this.#at) / 1000) * this.rate);
    this.#at = now;
  }

  /** Takes `count` tokens when they are there (a byte bucket takes a body's bytes). */
  take(count = 1): boolean {
    this.#refill();
    if (this.#tokens < count) return false;
    this.#tokens -= count;
    return true;
  }
}

/**
 * A TokenBucket per client (its address's `addressKey`: an IPv6 /64 as one), for at most `maxClients` of
 * them: past it the oldest is forgotten, so a flood of addresses cannot grow the table.
 */
export class AddressBuckets {
  readonly #buckets = new Map<string, TokenBucket>();

  constructor(
    readonly rate: number,
    readonly burst: number,
    readonly maxClients: number,
    readonly now: () => number = Date.now,
  ) {}

  /** The address's bucket, when it has taken a token yet. */
  peek(address: string): TokenBucket | undefined {
    return this.#buckets.get(addressKey(address));
  }

  /** The address's bucket, made full for a new one. */
  of(address: string): TokenBucket {
    const key = addressKey(address);
    let bucket = this.#buckets.get(key);
    if (!bucket) {
      if (this.#buckets.size >= this.maxClients) {
        const [oldest] = this.#buckets.keys();
        this.#buckets.delete(oldest);
      }
      bucket = new TokenBucket(this.rate, this.burst, this.now);
      this.#buckets.set(key, bucket);
    }
    return bucket;
  }
}
