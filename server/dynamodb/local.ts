import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import type net from 'node:net';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { makePrivateDir, tighten } from '../private-files.ts';
import { findJarDir, findJava, freePort, isPortFree, probe } from './local-host.ts';

export type DynamoDBLocalStatus = 'starting' | 'up' | 'restarting' | 'down';

export interface DynamoDBLocalOptions {
  /** Keep tables in this directory (created if missing) instead of in memory. */
  dbPath?: string;
  /** Java executable: a bare name is looked up on the PATH of `env`. Default `java`. */
  javaPath?: string;
  /** Environment for Java, and the PATH used to find it. Default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** How long one start may take before we give up. Default 30 s. */
  startTimeoutMs?: number;
}

const POLL_INTERVAL_MS = 100;
const KILL_AFTER_MS = 5_000;
const MAX_START_ATTEMPTS = 3;
const OUTPUT_TAIL_LINES = 20;

/*
 * Kills Java when the Node process dies in a way no handler sees (SIGKILL, OOM killer). Its stdin is
 * a pipe whose only writer is Node, so the kernel closes it when Node dies and `read` hits EOF at
 * once. A line on stdin means Java already exited (the pid may be reused): leave quietly.
 */
const WATCHDOG_SCRIPT = `
if read -r _; then exit 0; fi
kill -TERM "$1" 2>/dev/null || exit 0
i=0
while kill -0 "$1" 2>/dev/null; do
  i=$((i + 1))
  if [ "$i" -gt ${KILL_AFTER_MS / 100} ]; then kill -KILL "$1" 2>/dev/null; exit 0; fi
  sleep 0.1
done
`;
export const WATCHDOG_NAME = 'keyplan-dynamodb-watchdog';

/**
 * Starts Java with umask 077: DynamoDB Local (SQLite) creates its database files with the process's umask,
 * 0644 under the usual one, and they hold every session's items. `exec` keeps the pid Java's.
 */
const PRIVATE_JAVA_SCRIPT = 'umask 077; exec "$0" "$@"';
/** DynamoDB Local's files in a dbPath: a database per access key and region, and SQLite's side files. */
const DATABASE_FILE = /\.db(-journal|-wal|-shm)?$/;

/** Java source run as a single-file program: DynamoDB Local's own main, bound to 127.0.0.1. */
const LOOPBACK_LAUNCHER = fileURLToPath(new URL('./LoopbackDynamoDBLocal.java', import.meta.url));

/** Supervises one DynamoDB Local (Java) process: start, health, restart on crash, stop. */
export class DynamoDBLocal {
  readonly #options: DynamoDBLocalOptions;
  #port = 0;
  #status: DynamoDBLocalStatus = 'down';
  #java: ChildProcess | undefined;
  #readiness = settled(Promise.reject(new Error('DynamoDB Local has not been started')));
  // Bumped by start() and stop() so a launch or exit handler from an older run cannot act.
  #run = 0;
  #outputTail: string[] = [];
  #instance: string | undefined;
  #dataLostAt: string | undefined;
  readonly #statusListeners = new Set<(status: DynamoDBLocalStatus) => void>();
  readonly #endpointListeners = new Set<(endpoint: string) => void>();

  constructor(options: DynamoDBLocalOptions = {}) {
    this.#options = options;
  }

  /** `http://127.0.0.1:PORT`; may change after a restart (see `onEndpointChange`). */
  get endpoint(): string {
    return `http://127.0.0.1:${this.#port}`;
  }

  get status(): DynamoDBLocalStatus {
    return this.#status;
  }

  /**
   * Names the tables' lifetime: in memory, a new id each time DynamoDB Local comes up (a restart loses every
   * table); with a dbPath, one constant id, as the tables outlive restarts. Undefined before the first start.
   */
  get instance(): string | undefined {
    return this.#instance;
  }

  /**
   * When an in-memory DynamoDB Local last died while up (ISO time): every table it held was lost then, and
   * the restart began. Undefined when that never happened, and always with a dbPath (the data outlives it).
   */
  get dataLostAt(): string | undefined {
    return this.#dataLostAt;
  }

  /** The Java process id, while one is running. */
  get pid(): number | undefined {
    return this.#java?.pid;
  }

  /** Resolves once DynamoDB Local answers. Calling it again while starting or up returns the same promise. */
  start(): Promise<void> {
    if (this.#status === 'down') {
      const run = ++this.#run;
      this.#readiness = settled(this.#launch(run, 'starting'));
    }
    return this.#readiness;
  }

  /** Resolves when DynamoDB Local answers, waiting for a restart in progress; rejects when it is down. */
  ready(): Promise<void> {
    return this.#readiness;
  }

  /** Stops Java (SIGTERM, SIGKILL after 5 s); resolves when the process is gone. */
  async stop(): Promise<void> {
    this.#run++;
    const java = this.#java;
    this.#java = undefined;
    this.#readiness = settled(Promise.reject(new Error('DynamoDB Local is stopped')));
    this.#setStatus('down');
    if (java) await terminate(java);
  }

  /** Returns a function that removes the listener. */
  onStatus(listener: (status: DynamoDBLocalStatus) => void): () => void {
    this.#statusListeners.add(listener);
    return () => this.#statusListeners.delete(listener);
  }

  /**
   * Called when the endpoint changes once it has been up (a restart found its port taken, or start()
   * after stop()): clients of the old endpoint must be recreated.
   */
  onEndpointChange(listener: (endpoint: string) => void): () => void {
    this.#endpointListeners.add(listener);
    return () => this.#endpointListeners.delete(listener);
  }

  async #launch(run: number, status: 'starting' | 'restarting'): Promise<void> {
    this.#setStatus(status);
    try {
      const java = findJava(this.#options.javaPath ?? 'java', this.#options.env ?? process.env);
      const jarDir = findJarDir();
      const previousPort = this.#port;
      for (let attempt = 1; ; attempt++) {
        // A restart keeps its port so clients keep working; a retry means the port was taken.
        const reuse = status === 'restarting' && attempt === 1 && (await isPortFree(previousPort));
        const port = reuse ? previousPort : await freePort();
        if (run !== this.#run) throw new Error('DynamoDB Local was stopped while starting');
        try {
          await this.#spawnAndWait(run, java, jarDir, port);
          break;
        } catch (error) {
          if (!(error instanceof EarlyExit) || attempt >= MAX_START_ATTEMPTS || run !== this.#run)
            throw error;
        }
      }
      if (run !== this.#run) throw new Error('DynamoDB Local was stopped while starting');
      this.#instance = this.#options.dbPath ? `db:${path.resolve(this.#options.dbPath)}` : randomUUID();
      this.#setStatus('up');
      if (previousPort !== 0 && this.#port !== previousPort) {
        for (const listener of this.#endpointListeners) listener(this.endpoint);
      }
    } catch (error) {
      if (run === this.#run) this.#setStatus('down');
      throw error;
    }
  }

  async #spawnAndWait(run: number, java: string, jarDir: string, port: number): Promise<void> {
    // Not -sharedDb: DynamoDB Local then keeps one database per access key, and the server signs each
    // session's requests with a key of its own (server/session.ts), so sessions cannot see each other's
    // tables whatever a request says. The launcher binds 127.0.0.1 only (see its comment).
    const args = [
      `-Djava.library.path=${path.join(jarDir, 'DynamoDBLocal_lib')}`,
      '-cp',
      [path.join(jarDir, 'DynamoDBLocal.jar'), path.join(jarDir, 'DynamoDBLocal_lib', '*')].join(
        path.delimiter,
      ),
      LOOPBACK_LAUNCHER,
      '-disableTelemetry',
      '-port',
      String(port),
      ...this.#storageArgs(),
    ];
    this.#outputTail = [];
    // Own process group: a terminal's Ctrl-C must reach Node only, which then decides to stop Java
    // (otherwise Java could die first and be "restarted" during shutdown).
    const child = spawn('/bin/sh', ['-c', PRIVATE_JAVA_SCRIPT, java, ...args], {
      env: this.#options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    this.#java = child;
    this.#port = port;
    let spawnError: Error | undefined;
    let exit: string | undefined;
    child.once('error', (error) => {
      spawnError = error;
    });
    for (const stream of [child.stdout!, child.stderr!]) {
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => this.#recordOutput(chunk));
    }
    // Java is a helper: it must not keep Node alive. The exit hook and the watchdog clean it up.
    child.unref();
    unrefStream(child.stdout!);
    unrefStream(child.stderr!);
    const watchdog = child.pid === undefined ? undefined : startWatchdog(child.pid);
    if (child.pid !== undefined) liveJavaPids.add(child.pid);
    child.once('exit', (code, signal) => {
      exit = signal ? `signal ${signal}` : `code ${code}`;
      if (child.pid !== undefined) liveJavaPids.delete(child.pid);
      disarmWatchdog(watchdog);
      this.#onJavaExit(run, child);
    });

    const timeoutMs = this.#options.startTimeoutMs ?? 30_000;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (run !== this.#run) throw new Error('DynamoDB Local was stopped while starting');
      if (spawnError) throw new Error(`Could not run ${java}: ${spawnError.message}`);
      if (exit) throw new EarlyExit(`DynamoDB Local exited while starting (${exit}).${this.#tail()}`);
      if (await probe(this.endpoint)) return;
      if (Date.now() > deadline) {
        await terminate(child);
        throw new Error(
          `DynamoDB Local did not answer on ${this.endpoint} within ${timeoutMs} ms.${this.#tail()}`,
        );
      }
      await sleep(POLL_INTERVAL_MS);
    }
  }

  #storageArgs(): string[] {
    if (!this.#options.dbPath) return ['-inMemory'];
    const dir = path.resolve(this.#options.dbPath);
    // The owner's only, also the databases an older Keyplan left readable to every local user.
    makePrivateDir(dir);
    for (const name of readdirSync(dir)) if (DATABASE_FILE.test(name)) tighten(path.join(dir, name));
    return ['-dbPath', dir];
  }

  #onJavaExit(run: number, child: ChildProcess): void {
    if (this.#java === child) this.#java = undefined;
    // Deaths while starting are handled by the launch loop; after stop() the run has changed.
    if (run !== this.#run || this.#status !== 'up') return;
    if (!this.#options.dbPath) this.#dataLostAt = new Date().toISOString();
    this.#readiness = settled(this.#launch(run, 'restarting'));
  }

  #recordOutput(chunk: string): void {
    for (const line of chunk.split(/\r?\n/)) {
      if (line.trim()) this.#outputTail.push(line);
    }
    this.#outputTail.splice(0, this.#outputTail.length - OUTPUT_TAIL_LINES);
  }

  #tail(): string {
    return this.#outputTail.length ? `\nLast output of Java:\n${this.#outputTail.join('\n')}` : '';
  }

  #setStatus(status: DynamoDBLocalStatus): void {
    if (status === this.#status) return;
    this.#status = status;
    for (const listener of this.#statusListeners) listener(status);
  }
}

/** Java quit before answering: worth another try (typically the port was taken meanwhile). */
class EarlyExit extends Error {}

/** Marks the promise as handled so a rejection nobody awaits does not crash Node; callers still see it. */
function settled(promise: Promise<void>): Promise<void> {
  promise.catch(() => {});
  return promise;
}

// Normal exit and uncaught exceptions run 'exit' handlers: stop Java right away rather than
// leaving it to the watchdog. Signals are not handled here, so the app keeps its own shutdown.
const liveJavaPids = new Set<number>();
process.on('exit', () => {
  for (const pid of liveJavaPids) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
});

function startWatchdog(javaPid: number): ChildProcess {
  const watchdog = spawn('sh', ['-c', WATCHDOG_SCRIPT, WATCHDOG_NAME, String(javaPid)], {
    stdio: ['pipe', 'ignore', 'ignore'],
    detached: true,
  });
  // A watchdog that died early must not crash Node with EPIPE when we disarm it.
  watchdog.stdin!.on('error', () => {});
  watchdog.on('error', () => {});
  watchdog.unref();
  unrefStream(watchdog.stdin!);
  return watchdog;
}

function disarmWatchdog(watchdog: ChildProcess | undefined): void {
  watchdog?.stdin?.end('exit\n');
}

function unrefStream(stream: Readable | Writable): void {
  (stream as unknown as net.Socket).unref();
}

function terminate(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
