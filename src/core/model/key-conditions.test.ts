// Multi-attribute GSI keys in a design: what validation accepts, and what it explains with paths.
import { describe, expect, it } from 'vitest';
import { validateDesign } from '../checks/validate.ts';
import EXAMPLE from '../io/golden/multi-attribute.keyplan.json' with { type: 'json' };
import { keySchemaFor } from './indexes.ts';

const problems = (input: unknown) => {
  const result = validateDesign(input);
  return result.ok ? [] : result.problems.map((p) => `${p.path}: ${p.message}`);
};

describe('multi-attribute GSI keys', () => {
  it('validates a design with them, and gives every index its keys as lists', () => {
    const result = validateDesign(EXAMPLE);
    expect(result.ok).toBe(true);
    const schema = keySchemaFor(result.design!, 'ByRegionTier')!;
    expect(schema.partitionKeys.map((k) => k.name)).toEqual(['region', 'tier']);
    expect(schema.sortKeys.map((k) => k.name)).toEqual(['round', 'score']);
    const table = keySchemaFor(result.design!, undefined)!;
    expect([table.partitionKeys.length, table.sortKeys.length]).toEqual([1, 1]);
  });

  it('takes natural keys: an entity attribute is a key attribute of the multi-attribute key', () => {
    const natural = structuredClone(EXAMPLE) as { entities: { attributes: unknown[]; keys: object }[] };
    natural.entities[0].attributes.push({ name: 'tier', type: 'S' });
    expect(problems(natural)).toContain(
      `entities[0].attributes[8].type: "tier" is index ByRegionTier's partition key attribute, of type N: as an attribute it is a natural key and must be of type N too (got S)`,
    );
  });

  it('explains every violation of the index and of a Query on it, with its path', () => {
    const design = structuredClone(EXAMPLE) as typeof EXAMPLE & Record<string, unknown>;
    const [gsi] = design.table.globalSecondaryIndexes as { sortKeys: { name: string; type: string }[] }[];
    gsi.sortKeys = [
      { name: 'round', type: 'S' },
      { name: 'tier', type: 'N' },
    ];
    const broken = {
      ...design,
      accessPatterns: [
        {
          id: 'skips',
          name: 'skips a sort attribute, a range before the last, a missing partition attribute',
          operation: 'Query',
          index: 'ByRegionTier',
          keyCondition: {
            partitionKeys: { region: '{region}' },
            sortKeys: [
              { attribute: 'score', op: '>', value: '{s}' },
              { attribute: 'round', op: '=', value: '{r}' },
            ],
          },
        },
        {
          id: 'single',
          name: 'one partition template on a two-attribute partition key',
          operation: 'Query',
          index: 'ByRegionTier',
          keyCondition: { partition: '{region}' },
        },
      ],
    };
    expect(problems(broken)).toContain(
      'table.globalSecondaryIndexes[0].sortKeys[1].name: "tier" is already a key attribute of this index (table.globalSecondaryIndexes[0].partitionKeys[1])',
    );
    gsi.sortKeys = [
      { name: 'round', type: 'S' },
      { name: 'score', type: 'N' },
    ];
    expect(problems(broken)).toEqual([
      'accessPatterns[0].keyCondition.partitionKeys: missing tier: a Query gives every partition attribute of ByRegionTier with "=" (region, tier)',
      'accessPatterns[0].keyCondition.sortKeys[0].attribute: score comes after round: sort attributes are given left to right (round, score) without skipping one',
      'accessPatterns[0].keyCondition.sortKeys[0].op: a range condition (>) must be on the last sort attribute given; score is followed by round, so it needs "="',
      'accessPatterns[0].keyCondition.sortKeys[1].attribute: round is given twice or out of order: sort attributes are given left to right (round, score)',
      'accessPatterns[1].keyCondition.partition: ByRegionTier has a multi-attribute partition key (region, tier): give each with "=" in partitionKeys, not one partition template',
    ]);
    const tooMany = structuredClone(EXAMPLE);
    (tooMany.table.globalSecondaryIndexes[1] as { sortKeys: unknown[] }).sortKeys.push(
      { name: 'a1', type: 'S' },
      { name: 'a2', type: 'S' },
    );
    expect(problems(tooMany)).toEqual([
      'table.globalSecondaryIndexes[1].sortKeys: a GSI key has at most 4 sort attributes (DynamoDB)',
    ]);
  });
});
