import { buildAllRequests } from '../../core/requests/build.ts';
import { stringifyExactJson } from '../../core/values/exact-json.ts';
import type { Command } from '../command.ts';
import { jsonOption } from '../command.ts';
import { printJson, readDesign } from '../io.ts';

export const requestsCommand: Command = {
  name: 'requests',
  summary: 'the exact DynamoDB request of every access pattern, with its example arguments',
  synopsis: ['FILE [--json]'],
  options: jsonOption,
  notes: ['With --json: { patternId: { operation, input } }, input being the low-level DynamoDB API input.'],
  async run({ positionals, values }, io) {
    const design = await readDesign(positionals[0], io);
    const requests = buildAllRequests(design);
    if (values.json) printJson(io, requests);
    else {
      for (const [id, request] of Object.entries(requests)) {
        const head =
          'error' in request ? `# ${id}: cannot build: ${request.error}` : `# ${id} (${request.operation})`;
        io.stdout(`${head}\n${'error' in request ? '' : `${stringifyExactJson(request.input, 2)}\n`}\n`);
      }
    }
    return Object.values(requests).some((r) => 'error' in r) ? 1 : 0;
  },
};
