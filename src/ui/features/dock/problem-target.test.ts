import { describe, expect, it } from 'vitest';
import { designSchema } from '../../../core/model/schema.ts';
import { selectionForPath, targetLabel } from './problem-target.ts';

const design = designSchema.parse({
  format: 'keyplan/1',
  name: 'd',
  table: {
    name: 'AppTable',
    partitionKey: { name: 'PK', type: 'S' },
    sortKey: { name: 'SK', type: 'S' },
    globalSecondaryIndexes: [{ name: 'GSI1', partitionKey: { name: 'GSI1PK', type: 'S' } }],
    localSecondaryIndexes: [{ name: 'LSI1', sortKey: { name: 'LSI1SK', type: 'S' } }],
  },
  entities: [
    { name: 'User', keys: { PK: 'USER#{id}', SK: 'PROFILE' } },
    { name: 'Order', keys: { PK: 'ORDER#{id}', SK: 'DETAILS' } },
  ],
  accessPatterns: [
    { id: 'get-user', name: 'Get a user', operation: 'GetItem', keyCondition: { partition: 'USER#{id}' } },
  ],
});

describe('selectionForPath', () => {
  it('selects entities, patterns, indexes and the table by their path', () => {
    expect(selectionForPath(design, 'entities[1].keys.GSI1PK')).toEqual({ kind: 'entity', name: 'Order' });
    expect(selectionForPath(design, 'accessPatterns[0].keyCondition.partition')).toEqual({
      kind: 'pattern',
      id: 'get-user',
    });
    expect(selectionForPath(design, 'table.globalSecondaryIndexes[0].partitionKey')).toEqual({
      kind: 'index',
      name: 'GSI1',
    });
    expect(selectionForPath(design, 'table.localSecondaryIndexes[0]')).toEqual({
      kind: 'index',
      name: 'LSI1',
    });
    expect(selectionForPath(design, 'table.ttlAttribute')).toEqual({ kind: 'table' });
    expect(selectionForPath(design, 'items.Order[3].total')).toEqual({ kind: 'entity', name: 'Order' });
  });

  it('selects nothing for a path it cannot follow', () => {
    expect(selectionForPath(design, '(document)')).toBeNull();
    expect(selectionForPath(design, 'entities[9].name')).toBeNull();
    expect(selectionForPath(design, 'items.Ghost[0]')).toBeNull();
  });

  it('labels the target', () => {
    expect(targetLabel(design, 'accessPatterns[0]')).toBe('Get a user');
    expect(targetLabel(design, 'table.billing')).toBe('AppTable');
    expect(targetLabel(design, 'name')).toBeUndefined();
  });
});
