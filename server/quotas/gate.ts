// A turn among a few: applies and loads, large bodies, design checks wait for one in order, so the work they
// take server-wide stays bounded however many sessions send them.

/** At most `size` holders at once (applies and loads); the next ones wait in order, or until their signal fires. */
export class Gate {
  #free: number;
  readonly #waiting: (() => void)[] = [];

  constructor(size: number) {
    this.#free = size;
  }

  /** Resolves with the function that lets the next one in; rejects with the signal's reason while waiting. */
  async enter(signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    if (this.#free > 0) this.#free--;
    else
      await new Promise<void>((resolve, reject) => {
        const grant = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        const onAbort = () => {
          this.#waiting.splice(this.#waiting.indexOf(grant), 1);
          reject(signal?.reason);
        };
        this.#waiting.push(grant);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free++;
    };
  }
}
