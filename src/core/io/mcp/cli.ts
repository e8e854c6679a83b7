// A DynamoDB request as the AWS CLI command the MCP data model's `implementation` holds, and back:
// `aws dynamodb query --table-name T --key-condition-expression 'PK = :pk' --expression-attribute-values
// '{":pk":{"S":"USER#u1"}}'`. Every input field is one flag (PascalCase ↔ --kebab-case), JSON values
// single-quoted, booleans as the CLI writes them (`--no-scan-index-forward`, `--consistent-read`).
import { parseExactJson, stringifyExactJson } from '../../values/exact-json.ts';

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const pascal = (flag: string) => flag.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());

/** A shell word: bare when safe, else single-quoted (a quote inside closed, escaped and reopened). */
function word(text: string): string {
  return /^[A-Za-z0-9_.:/#=@%+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The command for an operation (`Query` → `query`, `TransactWriteItems` → `transact-write-items`). */
export function cliCommand(operation: string, input: Record<string, unknown>): string {
  const parts = ['aws', 'dynamodb', kebab(operation)];
  for (const [field, value] of Object.entries(input)) {
    if (value === undefined) continue;
    const flag = kebab(field);
    if (typeof value === 'boolean') parts.push(value ? `--${flag}` : `--no-${flag}`);
    else if (typeof value === 'number') parts.push(`--${flag}`, String(value));
    else if (typeof value === 'string') parts.push(`--${flag}`, word(value));
    else parts.push(`--${flag}`, word(stringifyExactJson(value)));
  }
  return parts.join(' ');
}

/** Splits a command line into words as a POSIX shell does for quotes and backslashes (no expansions). */
function shellWords(line: string): string[] {
  const words: string[] = [];
  let current: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new Error(`unclosed ' at column ${i + 1}`);
      current = (current ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (ch === '"') {
      let text = '';
      let j = i + 1;
      for (; j < line.length && line[j] !== '"'; j++) {
        if (line[j] === '\\' && j + 1 < line.length && '"\\$`'.includes(line[j + 1])) j++;
        text += line[j];
      }
      if (j >= line.length) throw new Error(`unclosed " at column ${i + 1}`);
      current = (current ?? '') + text;
      i = j;
    } else if (ch === '\\' && i + 1 < line.length) {
      if (line[i + 1] !== '\n') current = (current ?? '') + line[i + 1];
      i++;
    } else if (/\s/.test(ch)) {
      if (current !== undefined) words.push(current);
      current = undefined;
    } else current = (current ?? '') + ch;
  }
  if (current !== undefined) words.push(current);
  return words;
}

export interface CliRequest {
  /** `Query`, `GetItem`, … */
  operation: string;
  input: Record<string, unknown>;
}

/** Reads an `aws dynamodb …` command: JSON flag values parsed (exact numbers kept), booleans as flags. */
export function parseCliCommand(
  line: string,
): { ok: true; request: CliRequest } | { ok: false; why: string } {
  let words: string[];
  try {
    words = shellWords(line.trim());
  } catch (error) {
    return { ok: false, why: (error as Error).message };
  }
  if (words[0] !== 'aws' || words[1] !== 'dynamodb' || !words[2])
    return { ok: false, why: 'not an "aws dynamodb <command>" command' };
  const input: Record<string, unknown> = {};
  for (let i = 3; i < words.length; i++) {
    const flag = words[i];
    if (!flag.startsWith('--')) return { ok: false, why: `"${flag}" is not an option` };
    const next = words[i + 1];
    if (next === undefined || next.startsWith('--')) {
      if (flag.startsWith('--no-')) input[pascal(flag.slice(5))] = false;
      else input[pascal(flag.slice(2))] = true;
      continue;
    }
    i++;
    const field = pascal(flag.slice(2));
    if (/^[[{]/.test(next.trim())) {
      try {
        input[field] = parseExactJson(next);
      } catch (error) {
        return { ok: false, why: `${flag}: invalid JSON (${(error as Error).message})` };
      }
    } else if (
      /^-?\d+$/.test(next) &&
      (field === 'Limit' || field === 'Segment' || field === 'TotalSegments')
    )
      input[field] = Number(next);
    else input[field] = next;
  }
  return { ok: true, request: { operation: pascal(words[2]), input } };
}
