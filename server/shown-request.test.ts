// The request the pattern editor shows is the request the server sends for a run of that pattern: both come
// from patternRequest, and this holds them to it for every pattern of every built-in example, so that a
// copy of the shown request into the AWS CLI does what the Run button did.
import { describe, expect, it } from 'vitest';
import { EXAMPLES } from '../src/core/features/examples/index.ts';
import { designSchema } from '../src/core/model/schema.ts';
import { shownRequest } from '../src/ui/features/patterns/request-text.ts';
import { buildPatternRequest } from './service.ts';

describe('the request the editor shows', () => {
  for (const example of EXAMPLES) {
    const design = designSchema.parse(example.design);
    it(`is the one the server sends, for every pattern of ${example.name}`, () => {
      expect(design.accessPatterns.length).toBeGreaterThan(0);
      for (const pattern of design.accessPatterns) {
        const shown = shownRequest(design, pattern);
        const run = { patternId: pattern.id };
        if (shown.error !== undefined) {
          expect(() => buildPatternRequest('', design, run), pattern.id).toThrow(shown.error);
          continue;
        }
        const sent = buildPatternRequest('', design, run);
        expect(sent, pattern.id).toEqual({
          operation: shown.request!.operation,
          input: shown.request!.input,
        });
      }
    });
  }

  it('names the session table where the server sends it, and is otherwise the same', () => {
    const design = designSchema.parse(EXAMPLES[0].design);
    const pattern = design.accessPatterns.find((p) => p.operation === 'Query')!;
    const sent = buildPatternRequest('s1_', design, { patternId: pattern.id });
    const shown = shownRequest(design, pattern).request!;
    expect(sent.input).toEqual({ ...shown.input, TableName: `s1_${design.table.name}` });
  });
});
