// A lesson check kind is one module in this folder and one line in the registry (index.ts), nothing more:
// every module here is registered under its own file name; the lesson schema, its committed JSON Schema and
// docs/lesson-format.md (lesson-format-doc.test.ts) know exactly the registered kinds; and no module that
// works with lessons outside this folder branches on a kind, so there is no second place to edit.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CHECK_DEFINITIONS, CHECK_KINDS, checkDefinition, lessonCheckSchema } from './index.ts';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../../../../..');
const kindModules = readdirSync(here).filter(
  (name) => name.endsWith('.ts') && name !== 'index.ts' && !name.endsWith('.test.ts'),
);

type Json = Record<string, unknown>;
const isDefinition = (value: unknown): value is { kind: string } =>
  typeof value === 'object' && value !== null && 'kind' in value && 'schema' in value && 'check' in value;

describe('the check kinds registry', () => {
  it('registers every module of checks/, each exporting one definition of the kind its file is named after', async () => {
    const defined: Record<string, string[]> = {};
    for (const name of kindModules) {
      const module: Record<string, unknown> = await import(`./${name.replace(/\.ts$/, '')}.ts`);
      defined[name] = Object.values(module)
        .filter(isDefinition)
        .map((d) => d.kind);
    }
    expect(defined).toEqual(
      Object.fromEntries(kindModules.map((name) => [name, [name.replace(/\.ts$/, '')]])),
    );
    expect([...CHECK_KINDS].sort()).toEqual(kindModules.map((name) => name.replace(/\.ts$/, '')).sort());
    expect(new Set(CHECK_KINDS).size).toBe(CHECK_KINDS.length);
    expect(CHECK_DEFINITIONS.map((d) => d.kind)).toEqual([...CHECK_KINDS]);
  });

  it("gives each definition the schema of its own kind, and checkDefinition finds it by a check's kind", () => {
    for (const definition of CHECK_DEFINITIONS) {
      const schema = z.toJSONSchema(definition.schema, { io: 'input', unrepresentable: 'any' }) as Json;
      expect((schema.properties as Record<string, Json>).kind.const, definition.kind).toBe(definition.kind);
      const check = { id: 'x', title: 'X', kind: definition.kind } as Parameters<typeof checkDefinition>[0];
      expect(checkDefinition(check)).toBe(definition);
    }
  });

  it('is what the lesson schema and the committed lesson.schema.json accept as kinds, in its order', () => {
    expect(lessonCheckSchema.options.map((o) => o.shape.kind.value)).toEqual([...CHECK_KINDS]);
    const committed = JSON.parse(readFileSync(join(here, '../lesson.schema.json'), 'utf8')) as Json;
    const defs = committed.$defs as Record<string, Json>;
    const resolve = (node: Json): Json => {
      let at = node;
      while (typeof at.$ref === 'string') at = defs[at.$ref.split('/').pop() ?? ''];
      return at;
    };
    const field = (node: Json, ...path: string[]) =>
      path.reduce((at, key) => resolve(at[key] as Json), resolve(node));
    const checks = field(committed, 'properties', 'steps', 'items', 'properties', 'checks', 'items');
    const kinds = (checks.oneOf as Json[]).map((c) => field(c, 'properties', 'kind').const);
    expect(kinds).toEqual([...CHECK_KINDS]);
  });

  it('is the only place that dispatches on a kind: no lesson module outside checks/ compares or cases one', () => {
    const kinds = CHECK_KINDS.map((k) => k.replace(/-/g, '\\-')).join('|');
    const branch = new RegExp(`(?:case|===|!==)\\s*'(?:${kinds})'`);
    const offenders: string[] = [];
    for (const top of ['src', 'server']) {
      for (const entry of readdirSync(join(root, top), { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
        const path = join(entry.parentPath, entry.name);
        if (path.startsWith(here) || path.includes('test-support')) continue;
        const source = readFileSync(path, 'utf8');
        const aboutLessons =
          path.includes(join('features', 'lessons')) || /from '[^']*features\/lessons\//.test(source);
        if (aboutLessons && branch.test(source)) offenders.push(relative(root, path));
      }
    }
    expect(offenders, 'modules that branch on a check kind: give the kind a field in its definition').toEqual(
      [],
    );
  });
});
