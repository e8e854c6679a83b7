// Runs the keyplan command in-process with captured output, as the CLI tests do.
import { parseExactJson } from '../core/values/exact-json.ts';
import type { CliIo } from './io.ts';
import { main } from './main.ts';

export async function runKeyplan(args: string[], stdin = '') {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    readStdin: async () => stdin,
    isTTY: false,
  };
  const code = await main(args, io);
  // json() keeps every number's digits (ExactNumber); it is not enumerable, so a test can compare the whole result with toEqual({ code, stdout, stderr }).
  return Object.defineProperty({ code, stdout, stderr }, 'json', { value: () => parseExactJson(stdout) }) as {
    code: number;
    stdout: string;
    stderr: string;
    json: () => any;
  };
}
