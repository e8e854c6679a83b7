// docs/design-format.md is the contract of the design document; this keeps it current mechanically. Every field
// and allowed value of the schema (walked in the JSON Schema generated from the zod schema, so a field added to
// schema.ts counts at once), every CLI command and option, and every export target must be named in the
// document, in inline code. A name added without documentation fails here: document it there.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commands } from '../../cli/commands/index.ts';
import { EXPORT_TARGETS } from '../io/export.ts';
import { inlineCodeSpans, inlineCodeTokens, missingFrom, schemaNames } from './doc-tokens.ts';
import { designJsonSchema } from './json-schema.ts';

const DOC_PATH = new URL('../../../docs/design-format.md', import.meta.url);

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
