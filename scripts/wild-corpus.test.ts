// fixtures/wild/ is the corpus of real model files, collected from public repositories and never written here
// (issue #28, item 6). Its README is the record of where each file came from; this holds the folder to that
// record, so a file that is edited, added without a row, or left without its expectation or licence fails
// here: every input listed, every copied byte matching its sha256, every input with an expectation, every
// repository with its licence text, the README's figures equal to what the folder holds, and issue #28's
// targets met by copyable inputs alone.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const WILD = join(import.meta.dirname, '..', 'fixtures', 'wild');
const FORMATS = ['electrodb', 'dynamodb-toolbox', 'onetable', 'mcp', 'nosql-workbench'] as const;
/** Issue #28's targets, counting only inputs whose licence allows copying them here. */
const TARGET = { inputs: 25, repositories: 12, perFormat: 5 };

type Row = Record<string, string>;

/** The rows of the first Markdown table after `heading` in the README, keyed by the table's header cells. */
function tableAfter(readme: string, heading: string): Row[] {
  const start = readme.indexOf(heading);
  if (start < 0) throw new Error(`fixtures/wild/README.md: no section "${heading}"`);
  const lines = readme.slice(start).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const table: string[] = [];
  for (const line of lines.slice(first)) {
    if (!line.startsWith('|')) break;
    table.push(line);
  }
  const cells = (line: string) =>
    line
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim().replace(/^`|`$/g, ''));
  const header = cells(table[0]);
  return table.slice(2).map((line) => Object.fromEntries(cells(line).map((cell, i) => [header[i], cell])));
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const underWild = (path: string) => relative(WILD, path).split(sep).join('/');
/** Files the collector wrote beside the inputs: expectations and the notes of what a folder input imports. */
const isOurs = (path: string) => path.endsWith('.expected.json') || path.endsWith('.imports.json');
/** `owner/name` as the licence file names it: `owner__name`. */
const licenceName = (repo: string) => repo.replace('/', '__');

const readme = readFileSync(join(WILD, 'README.md'), 'utf8');
const inputs = tableAfter(readme, '## Inputs');
const folderFiles = tableAfter(readme, 'Files of the folder inputs');
const byReference = tableAfter(readme, '## Listed by reference only');
const figures = tableAfter(readme, '## Figures');
const INPUT = 'input (under fixtures/wild/)';
const FILE = 'file (under fixtures/wild/)';

/** The input's name without extension, or its folder for an input that is a folder. */
function inputStem(file: string): string {
  const [format, name] = file.split('/');
  return `${format}/${name.replace(/\.(ts|js|mjs|cjs|json)$/, '')}`;
}

describe('fixtures/wild/ against its README', () => {
  it('the README lists inputs and the files of folder inputs', () => {
    expect(inputs.length).toBeGreaterThan(0);
    expect(folderFiles.length).toBeGreaterThan(0);
  });

  it('every file in a format folder is an input or a file of a folder input, and nothing listed is missing', () => {
    const listed = new Set([...inputs.map((row) => row[INPUT]), ...folderFiles.map((row) => row[FILE])]);
    const present = FORMATS.flatMap((format) => filesUnder(join(WILD, format)))
      .filter((path) => !isOurs(path))
      .map(underWild);
    expect(present.filter((file) => !listed.has(file))).toEqual([]);
    expect([...listed].filter((file) => !present.includes(file))).toEqual([]);
  });

  it('every copied file has the sha256 the README records', () => {
    const rows = [
      ...inputs.map((row) => ({ file: row[INPUT], sha256: row.sha256 })),
      ...folderFiles.map((row) => ({ file: row[FILE], sha256: row.sha256 })),
    ];
    const wrong = rows.filter((row) => sha256(join(WILD, row.file)) !== row.sha256).map((row) => row.file);
    expect(wrong).toEqual([]);
  });

  it('every row names a 40-hex commit and a repository path', () => {
    for (const row of [...inputs, ...folderFiles]) {
      expect(row.commit, row[INPUT] ?? row[FILE]).toMatch(/^[0-9a-f]{40}$/);
      expect(row.repository).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(row.path).not.toBe('');
    }
  });

  it('every input has an expectation file with entities and notes, written beside it', () => {
    for (const row of inputs) {
      const path = join(WILD, `${inputStem(row[INPUT])}.expected.json`);
      const expected = JSON.parse(readFileSync(path, 'utf8'));
      expect(Array.isArray(expected.entities), underWild(path)).toBe(true);
      expect(typeof expected.notes, underWild(path)).toBe('string');
      for (const entity of expected.entities) {
        expect(typeof entity.name, underWild(path)).toBe('string');
        for (const key of Object.values(entity.keys)) expect(typeof key, underWild(path)).toBe('string');
      }
    }
  });

  it('no expectation is left without its input', () => {
    const stems = new Set(inputs.map((row) => inputStem(row[INPUT])));
    const orphans = FORMATS.flatMap((format) => filesUnder(join(WILD, format)))
      .filter((path) => path.endsWith('.expected.json'))
      .map((path) => underWild(path).replace(/\.expected\.json$/, ''))
      .filter((stem) => !stems.has(stem));
    expect(orphans).toEqual([]);
  });

  it('every repository an input comes from has its licence text in licenses/', () => {
    for (const repo of new Set(inputs.map((row) => row.repository))) {
      const text = readFileSync(join(WILD, 'licenses', `${licenceName(repo)}.txt`), 'utf8');
      expect(text.length, repo).toBeGreaterThan(100);
    }
  });

  it('no repository listed by reference only has a file copied here', () => {
    const copied = new Set(inputs.map((row) => row.repository));
    expect(byReference.map((row) => row.repository.split(' ')[0]).filter((repo) => copied.has(repo))).toEqual(
      [],
    );
  });
});

describe('fixtures/wild/ figures', () => {
  const count = (format: string) => inputs.filter((row) => row[INPUT].startsWith(`${format}/`)).length;

  it(`holds at least ${TARGET.inputs} copyable inputs`, () => {
    expect(inputs.length).toBeGreaterThanOrEqual(TARGET.inputs);
  });

  it(`copies inputs from at least ${TARGET.repositories} repositories (those listed by reference only do not count)`, () => {
    expect(new Set(inputs.map((row) => row.repository)).size).toBeGreaterThanOrEqual(TARGET.repositories);
  });

  it(`has at least ${TARGET.perFormat} copyable inputs per format`, () => {
    for (const format of FORMATS) expect(count(format), format).toBeGreaterThanOrEqual(TARGET.perFormat);
  });

  it("the README's figures table says what the folder holds", () => {
    for (const format of FORMATS) {
      const row = figures.find((figure) => figure.format === format);
      expect(Number.parseInt(row?.inputs ?? '', 10), format).toBe(count(format));
    }
    const total = figures.find((figure) => figure.format === '**total**');
    expect(total?.inputs).toBe(`**${inputs.length}**`);
    expect(total?.repositories).toBe(`**${new Set(inputs.map((row) => row.repository)).size}**`);
  });
});
