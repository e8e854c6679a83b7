// Files made to hurt whoever opens them with the keyplan command (#26 class 7): a YAML lesson whose aliases
// expand exponentially (a "billion laughs"), lessons and a NoSQL Workbench model nested deeper than any parser
// should recurse, and a design whose attribute names hold terminal control sequences. Each gets a one-line
// refusal that names the file and the limit (never a stack trace), and nothing a file holds reaches the
// terminal as a control character, in text or in --json.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { MAX_JSON_DEPTH, MAX_YAML_ALIASES } from '../core/model/design-limits.ts';
import { stringifyExactJson } from '../core/values/exact-json.ts';
import { runKeyplan } from './run-in-process.ts';
import { escapeControls } from './terminal-text.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'keyplan-hostile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string) => {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
};

/** Ten levels of nine aliases each: 9^10 strings once expanded. */
function billionLaughs(): string {
  const lines = ['id: laughs', 'title: Laughs', 'a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let i = 1; i < 10; i++)
    lines.push(
      `a${i}: &a${i} [${Array(9)
        .fill(`*a${i - 1}`)
        .join(', ')}]`,
    );
  lines.push('steps: *a9');
  return `${lines.join('\n')}\n`;
}

/** A Workbench model with one item whose attribute nests `levels` lists deep. */
function deepWorkbench(levels: number): string {
  const value = `${'{"L":['.repeat(levels)}{"S":"v"}${']}'.repeat(levels)}`;
  return `{"ModelName":"deep","ModelMetadata":{},"DataModel":[{"TableName":"Deep","KeyAttributes":{"PartitionKey":{"AttributeName":"PK","AttributeType":"S"}},"TableData":[{"PK":{"S":"a"},"deep":${value}}]}]}`;
}

/** The output is one line (a summary line after it aside) naming the file, with no stack frame. */
function expectOneLineRefusal(text: string, file: string, limit: RegExp) {
  expect(text).not.toMatch(/\n\s+at |Error:|RangeError|ReferenceError/);
  const line = text.split('\n').find((l) => l.includes(file));
  expect(line, text).toBeDefined();
  expect(line).toMatch(limit);
}

describe('#26 class 7: a hostile lesson or model file is refused in one line naming the file and the limit', () => {
  it('a billion-laughs lesson: lesson check exits 2, serve --lessons exits 1, each naming the alias limit', async () => {
    const bomb = write('laughs.lesson.yaml', billionLaughs());
    const checked = await runKeyplan(['lesson', 'check', bomb, '--no-local']);
    expect(checked.code).toBe(2);
    expectOneLineRefusal(checked.stderr, bomb, new RegExp(`aliases .* more than ${MAX_YAML_ALIASES} copies`));

    const served = await runKeyplan([
      'serve',
      '--port',
      '0',
      '--endpoint',
      inject('dynamoEndpoint'),
      '--lessons',
      bomb,
    ]);
    expect(served.code).toBe(1);
    expectOneLineRefusal(served.stderr, bomb, new RegExp(`more than ${MAX_YAML_ALIASES} copies`));
  });

  it('lessons nested past the limit, in YAML flow and block style and in JSON, exit 2 naming the depth limit', async () => {
    const levels = 20_000;
    const flow = write(
      'flow.lesson.yaml',
      `id: deep\ntitle: Deep\nsteps: ${'['.repeat(levels)}1${']'.repeat(levels)}\n`,
    );
    const block = write(
      'block.lesson.yaml',
      `id: deep\ntitle: Deep\nsteps:\n${Array.from({ length: 1_000 }, (_, i) => `${' '.repeat(i + 1)}-\n`).join('')}`,
    );
    const json = write(
      'deep.lesson.json',
      `{"id":"deep","steps":${'['.repeat(levels)}${']'.repeat(levels)}}`,
    );
    for (const file of [flow, block, json]) {
      const checked = await runKeyplan(['lesson', 'check', file, '--no-local']);
      expect(checked.code).toBe(2);
      expectOneLineRefusal(checked.stderr, file, new RegExp(`deeper than ${MAX_JSON_DEPTH} levels`));
    }
  });

  it('a Workbench model nested 20,000 levels deep: import exits 1 naming the depth limit; one past 32 levels drops the value, naming DynamoDB’s', async () => {
    const deep = write('deep.workbench.json', deepWorkbench(20_000));
    const imported = await runKeyplan(['import', deep, '--from', 'nosql-workbench']);
    expect(imported.code).toBe(1);
    expectOneLineRefusal(
      imported.stderr,
      deep,
      new RegExp(`deeper than ${MAX_JSON_DEPTH} levels.*32 levels`),
    );
    // The same file as a design: the same refusal, by the same parse.
    const validated = await runKeyplan(['validate', deep]);
    expect(validated.code).toBe(1);
    expectOneLineRefusal(validated.stderr, deep, new RegExp(`deeper than ${MAX_JSON_DEPTH} levels`));

    // Within what Keyplan reads, past what DynamoDB stores (33 levels): the value is dropped with a warning.
    const past = write('past.workbench.json', deepWorkbench(40));
    const read = await runKeyplan(['import', past, '--from', 'nosql-workbench']);
    expect(read.code).toBe(0);
    expect(read.stderr).toMatch(
      /TableData\[0\]\.deep: lists and maps nest over 32 levels deep \(DynamoDB's limit\); value dropped/,
    );
    expect(read.json().items).toEqual({ Deep: [{ PK: 'a' }] });
  });
});

const TITLE = '\u001b]0;pwned\u0007';
const CLEAR = '\u001b[2J';
const C1_CSI = '\u009b2J';
const OVERRIDE = '\u202e';

interface HostileDesign {
  entities: { name: string; attributes: unknown[]; keys: Record<string, string> }[];
  items: Record<string, Record<string, unknown>[]>;
}

/** The online store with four S attributes named after terminal escapes, their samples numbers as text. */
function hostileDesign(): { design: HostileDesign; names: string[] } {
  const design: HostileDesign = JSON.parse(
    readFileSync(new URL('../../fixtures/examples/online-store.keyplan.json', import.meta.url), 'utf8'),
  );
  const customer = design.entities[0];
  const names = [`title${TITLE}`, `clear${CLEAR}`, `csi${C1_CSI}`, `back${OVERRIDE}wards`];
  for (const name of names) customer.attributes.push({ name, type: 'S' });
  for (const item of design.items[customer.name]) for (const name of names) item[name] = '500';
  return { design, names };
}

/** The first character a terminal acts on (C0 but tab and newline, DEL, C1, bidi controls), or undefined. */
function rawControl(text: string): string | undefined {
  return [...text].find((c) => {
    const code = c.codePointAt(0) as number;
    return (
      (code < 0x20 && c !== '\t' && c !== '\n') ||
      (code >= 0x7f && code <= 0x9f) ||
      code === 0x2028 ||
      code === 0x2029 ||
      (code >= 0x202a && code <= 0x202e) ||
      (code >= 0x2066 && code <= 0x2069)
    );
  });
}

describe('#26 class 7: no text of a design reaches the terminal as a control sequence', () => {
  const { design, names } = hostileDesign();
  const valid = write('escapes.keyplan.json', stringifyExactJson(design, 2));
  const broken = structuredClone(design);
  broken.entities[0].keys.PK = `CUSTOMER#{id${CLEAR}}{x${TITLE}}`;
  const invalid = write('escapes-invalid.keyplan.json', stringifyExactJson(broken, 2));

  it('validate and lint print the names with visible escapes, and no raw control character', async () => {
    const lint = await runKeyplan(['lint', valid]);
    const validate = await runKeyplan(['validate', invalid]);
    expect(validate.code).toBe(1);
    for (const run of [lint, validate]) {
      expect(rawControl(run.stdout + run.stderr)).toBeUndefined();
    }
    expect(lint.stdout).toContain('Customer.title\\u001b]0;pwned\\u0007 holds numbers as text');
    expect(lint.stdout).toContain('Customer.clear\\u001b[2J holds numbers as text');
    expect(lint.stdout).toContain('Customer.csi\\u009b2J holds numbers as text');
    expect(lint.stdout).toContain('Customer.back\\u202ewards holds numbers as text');
    expect(validate.stderr).toContain('\\u001b[2J');
  });

  it('--json and SARIF output parse to the very names, with no raw control character either', async () => {
    const lint = await runKeyplan(['lint', valid, '--json']);
    expect(rawControl(lint.stdout)).toBeUndefined();
    const messages = (lint.json().findings as { message: string }[]).map((f) => f.message).join('\n');
    for (const name of names) expect(messages).toContain(`Customer.${name} holds numbers as text`);
    const sarif = await runKeyplan(['lint', valid, '--format', 'sarif']);
    expect(rawControl(sarif.stdout)).toBeUndefined();
    for (const name of names)
      expect(JSON.stringify(sarif.json())).toContain(JSON.stringify(name).slice(1, -1));
  });

  it('escapes control characters visibly and leaves the rest of the text as it is', () => {
    expect(escapeControls(`a${TITLE}b\tc\nd\r${C1_CSI}${OVERRIDE}\u2066é€😀`)).toBe(
      'a\\u001b]0;pwned\\u0007b\tc\nd\\u000d\\u009b2J\\u202e\\u2066é€😀',
    );
    expect(JSON.parse(`"${escapeControls(`${C1_CSI}\u007f${OVERRIDE}\u2028`)}"`)).toBe(
      `${C1_CSI}\u007f${OVERRIDE}\u2028`,
    );
  });
});
