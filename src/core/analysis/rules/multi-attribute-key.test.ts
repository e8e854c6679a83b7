// multi-attribute-key: a concatenated GSI key read only by equality is suggested as a multi-attribute key.
import { describe, expect, it } from 'vitest';
import EXAMPLE from '../../io/golden/multi-attribute.keyplan.json' with { type: 'json' };
import { type DesignInput, designSchema } from '../../model/schema.ts';
import { lintDesign } from '../lint.ts';
import { multiAttributeKey } from './multi-attribute-key.ts';

const design = (sortOp: '=' | 'begins_with'): DesignInput => ({
  format: 'keyplan/1',
  name: 'Concatenated',
  table: {
    name: 'Games',
    partitionKey: { name: 'PK', type: 'S' },
    sortKey: { name: 'SK', type: 'S' },
    globalSecondaryIndexes: [
      {
        name: 'GSI1',
        partitionKey: { name: 'GSI1PK', type: 'S' },
        sortKey: { name: 'GSI1SK', type: 'S' },
      },
    ],
  },
  entities: [
    {
      name: 'Match',
      attributes: [
        { name: 'id', type: 'S' },
        { name: 'region', type: 'S' },
        { name: 'tier', type: 'S' },
        { name: 'round', type: 'S' },
        { name: 'score', type: 'N' },
      ],
      keys: { PK: 'M#{id}', SK: 'M', GSI1PK: 'R#{region}#T#{tier}', GSI1SK: '{round}#{score}' },
    },
  ],
  accessPatterns: [
    {
      id: 'by-region',
      name: 'Matches of a region and tier',
      operation: 'Query',
      index: 'GSI1',
      keyCondition: {
        partition: 'R#{region}#T#{tier}',
        sort: { op: sortOp, value: sortOp === '=' ? '{round}#{score}' : '{round}#' },
      },
    },
  ],
});

const run = (input: unknown) => lintDesign(designSchema.parse(input), [multiAttributeKey]);

describe('multi-attribute-key', () => {
  it('suggests partitionKeys for a concatenated partition key, and sortKeys only where reads use "="', () => {
    const equal = run(design('='));
    expect(equal.map((f) => f.target)).toEqual([
      'table.globalSecondaryIndexes[0].partitionKey',
      'table.globalSecondaryIndexes[0].sortKey',
    ]);
    expect(`${equal[0].message} ${equal[0].fix}`).toMatch(
      /GSI1's partition key GSI1PK concatenates attributes \(Match: R#\{region\}#T#\{tier\}\).*partitionKeys region, tier/,
    );
    // A begins_with on the sort key reads a prefix: the sort key stays as it is.
    expect(run(design('begins_with')).map((f) => f.target)).toEqual([
      'table.globalSecondaryIndexes[0].partitionKey',
    ]);
    // A design that already uses multi-attribute keys gets no suggestion.
    expect(run(EXAMPLE)).toEqual([]);
  });

  it('lets the other rules point into a multi-attribute key condition', () => {
    const findings = lintDesign(designSchema.parse(EXAMPLE));
    // region is a reserved word: named where the pattern gives it.
    expect(findings.filter((f) => f.rule === 'reserved-word').map((f) => f.target)).toEqual([
      'accessPatterns[0].keyCondition.partitionKeys.region',
    ]);
    expect(findings.filter((f) => f.rule === 'pattern-unserved')).toEqual([]);
    // A few-valued attribute of a multi-attribute partition key is not a hot partition: the tuple is.
    const fewRegions = structuredClone(EXAMPLE);
    Object.assign(fewRegions.entities[0].attributes[1], { enum: ['eu', 'us'] });
    expect(lintDesign(designSchema.parse(fewRegions)).filter((f) => f.rule === 'hot-partition')).toEqual([]);
  });
});
