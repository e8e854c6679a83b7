// validate refuses what DynamoDB refuses in a read pattern whatever its arguments, at the pattern's path and
// in DynamoDB's words (the evaluator refuses the same reads; server/edges.test.ts holds both to DynamoDB Local).
import { describe, expect, it } from 'vitest';
import { getExample } from '../features/examples/index.ts';
import { validateDesign } from './validate.ts';

const store = getExample('online-store')!.design;

function problemsOf(patterns: object[], mutate?: (doc: { table: Record<string, unknown> }) => void) {
  const doc = structuredClone(store) as unknown as {
    table: Record<string, unknown> & { globalSecondaryIndexes: { projection: object }[] };
    accessPatterns: object[];
  };
  mutate?.(doc);
  doc.accessPatterns = patterns;
  const result = validateDesign(doc);
  return result.ok ? [] : result.problems;
}

describe('validate, for the reads a design states', () => {
  it('refuses what DynamoDB refuses, at the pattern path, in its words', () => {
    const problems = problemsOf(
      [
        {
          id: 'shipped',
          name: 'shipped',
          operation: 'Query',
          index: 'GSI1',
          keyCondition: { partition: 'STATUS#SHIPPED' },
          projection: ['GSI1SK', 'total', 'GSI1SK'],
          filter: [
            { attribute: 'total', op: 'begins_with', value: '1' },
            { attribute: 'customerId', op: '=', value: 'c1' },
          ],
        },
        { id: 'empty', name: 'empty', operation: 'Query', keyCondition: { partition: '' } },
      ],
      (doc) => {
        (doc.table.globalSecondaryIndexes as { projection: object }[])[0].projection = { type: 'KEYS_ONLY' };
      },
    );
    expect(problems).toEqual([
      {
        path: 'accessPatterns[0].projection[1]',
        message:
          'One or more parameter values were invalid: Global secondary index GSI1 does not project [total]',
      },
      {
        path: 'accessPatterns[0].projection[2]',
        message:
          'Invalid ProjectionExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [GSI1SK], path two: [GSI1SK]',
      },
      {
        path: 'accessPatterns[0].filter[0].op',
        message:
          'Invalid FilterExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: N',
      },
      {
        path: 'accessPatterns[0].filter[0].attribute',
        message:
          'One or more parameter values were invalid: Secondary index GSI1 does not project one or more filter attributes: [total]',
      },
      {
        path: 'accessPatterns[0].filter[1].attribute',
        message:
          'One or more parameter values were invalid: Secondary index GSI1 does not project one or more filter attributes: [customerId]',
      },
      {
        path: 'accessPatterns[1].keyCondition.partition',
        message:
          'One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: PK',
      },
    ]);
  });

  it('takes the same reads on an ALL index', () => {
    const problems = problemsOf([
      {
        id: 'shipped',
        name: 'shipped',
        operation: 'Query',
        index: 'GSI1',
        keyCondition: { partition: 'STATUS#SHIPPED' },
        projection: ['GSI1SK', 'total'],
        filter: [{ attribute: 'customerId', op: '=', value: 'c1' }],
      },
    ]);
    expect(problems).toEqual([]);
  });
});

describe('validate, for sample text', () => {
  it('refuses a lone surrogate (not well-formed UTF-16) at its path: DynamoDB Local would store "?"', () => {
    const doc = structuredClone(store) as unknown as { items: Record<string, Record<string, unknown>[]> };
    const [entity] = Object.keys(doc.items);
    const sample = doc.items[entity][0];
    const name = Object.keys(sample).find((k) => typeof sample[k] === 'string')!;
    sample[name] = 'a\uD800b';
    const result = validateDesign(doc);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems).toContainEqual({
      path: `items.${entity}[0].${name}`,
      message:
        'text with a lone surrogate (\\uD800) is not well-formed UTF-16: DynamoDB stores text as UTF-8, which cannot hold it (DynamoDB Local stores "?" in its place)',
    });
    sample[name] = 'a😀b';
    expect(validateDesign(doc).ok).toBe(true);
  });
});
