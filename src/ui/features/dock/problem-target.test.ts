import { describe, expect, it } from 'vitest';
import { designSchema } from '../../../core/model/schema.ts';
import { fieldTestId, selectionForPath, sidebarTestId, targetLabel } from './problem-target.ts';

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
    {
      name: 'Order',
      attributes: [
        { name: 'id', type: 'S' },
        { name: 'status', type: 'S' },
      ],
      keys: { PK: 'ORDER#{id}', SK: 'DETAILS' },
    },
  ],
  accessPatterns: [
    { id: 'get-user', name: 'Get a user', operation: 'GetItem', keyCondition: { partition: 'USER#{id}' } },
    { id: 'ship', name: 'Ship', operation: 'UpdateItem', entity: 'Order', set: ['status'] },
    {
      id: 'create',
      name: 'Create',
      operation: 'TransactWriteItems',
      actions: [{ operation: 'UpdateItem', entity: 'Order', set: ['status'] }],
    },
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

describe('fieldTestId', () => {
  it('names the editor field of entity and pattern paths', () => {
    expect(fieldTestId(design, 'entities[1].keys.GSI1PK')).toBe('entity.template.GSI1PK');
    expect(fieldTestId(design, 'entities[1].attributes[1].format')).toBe('entity.attribute.status.name');
    expect(fieldTestId(design, 'entities[0].name')).toBe('entity.name');
    expect(fieldTestId(design, 'accessPatterns[0].keyCondition.sort.value')).toBe('pattern.sortValue');
    expect(fieldTestId(design, 'accessPatterns[0].keyCondition')).toBe('pattern.partition');
    expect(fieldTestId(design, 'accessPatterns[0].example.id')).toBe('pattern.arg.id');
    expect(fieldTestId(design, 'accessPatterns[0].filter[2].value')).toBe('pattern.filter.2');
    expect(fieldTestId(design, 'accessPatterns[0].projection[1]')).toBe('pattern.projection');
    expect(fieldTestId(design, 'accessPatterns[1].set[0]')).toBe('pattern.set.status');
    expect(fieldTestId(design, 'accessPatterns[2].actions[0].set[0]')).toBe('pattern.action.0.set.status');
    expect(fieldTestId(design, 'accessPatterns[2].actions[0]')).toBe('pattern.action.0');
  });

  it('names table and index fields', () => {
    expect(fieldTestId(design, 'table.globalSecondaryIndexes[0].partitionKey.name')).toBe(
      'table.gsi.0.partitionKey.name',
    );
    expect(fieldTestId(design, 'table.localSecondaryIndexes[0]')).toBe('table.lsi.0');
    expect(fieldTestId(design, 'table.ttlAttribute')).toBe('table.ttl');
  });

  it('names nothing for the whole entity or pattern, or a path it cannot follow', () => {
    expect(fieldTestId(design, 'entities[0]')).toBeUndefined();
    expect(fieldTestId(design, 'accessPatterns[0]')).toBeUndefined();
    expect(fieldTestId(design, 'entities[7].keys.PK')).toBeUndefined();
    expect(fieldTestId(design, '')).toBeUndefined();
  });
});

describe('sidebarTestId', () => {
  it('is the row of the selection', () => {
    expect(sidebarTestId({ kind: 'entity', name: 'Order' })).toBe('sidebar.entity.Order');
    expect(sidebarTestId({ kind: 'pattern', id: 'ship' })).toBe('sidebar.pattern.ship');
    expect(sidebarTestId({ kind: 'index', name: 'GSI1' })).toBe('sidebar.index.GSI1');
    expect(sidebarTestId({ kind: 'table' })).toBe('sidebar.table');
    expect(sidebarTestId(null)).toBeUndefined();
  });
});
