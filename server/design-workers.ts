// The worker processes that check large design bodies (design-worker.ts): at most `size` at once, the next
// jobs waiting their turn, each at the lowest priority (PRIORITY_LOW), so that on a shared core the server's
// event loop goes first. A job stops when its signal fires (the client went away, its time ran out): its
// worker is ended and another started for the next job. A worker that dies fails its job with a 503, never
// the server.
import { type ChildProcess, fork } from 'node:child_process';
import { constants, setPriority } from 'node:os';
import type { DesignCheckResult, DesignRoute } from './design-check.ts';
import type { DesignJob } from './design-worker.ts';
import type { AttributeMap } from './dynamodb/load.ts';
import { ApiFailure } from './errors.ts';
import type { Limits } from './limits.ts';
import type { BodyChunks } from './read-body.ts';

interface Pending {
  job: DesignJob;
  body: BodyChunks;
  items: AttributeMap[];
  resolve: (result: DesignCheckResult) => void;
  reject: (error: unknown) => void;
  signal?: AbortSignal;
}

const BOOT = new URL('./design-worker-boot.mjs', import.meta.url);
/** Bytes of a body sent to a worker in one turn of the event loop. */
const BYTES_PER_TURN = 1024 * 1024;

export class DesignWorkers {
  readonly #idle: ChildProcess[] = [];
  readonly #busy = new Map<ChildProcess, Pending>();
  readonly #waiting: Pending[] = [];
  #next = 0;
  #closed = false;

  constructor(
    readonly size: number,
    readonly limits: Limits,
  ) {}

  /** The result of design-check.ts's checks of the body (UTF-8 JSON), made in a worker process. */
  check(
    route: DesignRoute,
    body: BodyChunks,
    prefix: string,
    signal?: AbortSignal,
  ): Promise<DesignCheckResult> {
    signal?.throwIfAborted();
    return new Promise((resolve, reject) => {
      const job: DesignJob = { id: this.#next++, route, prefix, limits: this.limits };
      const pending: Pending = { job, body, items: [], resolve, reject, signal };
      signal?.addEventListener('abort', () => this.#abort(pending), { once: true });
      this.#waiting.push(pending);
      this.#dispatch();
    });
  }

  #dispatch(): void {
    while (this.#waiting.length > 0 && !this.#closed) {
      let worker = this.#idle.pop();
      if (!worker) {
        if (this.#busy.size >= this.size) return;
        worker = this.#start();
      }
      const pending = this.#waiting.shift()!;
      this.#busy.set(worker, pending);
      void this.#send(worker, pending);
    }
  }

  /**
   * The body's chunks, a megabyte or so per turn of the event loop (each copied into the channel), then the
   * job: the bytes are never joined nor decoded here.
   */
  async #send(worker: ChildProcess, pending: Pending): Promise<void> {
    const { id } = pending.job;
    let sent = 0;
    for (const chunk of pending.body.chunks) {
      if (this.#busy.get(worker) !== pending) return; // stopped meanwhile
      worker.send({ id, chunk });
      sent += chunk.length;
      if (sent >= BYTES_PER_TURN) {
        sent = 0;
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    if (this.#busy.get(worker) === pending) worker.send(pending.job);
  }

  #start(): ChildProcess {
    // Its own execArgv: the boot file registers tsx, whatever runs the server (tsx, vitest).
    const worker = fork(BOOT, [], {
      serialization: 'advanced',
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    try {
      if (worker.pid !== undefined) setPriority(worker.pid, constants.priority.PRIORITY_LOW);
    } catch {
      // not allowed here: it runs at the server's priority
    }
    worker.unref();
    worker.channel?.unref();
    worker.on('message', (message: { items?: AttributeMap[]; result?: DesignCheckResult }) => {
      const pending = this.#busy.get(worker);
      if (!pending) return;
      if (message.items) {
        for (const item of message.items) pending.items.push(item);
        return;
      }
      // Anything else (the warm-up's answer, which can come after a job was handed to the worker) is no
      // job's answer: taking it for one threw and took the server down under load.
      const result = message.result;
      if (!result) return;
      if (result.kind === 'apply' && result.items) result.items = pending.items;
      this.#busy.delete(worker);
      this.#idle.push(worker);
      pending.resolve(result);
      this.#dispatch();
    });
    const fail = (error?: Error) => {
      const pending = this.#busy.get(worker);
      this.#busy.delete(worker);
      const at = this.#idle.indexOf(worker);
      if (at >= 0) this.#idle.splice(at, 1);
      pending?.reject(
        new ApiFailure(
          503,
          'CheckFailed',
          `the design could not be checked (${error?.message ?? 'its worker stopped'}); retry, or send a smaller design`,
        ),
      );
      this.#dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', () => fail());
    return worker;
  }

  #abort(pending: Pending): void {
    const waiting = this.#waiting.indexOf(pending);
    if (waiting >= 0) this.#waiting.splice(waiting, 1);
    for (const [worker, running] of this.#busy)
      if (running === pending) {
        this.#busy.delete(worker);
        worker.kill();
      }
    pending.reject(pending.signal?.reason);
    this.#dispatch();
  }

  /**
   * Starts every worker now (the app does once it is ready): a worker's start loads the checks' modules,
   * seconds of a core that the first large request would otherwise share with the event loop.
   */
  async warm(): Promise<void> {
    const started: Promise<unknown>[] = [];
    while (!this.#closed && this.#idle.length + this.#busy.size < this.size) {
      const worker = this.#start();
      this.#idle.push(worker);
      started.push(
        new Promise((resolve) => {
          worker.once('message', resolve);
          worker.once('exit', resolve);
        }),
      );
      worker.send({ warmUp: true });
    }
    await Promise.all(started);
  }

  async close(): Promise<void> {
    this.#closed = true;
    const workers = [...this.#idle, ...this.#busy.keys()];
    this.#idle.length = 0;
    this.#busy.clear();
    for (const worker of workers) worker.kill();
  }
}
