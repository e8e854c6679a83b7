import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { designJsonSchemaText } from './json-schema.ts';

describe('design JSON Schema', () => {
  it('is committed up to date with the zod schema (run npm run schema)', () => {
    const committed = readFileSync(new URL('./design.schema.json', import.meta.url), 'utf8');
    expect(committed).toBe(designJsonSchemaText());
  });

  it('describes the operations and key types', () => {
    const text = designJsonSchemaText();
    for (const word of ['TransactWriteItems', 'begins_with', 'PAY_PER_REQUEST', 'globalSecondaryIndexes'])
      expect(text).toContain(word);
  });
});
