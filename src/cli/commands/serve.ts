import type { Command } from '../command.ts';
import { parsePositiveInt } from '../io.ts';

export const serveCommand: Command = {
  name: 'serve',
  summary: 'the app, the proxy and (by default) an embedded DynamoDB Local',
  usage: 'serve [--port N (8787)] [--host H] [--endpoint URL | --aws] [--db-path DIR]',
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    endpoint: { type: 'string' },
    aws: { type: 'boolean' },
    'db-path': { type: 'string' },
  },
  async run({ values }, io) {
    const { closeOnSignals, startServer } = await import('../../../server/server.ts');
    const server = await startServer({
      port: values.port === '0' ? 0 : parsePositiveInt(values.port as string | undefined, '--port'),
      host: values.host as string | undefined,
      endpoint: (values.endpoint as string | undefined) ?? process.env.DYNAMODB_ENDPOINT,
      aws: Boolean(values.aws),
      dbPath: values['db-path'] as string | undefined,
      log: (line) => io.stderr(`${line}\n`),
    });
    closeOnSignals(server);
    if (values.aws)
      io.stderr('WARNING: connected to real AWS. Apply and Run change real tables and cost money.\n');
    io.stdout(`Keyplan is running at ${server.url}\n`);
    await new Promise(() => {});
    return 0;
  },
};
