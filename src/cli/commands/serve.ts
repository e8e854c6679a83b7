import type { Command } from '../command.ts';
import { CommandError, parsePositiveInt, UsageError } from '../io.ts';

/** A listen failure the user can fix, as one line: which port or host, and what to pass instead. */
function listenProblem(error: unknown, port: number, host: string): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const choose = 'choose another with --port N (npm start -- --port N)';
  if (code === 'EADDRINUSE') return `keyplan serve: port ${port} is in use; ${choose}`;
  if (code === 'EACCES') return `keyplan serve: port ${port} needs privileges to bind; ${choose}`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return `keyplan serve: cannot listen on host ${host}: it is not an address of this machine (--host)`;
  return undefined;
}

export const serveCommand: Command = {
  name: 'serve',
  summary: 'the app, the proxy and (by default) an embedded DynamoDB Local',
  usage: 'serve [--port N (8787)] [--host H] [--allow-host NAME]... [--endpoint URL | --aws] [--db-path DIR]',
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    'allow-host': { type: 'string', multiple: true },
    endpoint: { type: 'string' },
    aws: { type: 'boolean' },
    'db-path': { type: 'string' },
  },
  async run({ values }, io) {
    const { closeOnSignals, DEFAULT_PORT, startServer } = await import('../../../server/server.ts');
    const { DbPathInUseError } = await import('../../../server/db-lock.ts');
    const port =
      values.port === '0'
        ? 0
        : (parsePositiveInt(values.port as string | undefined, '--port') ?? DEFAULT_PORT);
    if (port > 65535) throw new UsageError(`--port ${port}: expected a port number from 1 to 65535`);
    const host = (values.host as string | undefined) ?? '127.0.0.1';
    // Browsers reach the server only by these names (and loopback, and --host): DNS rebinding protection.
    const allowHosts = (values['allow-host'] as string[] | undefined) ?? [];
    const { canonicalHost } = await import('../../../server/browser-guard.ts');
    for (const name of allowHosts) {
      if (!canonicalHost(name))
        throw new UsageError(`--allow-host ${name}: expected a host name or address, optionally with :port`);
    }
    let server: Awaited<ReturnType<typeof startServer>>;
    try {
      server = await startServer({
        port,
        host,
        endpoint: (values.endpoint as string | undefined) ?? process.env.DYNAMODB_ENDPOINT,
        aws: Boolean(values.aws),
        dbPath: values['db-path'] as string | undefined,
        allowHosts,
        log: (line) => io.stderr(`${line}\n`),
      });
    } catch (error) {
      if (error instanceof DbPathInUseError) throw new CommandError(error.message);
      const problem = listenProblem(error, port, host);
      if (problem) throw new CommandError(problem);
      throw error;
    }
    closeOnSignals(server);
    if (values.aws)
      io.stderr('WARNING: connected to real AWS. Apply and Run change real tables and cost money.\n');
    io.stdout(`Keyplan is running at ${server.url}\n`);
    await new Promise(() => {});
    return 0;
  },
};
