// docs/design-format.md is the contract of the design document; this keeps it current mechanically. Every field
// and allowed value of the schema (walked in the JSON Schema generated from the zod schema, so a field added to
// schema.ts counts at once), every CLI command and option, and every export target must be named in the
// document, in inline code. A name added without documentation fails here: document it there.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commands } from '../../cli/commands/index.ts';
import { EXPORT_TARGETS } from '../export/index.ts';
import { designJsonSchema } from './json-schema.ts';

const DOC_PATH = new URL('../../../docs/design-format.md', import.meta.url);

/** The document's inline code spans (fenced blocks left out), trimmed. */
function inlineCodeSpans(markdown: string): Set<string> {
  const prose = markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
  return new Set([...prose.matchAll(/`([^`\n]+)`/g)].map(([, span]) => span.trim()));
}

/** The spans and their tokens: `{ name, type: S|N|B }` also gives name, type, S, N and B. */
function inlineCodeTokens(markdown: string): Set<string> {
  const tokens = new Set<string>();
  for (const span of inlineCodeSpans(markdown)) {
    tokens.add(span);
    for (const token of span.split(/[\s,|{}()[\]"'…;:?*.#]+/)) if (token) tokens.add(token);
  }
  return tokens;
}

interface SchemaNames {
  fields: Set<string>;
  values: Set<string>;
}

/** Every property name and every string enum/const value, anywhere in a JSON Schema. */
function schemaNames(schema: unknown): SchemaNames {
  const names: SchemaNames = { fields: new Set(), values: new Set() };
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (record.properties && typeof record.properties === 'object')
      for (const name of Object.keys(record.properties)) names.fields.add(name);
    if (Array.isArray(record.enum))
      for (const value of record.enum) if (typeof value === 'string') names.values.add(value);
    if (typeof record.const === 'string') names.values.add(record.const);
    Object.values(record).forEach(walk);
  };
  walk(schema);
  return names;
}

const missingFrom = (tokens: Set<string>, wanted: Iterable<string>) =>
  [...new Set(wanted)].filter((name) => !tokens.has(name)).sort();

describe('docs/design-format.md', () => {
  const text = readFileSync(DOC_PATH, 'utf8');
  const doc = inlineCodeTokens(text);

  it('names every field of the design schema', () => {
    const { fields } = schemaNames(designJsonSchema());
    expect(fields.size).toBeGreaterThan(40);
    expect(missingFrom(doc, fields), 'schema fields not in docs/design-format.md').toEqual([]);
  });

  it('names every allowed value of the design schema', () => {
    const { values } = schemaNames(designJsonSchema());
    expect(values).toContain('keyplan/1');
    expect(missingFrom(doc, values), 'schema values not in docs/design-format.md').toEqual([]);
  });

  it('names every CLI command and each of its options', () => {
    const wanted = commands.flatMap((command) => [
      `keyplan ${command.name}`,
      ...Object.keys(command.options).map((option) => `--${option}`),
    ]);
    const phrases = [...doc].flatMap((token) => [token, ...(token.match(/keyplan [a-z]+/g) ?? [])]);
    expect(
      missingFrom(new Set(phrases), wanted),
      'commands and options not in docs/design-format.md',
    ).toEqual([]);
  });

  it('names every export target, each in a code span of its own', () => {
    const spans = inlineCodeSpans(text);
    expect(missingFrom(spans, EXPORT_TARGETS), 'export targets not in docs/design-format.md').toEqual([]);
  });

  it('catches a field that is not documented', () => {
    const { fields } = schemaNames({ properties: { name: {}, color: { properties: { hue: {} } } } });
    expect(missingFrom(inlineCodeTokens('`name` and `{ hue }`, in prose: color'), fields)).toEqual(['color']);
  });
});
