import { loadLessonFiles } from '../../../server/lessons/lesson-files.ts';
import type { Lesson } from '../../core/features/lessons/lesson-types.ts';
import type { Command } from '../command.ts';
import { CommandError, parsePositiveInt, UsageError } from '../io.ts';
import { workshopBanner } from '../workshop-banner.ts';

/** The lessons of --lessons paths; any problem of any file stops the server before it starts. */
async function loadLessons(paths: string[]): Promise<Lesson[]> {
  const files = await loadLessonFiles(paths);
  const problems = files.flatMap(({ file, result }) =>
    result.ok ? [] : result.problems.map((p) => `${file}: ${p.path}: ${p.message}`),
  );
  if (problems.length > 0) throw new CommandError(`keyplan serve --lessons:\n${problems.join('\n')}`);
  return files.flatMap(({ result }) => (result.ok ? [result.lesson] : []));
}

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
  synopsis: [
    '[--port] [--host] [--allow-host]... [--endpoint | --aws] [--db-path] [--workshop] [--lessons]...',
  ],
  options: {
    port: { type: 'string', value: 'N', default: '8787', help: 'the port to listen on' },
    host: {
      type: 'string',
      value: 'H',
      help: 'the address to listen on (default 127.0.0.1; 0.0.0.0 for every address)',
    },
    'allow-host': {
      type: 'string',
      value: 'NAME',
      multiple: true,
      help: 'one more Host name to answer as (repeatable)',
    },
    endpoint: {
      type: 'string',
      value: 'URL',
      help: 'an existing DynamoDB instead of the embedded DynamoDB Local',
    },
    aws: {
      type: 'boolean',
      help: 'real AWS (the standard credential chain); refused with a non-loopback --host',
    },
    'db-path': {
      type: 'string',
      value: 'DIR',
      help: "keep DynamoDB Local's data, a workshop and live rooms in DIR",
    },
    workshop: { type: 'boolean', help: 'serve a workshop (docs/lessons-and-workshops.md)' },
    lessons: {
      type: 'string',
      value: 'DIR',
      multiple: true,
      help: 'offer the lessons in DIR too (repeatable)',
    },
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
    const { isLoopbackHost } = await import('../../../server/workshop/urls.ts');
    if (values.aws && !isLoopbackHost(host))
      throw new UsageError(
        `--aws with --host ${host}: real AWS is served to this machine only (anyone reaching the server would use your AWS credentials); drop --host, or use DynamoDB Local`,
      );
    // Browsers reach the server only by these names (and loopback, and --host): DNS rebinding protection.
    const allowHosts = (values['allow-host'] as string[] | undefined) ?? [];
    const { canonicalHost } = await import('../../../server/browser-guard.ts');
    for (const name of allowHosts) {
      if (!canonicalHost(name))
        throw new UsageError(`--allow-host ${name}: expected a host name or address, optionally with :port`);
    }
    const lessonPaths = (values.lessons as string[] | undefined) ?? [];
    const lessons = lessonPaths.length > 0 ? await loadLessons(lessonPaths) : [];
    let server: Awaited<ReturnType<typeof startServer>>;
    try {
      server = await startServer({
        port,
        host,
        endpoint: (values.endpoint as string | undefined) ?? process.env.DYNAMODB_ENDPOINT,
        aws: Boolean(values.aws),
        dbPath: values['db-path'] as string | undefined,
        allowHosts,
        workshop: Boolean(values.workshop),
        lessons,
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
    if (lessons.length > 0)
      io.stdout(`Lessons loaded: ${lessons.map((lesson) => `${lesson.id} (${lesson.title})`).join(', ')}\n`);
    if (server.workshop) io.stdout(workshopBanner(server.workshop));
    await new Promise(() => {});
    return 0;
  },
};
