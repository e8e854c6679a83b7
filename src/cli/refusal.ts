// How a failure the user must fix reads, for every command: `{ code, message }`, one line on stderr, and
// with --json `{ "error": { code, message } }` on stdout. Keyplan's own bugs are not described: they keep their stack.
import { type CliIo, CommandError, printJson } from './io.ts';

export interface Failure {
  code: string;
  message: string;
}

/**
 * A request Keyplan refuses as DynamoDB would (the evaluator's ValidationException, arguments a request
 * cannot be built from) or an error DynamoDB returns, mapped as the HTTP API maps it; undefined otherwise.
 */
export async function describeRefusal(error: unknown): Promise<Failure | undefined> {
  const { toApiFailure } = await import('../../server/errors.ts');
  const failure = toApiFailure(error);
  if (failure.status >= 500 && failure.code === 'InternalError') return undefined;
  return { code: failure.code, message: failure.message };
}

/** A CommandError whose JSON error object is already on stdout. */
class ReportedError extends CommandError {}

/** Reports `failure` (as JSON too with --json) and ends the command with exit 1. */
export function fail(command: string, values: Record<string, unknown>, io: CliIo, failure: Failure): never {
  if (values.json) printJson(io, { error: failure });
  throw new ReportedError(`keyplan ${command}: ${failure.message}`);
}

/**
 * Any other problem the user must fix (an invalid design, a missing file, an unknown pattern id): with
 * --json it is `{ "error": { "code": "CommandFailed", message } }` on stdout as well, once.
 */
export function reportCommandError(error: CommandError, values: Record<string, unknown>, io: CliIo): void {
  if (values.json && !(error instanceof ReportedError))
    printJson(io, { error: { code: 'CommandFailed', message: error.message } });
}
