import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { CreateTableCommand, ExecuteStatementCommand, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createDynamoClient } from './client.ts';
import { DynamoDBLocal, type DynamoDBLocalStatus, WATCHDOG_NAME } from './local.ts';

// Starting a JVM takes 2 s on an idle machine but much longer when the CPUs are shared.
const JVM_TEST_TIMEOUT_MS = 60_000;
const scratch = mkdtempSync(path.join(tmpdir(), 'keyplan-ddb-local-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** `ps -eo pid,args` lines matching, without zombies (this VM's init reaps them late). */
function processesMatching(text: string): string[] {
  return execFileSync('ps', ['-eo', 'pid,stat,args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(text) && !/^\s*\d+\s+Z/.test(line));
}

function isAlive(pid: number): boolean {
  try {
    const stat = execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    return stat !== '' && !stat.startsWith('Z');
  } catch {
    return false;
  }
}

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return condition();
}

function nextStatus(local: DynamoDBLocal, wanted: DynamoDBLocalStatus): Promise<void> {
  return new Promise((resolve) => {
    const off = local.onStatus((status) => {
      if (status === wanted) {
        off();
        resolve();
      }
    });
  });
}

/** True when a TCP connection to host:port is accepted. */
function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port, timeout: 2_000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

function portOf(endpoint: string): number {
  return Number(new URL(endpoint).port);
}

function fakeJava(name: string, body: string): string {
  const file = path.join(scratch, name);
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

describe('DynamoDBLocal with real Java', () => {
  const local = new DynamoDBLocal();
  const statuses: DynamoDBLocalStatus[] = [];
  local.onStatus((status) => statuses.push(status));
  let client: ReturnType<typeof createDynamoClient>;

  beforeAll(async () => {
    await local.start();
    client = createDynamoClient(local.endpoint);
  });
  afterAll(async () => {
    client?.destroy();
    await local.stop();
  });

  it('starts on a loopback port and answers ListTables through the shared client', async () => {
    expect(statuses).toEqual(['starting', 'up']);
    expect(local.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(processesMatching(`-port ${portOf(local.endpoint)}`).join('\n')).toContain(String(local.pid));
    await client.send(
      new CreateTableCommand({
        TableName: 'smoke',
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      }),
    );
    expect((await client.send(new ListTablesCommand({}))).TableNames).toEqual(['smoke']);
  });

  it('listens on 127.0.0.1 only: a connection to another address of this machine is refused', async () => {
    const port = portOf(local.endpoint);
    const listening = execFileSync('ss', ['-Hltn', `sport = :${port}`], { encoding: 'utf8' }).trim();
    expect(listening).toMatch(/127\.0\.0\.1\]?:\d+/);
    expect(listening).not.toMatch(/(\*|0\.0\.0\.0|\[::\]):\d+/);
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((address) => address && !address.internal)
      .map((address) => address!.address);
    for (const host of others) expect(await connects(host, port), `connect to ${host}:${port}`).toBe(false);
    expect(await connects('127.0.0.1', port)).toBe(true);
  });

  it('keeps one database per access key: one key cannot list or read the tables of another', async () => {
    const other = createDynamoClient(local.endpoint, {
      credentials: { accessKeyId: 'KPOTHERSESSION', secretAccessKey: 'x' },
    });
    try {
      expect((await other.send(new ListTablesCommand({}))).TableNames).toEqual([]);
      await expect(
        other.send(new ExecuteStatementCommand({ Statement: 'SELECT * FROM "smoke"' })),
      ).rejects.toThrow(/non-existent table|not found/i);
    } finally {
      other.destroy();
    }
  });

  it('restarts Java after kill -9, on the same endpoint, and the same client works after ready()', {
    timeout: JVM_TEST_TIMEOUT_MS,
  }, async () => {
    const endpoint = local.endpoint;
    const crashed = local.pid!;
    const instance = local.instance;
    statuses.length = 0;
    // Until Node has seen the exit, ready() still reports the old, healthy run.
    const restarting = nextStatus(local, 'restarting');
    process.kill(crashed, 'SIGKILL');
    await restarting;
    await local.ready();
    expect(statuses).toEqual(['restarting', 'up']);
    expect(local.pid).not.toBe(crashed);
    expect(isAlive(crashed)).toBe(false);
    expect(local.endpoint).toBe(endpoint);
    // In-memory data does not survive a crash; the point is that the call succeeds.
    expect((await client.send(new ListTablesCommand({}))).TableNames).toEqual([]);
    // …and the health's instance id says so, for a designer that remembers having applied a table.
    expect(instance).toMatch(/^[0-9a-f-]{36}$/);
    expect(local.instance).toMatch(/^[0-9a-f-]{36}$/);
    expect(local.instance).not.toBe(instance);
  });

  it('moves to a new port when the old one is taken during a restart, and says so', {
    timeout: JVM_TEST_TIMEOUT_MS,
  }, async () => {
    const port = portOf(local.endpoint);
    const changes: string[] = [];
    const off = local.onEndpointChange((endpoint) => changes.push(endpoint));
    // Blocking the event loop keeps the supervisor from seeing the crash until another process
    // holds the port, so the race is decided.
    const holdScript = `
      kill -9 ${local.pid}
      while [ "$(ps -o stat= -p ${local.pid} | cut -c1)" != Z ]; do sleep 0.05; done
      "${process.execPath}" -e "require('net').createServer().listen(${port}, '127.0.0.1', () => console.log('held'))" > "${scratch}/holder.out" 2>&1 &
      echo $!
      until grep -q held "${scratch}/holder.out"; do sleep 0.05; done
    `;
    const restarting = nextStatus(local, 'restarting');
    const holder = Number(execFileSync('sh', ['-c', holdScript], { encoding: 'utf8' }).trim());
    try {
      await restarting;
      await local.ready();
      expect(local.status).toBe('up');
      expect(portOf(local.endpoint)).not.toBe(port);
      expect(changes).toEqual([local.endpoint]);
      client.destroy();
      client = createDynamoClient(local.endpoint);
      expect((await client.send(new ListTablesCommand({}))).TableNames).toEqual([]);
    } finally {
      off();
      process.kill(holder);
    }
  });

  it('stop() leaves no Java process and no watchdog, and calls then fail fast', async () => {
    const port = portOf(local.endpoint);
    const pid = local.pid!;
    await local.stop();
    expect(local.status).toBe('down');
    expect(processesMatching(`-port ${port}`)).toEqual([]);
    expect(isAlive(pid)).toBe(false);
    expect(await waitUntil(() => processesMatching(`${WATCHDOG_NAME} ${pid}`).length === 0, 2_000)).toBe(
      true,
    );
    await expect(local.ready()).rejects.toThrow(/stopped/);
    const started = Date.now();
    await expect(client.send(new ListTablesCommand({}))).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('no orphan Java when the Node process ends', () => {
  const localUrl = pathToFileURL(path.join(import.meta.dirname, 'local.ts')).href;
  const script = `
    import { DynamoDBLocal } from ${JSON.stringify(localUrl)};
    const local = new DynamoDBLocal();
    await local.start();
    console.log(JSON.stringify({ pid: local.pid, port: new URL(local.endpoint).port }));
    const mode = process.env.KEYPLAN_TEST_MODE;
    if (mode === 'crash') setTimeout(() => { throw new Error('boom'); }, 50);
    // 'exit' lets the event loop drain; the other modes wait for a signal.
    else if (mode !== 'exit') setInterval(() => {}, 1_000);
  `;

  // Sequential on purpose: five JVMs starting at once on a small machine take longer than one by one.
  it.each(['SIGKILL', 'SIGTERM', 'SIGINT', 'crash', 'exit'])(
    '%s',
    { timeout: JVM_TEST_TIMEOUT_MS },
    async (mode) => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        env: { ...process.env, KEYPLAN_TEST_MODE: mode },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      // If an assertion fails first, the child (which would idle forever) must not outlive the test.
      onTestFinished(() => {
        child.kill('SIGKILL');
      });
      let stderr = '';
      child.stderr!.on('data', (chunk) => {
        stderr += chunk;
      });
      const exited = new Promise<number | string | null>((resolve) =>
        child.once('exit', (code, signal) => resolve(signal ?? code)),
      );
      const first = await createInterface({ input: child.stdout! })[Symbol.asyncIterator]().next();
      if (first.done) throw new Error(`The child printed nothing:\n${stderr}`);
      const { pid, port } = JSON.parse(first.value) as { pid: number; port: string };
      expect(processesMatching(`-port ${port}`).join('\n')).toMatch(new RegExp(`^\\s*${pid}\\s.*java`, 'm'));

      if (mode.startsWith('SIG')) child.kill(mode as NodeJS.Signals);
      expect(await exited).toBe(mode === 'crash' ? 1 : mode === 'exit' ? 0 : mode);
      expect(await waitUntil(() => !isAlive(pid), 5_000)).toBe(true);
      expect(processesMatching(`-port ${port}`)).toEqual([]);
    },
  );
});

describe('failures', () => {
  it('explains that Java 17 is needed when java is missing', async () => {
    const emptyDir = mkdtempSync(path.join(scratch, 'empty-path-'));
    const local = new DynamoDBLocal({ env: { PATH: emptyDir } });
    await expect(local.start()).rejects.toThrow(
      /Java 17 or newer.*not found on PATH.*apt-get install -y default-jre-headless/,
    );
    expect(local.status).toBe('down');
    await expect(new DynamoDBLocal({ javaPath: path.join(emptyDir, 'java') }).start()).rejects.toThrow(
      /Java 17 or newer/,
    );
  });

  it('retries a Java that quits at once, then reports its output', async () => {
    const attempts = path.join(scratch, 'attempts');
    const java = fakeJava(
      'quitting-java',
      `echo attempt >> ${attempts}\necho "Error: port trouble" >&2\nexit 1`,
    );
    const local = new DynamoDBLocal({ javaPath: java });
    await expect(local.start()).rejects.toThrow(/exited while starting \(code 1\)[\s\S]*Error: port trouble/);
    expect(readFileSync(attempts, 'utf8').trim().split('\n')).toHaveLength(3);
    expect(local.status).toBe('down');
  });

  it('gives up after the start timeout, kills the process and shows its output', async () => {
    const pidFile = path.join(scratch, 'hanging-pid');
    const java = fakeJava('hanging-java', `echo $$ > ${pidFile}\necho "still booting"\nexec sleep 30`);
    const local = new DynamoDBLocal({ javaPath: java, startTimeoutMs: 500 });
    await expect(local.start()).rejects.toThrow(/did not answer on .* within 500 ms[\s\S]*still booting/);
    expect(isAlive(Number(readFileSync(pidFile, 'utf8')))).toBe(false);
    await expect(local.ready()).rejects.toThrow();
  });

  it('keeps tables in dbPath, creating the directory', { timeout: JVM_TEST_TIMEOUT_MS }, async () => {
    const dbPath = path.join(scratch, 'nested', 'db');
    const local = new DynamoDBLocal({ dbPath });
    await local.start();
    const client = createDynamoClient(local.endpoint);
    try {
      await client.send(
        new CreateTableCommand({
          TableName: 'kept',
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
          KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
        }),
      );
    } finally {
      client.destroy();
      await local.stop();
    }
    expect(readdirSync(dbPath).some((file) => file.endsWith('.db'))).toBe(true);
  });
});
