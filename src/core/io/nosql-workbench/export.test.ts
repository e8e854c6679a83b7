import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatProblems, validateDesign } from '../../checks/validate.ts';
import { EXAMPLE_NAMES, getExample } from '../../features/examples/index.ts';
import { deriveItems } from '../../items/derive.ts';
import type { Design, DesignInput } from '../../model/schema.ts';
import { keyOnlyDesign, naturalKeysDesign } from '../../test-support/natural-keys-design.ts';
import { type RawModel, unkeptValues } from '../../test-support/workbench-models.ts';
import { exportWorkbench, workbenchDate } from './export.ts';
import { parseWorkbenchModel } from './format.ts';
import { importWorkbench, importWorkbenchText } from './import.ts';

type RawFacet = NonNullable<RawModel['DataModel'][number]['TableFacets']>[number];

const NOW = new Date('2024-03-05T14:07:00Z');
const MODELS = new URL('../../../../fixtures/workbench-models/', import.meta.url);

function validated(input: unknown): Design {
  const result = validateDesign(input);
  if (!result.ok) throw new Error(formatProblems(result.problems));
  return result.design;
}

function imported(json: unknown, table?: string): { design: Design; warnings: string[] } {
  const result = importWorkbench(json, { table });
  if (!result.ok) throw new Error(result.message);
  return result;
}

/** Exported, written as text and read back, as a user saving the file and importing it does. */
function roundTrip(design: Design): { design: Design; warnings: string[] } {
  const result = importWorkbenchText(JSON.stringify(exportWorkbench(design, { now: NOW }), null, 2));
  if (!result.ok) throw new Error(result.message);
  return { design: result.design, warnings: result.warnings };
}

/** Everything a design can say that NoSQL Workbench cannot: it must all come back. */
const FULL: DesignInput = {
  format: 'keyplan/1',
  name: 'Scores',
  description: 'Players, their games and scores.',
  table: {
    name: 'Scores',
    partitionKey: { name: 'PK', type: 'S' },
    sortKey: { name: 'SK', type: 'S' },
    billing: { mode: 'PROVISIONED', read: 4, write: 2 },
    globalSecondaryIndexes: [
      {
        name: 'ByScore',
        partitionKey: { name: 'GSI1PK', type: 'S' },
        sortKey: { name: 'GSI1SK', type: 'N' },
        projection: { type: 'INCLUDE', attributes: ['nickname'] },
        read: 3,
        write: 1,
      },
    ],
    localSecondaryIndexes: [
      { name: 'ByDay', sortKey: { name: 'LSI1SK', type: 'S' }, projection: { type: 'KEYS_ONLY' } },
    ],
    ttlAttribute: 'expiresAt',
    typeAttribute: 'kind',
    stream: 'NEW_AND_OLD_IMAGES',
    pointInTimeRecovery: true,
  },
  entities: [
    {
      name: 'Player',
      description: 'One player.',
      attributes: [
        { name: 'playerId', type: 'S', required: true, format: 'uuid' },
        { name: 'nickname', type: 'S', description: 'Shown on the board.' },
        { name: 'email', type: 'S', format: 'email' },
        { name: 'joinedAt', type: 'S', format: 'date-time' },
        { name: 'tags', type: 'SS' },
        { name: 'avatar', type: 'B' },
        { name: 'banned', type: 'BOOL' },
        { name: 'settings', type: 'M' },
        { name: 'history', type: 'L' },
        { name: 'legacy', type: 'NULL' },
        { name: 'expiresAt', type: 'N', format: 'epoch-seconds' },
      ],
      keys: { PK: 'PLAYER#{playerId}', SK: 'PROFILE' },
    },
    {
      name: 'Score',
      attributes: [
        { name: 'playerId', type: 'S', required: true },
        { name: 'game', type: 'S', enum: ['chess', 'go'] },
        { name: 'score', type: 'N' },
        { name: 'day', type: 'S' },
        { name: 'lucky', type: 'NS' },
      ],
      keys: {
        PK: 'PLAYER#{playerId}',
        SK: 'SCORE#{game}#{day}',
        GSI1PK: 'GAME#{game}',
        GSI1SK: '{score}',
        LSI1SK: 'DAY#{day}',
      },
    },
  ],
  accessPatterns: [
    {
      id: 'top-scores',
      name: 'Top scores of a game',
      operation: 'Query',
      index: 'ByScore',
      keyCondition: { partition: 'GAME#{game}', sort: { op: '>=', value: '{min}' } },
      scanIndexForward: false,
      limit: 10,
      example: { game: 'chess', min: 100 },
    },
    { id: 'add-score', name: 'Add a score', operation: 'PutItem', entity: 'Score', condition: 'not-exists' },
  ],
  items: {
    Player: [
      {
        playerId: 'p1',
        nickname: 'Ann',
        email: 'ann@example.com',
        joinedAt: '2024-01-02T03:04:05Z',
        tags: ['new', 'pro'],
        avatar: 'AAEC',
        banned: false,
        settings: { theme: 'dark', volume: 0.5, keys: [1, 2] },
        history: ['a', 1, true, null],
        legacy: null,
        expiresAt: 1735689600,
      },
      { playerId: 'p2', nickname: 'Bo' },
    ],
    Score: [
      { playerId: 'p1', game: 'chess', score: 120, day: '2024-01-03', lucky: [3, 7] },
      { playerId: 'p2', game: 'go', score: -4.5, day: '2024-01-04' },
      { playerId: 'p2', game: 'go', day: '2024-01-05' },
    ],
  },
};

describe('NoSQL Workbench export', () => {
  it('writes a Workbench 3.0 model its own schema reads', () => {
    const model = exportWorkbench(validated(FULL), { now: NOW });
    const parsed = parseWorkbenchModel(JSON.parse(JSON.stringify(model)));
    expect(parsed.ok).toBe(true);
    expect(model.ModelMetadata).toEqual({
      Author: 'Keyplan',
      DateCreated: 'Mar 05, 2024, 02:07 PM',
      DateLastModified: 'Mar 05, 2024, 02:07 PM',
      Description: 'Players, their games and scores.',
      AWSService: 'Amazon DynamoDB',
      Version: '3.0',
    });
  });

  it('writes the table, facets with their templates as key aliases, and typed items', () => {
    const [table] = exportWorkbench(validated(FULL), { now: NOW }).DataModel;
    expect(table.KeyAttributes).toEqual({
      PartitionKey: { AttributeName: 'PK', AttributeType: 'S' },
      SortKey: { AttributeName: 'SK', AttributeType: 'S' },
    });
    expect(table.NonKeyAttributes.map((a) => `${a.AttributeName}:${a.AttributeType}`)).toEqual([
      'playerId:S',
      'nickname:S',
      'email:S',
      'joinedAt:S',
      'tags:SS',
      'avatar:B',
      'banned:BOOL',
      'settings:M',
      'history:L',
      'legacy:NULL',
      'expiresAt:N',
      'game:S',
      'score:N',
      'day:S',
      'lucky:NS',
      'kind:S',
      'GSI1PK:S',
      'GSI1SK:N',
      'LSI1SK:S',
    ]);
    expect(table.GlobalSecondaryIndexes).toEqual([
      {
        IndexName: 'ByScore',
        KeyAttributes: {
          PartitionKey: { AttributeName: 'GSI1PK', AttributeType: 'S' },
          SortKey: { AttributeName: 'GSI1SK', AttributeType: 'N' },
        },
        Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['nickname'] },
      },
    ]);
    expect(table.BillingMode).toBe('PROVISIONED');
    expect(table.ProvisionedCapacitySettings).toEqual({
      ProvisionedThroughput: { ReadCapacityUnits: 4, WriteCapacityUnits: 2 },
    });
    expect(table.SampleDataFormats).toEqual({
      email: ['identifiers', 'Email'],
      joinedAt: ['date', 'ISO 8601 date and time'],
    });
    const [player, score] = table.TableFacets;
    expect(player.KeyAttributeAlias).toEqual({
      PartitionKeyAlias: 'PLAYER#{playerId}',
      SortKeyAlias: 'PROFILE',
    });
    expect(score.NonKeyAttributes).toEqual([
      'playerId',
      'game',
      'score',
      'day',
      'lucky',
      'kind',
      'GSI1PK',
      'GSI1SK',
      'LSI1SK',
    ]);
    expect(player.TableData[0]).toEqual({
      playerId: { S: 'p1' },
      nickname: { S: 'Ann' },
      email: { S: 'ann@example.com' },
      joinedAt: { S: '2024-01-02T03:04:05Z' },
      tags: { SS: ['new', 'pro'] },
      avatar: { B: 'AAEC' },
      banned: { BOOL: false },
      settings: { M: { theme: { S: 'dark' }, volume: { N: '0.5' }, keys: { L: [{ N: '1' }, { N: '2' }] } } },
      history: { L: [{ S: 'a' }, { N: '1' }, { BOOL: true }, { NULL: true }] },
      legacy: { NULL: true },
      expiresAt: { N: '1735689600' },
      PK: { S: 'PLAYER#p1' },
      SK: { S: 'PROFILE' },
      kind: { S: 'Player' },
    });
    // Not in ByScore: it has no score, so no GSI1SK.
    expect(score.TableData[2]).toEqual({
      playerId: { S: 'p2' },
      game: { S: 'go' },
      day: { S: '2024-01-05' },
      PK: { S: 'PLAYER#p2' },
      SK: { S: 'SCORE#go#2024-01-05' },
      GSI1PK: { S: 'GAME#go' },
      LSI1SK: { S: 'DAY#2024-01-05' },
      kind: { S: 'Score' },
    });
    // As Workbench writes a model with facets: each item once, in its facet.
    expect(table).not.toHaveProperty('TableData');
  });

  it('leaves out a sample without its primary key, which no table can hold', () => {
    const design = validated({
      ...FULL,
      items: {
        Score: [
          { playerId: 'p1', game: 'go', day: '2024-01-01' },
          { playerId: 'p2', game: 'go' },
        ],
      },
    });
    const [table] = exportWorkbench(design, { now: NOW }).DataModel;
    expect(table.TableFacets.flatMap((f) => f.TableData.map((item) => item.PK))).toEqual([
      { S: 'PLAYER#p1' },
    ]);
  });

  it('writes dates as Workbench does, in UTC', () => {
    expect(workbenchDate(new Date('2020-06-24T00:05:00Z'))).toBe('Jun 24, 2020, 12:05 AM');
    expect(workbenchDate(new Date('2020-12-01T12:30:00Z'))).toBe('Dec 01, 2020, 12:30 PM');
  });
});

describe('NoSQL Workbench round trip', () => {
  it('gives back a design with everything Workbench cannot hold', () => {
    const design = validated(FULL);
    expect(roundTrip(design)).toEqual({ design, warnings: [] });
  });

  it.each(EXAMPLE_NAMES)('gives back the built-in example %s', (name) => {
    const design = validated(getExample(name)?.design);
    expect(roundTrip(design)).toEqual({ design, warnings: [] });
  });

  const tables = readdirSync(MODELS)
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) => {
      const model = JSON.parse(readFileSync(new URL(file, MODELS), 'utf8'));
      return model.DataModel.map((t: { TableName: string }) => [file, t.TableName, model] as const);
    });

  it.each(tables)(
    'import → export → import of %s (table %s) gives the same design',
    (_file, table, model) => {
      const first = imported(model, table).design;
      expect(roundTrip(first)).toEqual({ design: first, warnings: [] });
    },
  );

  it.each(tables)(
    'the export of %s (table %s) lists each item once, and its Workbench data alone gives back every value of every item',
    (_file, table, model) => {
      const first = imported(model, table).design;
      const exported = JSON.parse(JSON.stringify(exportWorkbench(first, { now: NOW })));
      const [out] = exported.DataModel;
      const listed = [
        ...(out.TableData ?? []),
        ...out.TableFacets.flatMap((f: RawFacet) => f.TableData ?? []),
      ];
      expect(listed).toHaveLength(deriveItems(first).length);
      const { KeyplanDesign: _dropped, ...workbenchOnly } = exported;
      const again = imported(workbenchOnly).design;
      expect(unkeptValues(workbenchOnly, first.table.name, again)).toEqual([]);
      expect(deriveItems(again)).toHaveLength(listed.length);
    },
  );

  it.each(EXAMPLE_NAMES)(
    'recovers %s from the Workbench data alone: entities, key aliases as templates, every key',
    (name) => {
      const design = validated(getExample(name)?.design);
      const { KeyplanDesign: _dropped, ...workbenchOnly } = exportWorkbench(design, { now: NOW });
      const { design: again, warnings } = imported(JSON.parse(JSON.stringify(workbenchOnly)));
      expect(warnings).toEqual([]);
      expect(again.table.typeAttribute).toBe(design.table.typeAttribute);
      expect(again.entities.map((e) => [e.name, e.keys.PK, e.keys.SK])).toEqual(
        design.entities.map((e) => [e.name, e.keys.PK, e.keys.SK]),
      );
      const keys = (d: Design) =>
        deriveItems(d).map(({ item }) =>
          JSON.stringify(Object.entries(item).filter(([k]) => /^(PK|SK|GSI)/.test(k))),
        );
      expect(keys(again)).toEqual(keys(design));
    },
  );

  it.each([
    ['natural keys', naturalKeysDesign],
    ['key-only attributes', keyOnlyDesign],
  ])('gives back a design with %s, and reads natural keys back from the Workbench data alone', (_, input) => {
    const design = validated(input());
    expect(roundTrip(design)).toEqual({ design, warnings: [] });
    const { KeyplanDesign: _dropped, ...workbenchOnly } = exportWorkbench(design, { now: NOW });
    const { design: again } = imported(JSON.parse(JSON.stringify(workbenchOnly)));
    expect(again.entities[0].keys).toMatchObject({ user_id: '{user_id}', created_at: '{created_at}' });
    expect(deriveItems(again).map((d) => d.item)).toEqual(deriveItems(design).map((d) => d.item));
  });

  it('finds the type attribute of a Keyplan export from the Workbench data alone', () => {
    const { KeyplanDesign: _dropped, ...workbenchOnly } = exportWorkbench(validated(FULL), { now: NOW });
    const { design } = imported(JSON.parse(JSON.stringify(workbenchOnly)));
    expect(design.table.typeAttribute).toBe('kind');
    expect(design.entities.flatMap((e) => e.attributes.map((a) => a.name))).not.toContain('kind');
  });

  it('keeps the Keyplan design of a model whose values were edited in Workbench after the export', () => {
    const design = validated(getExample('online-store')?.design);
    const model = JSON.parse(JSON.stringify(exportWorkbench(design, { now: NOW })));
    model.DataModel[0].TableFacets[0].TableData[0].name = { S: 'Renamed in Workbench' };
    const { design: again, warnings } = imported(model);
    expect(warnings).toEqual([]);
    expect(again.items.Customer[0].name).toBe('Renamed in Workbench');
    expect({ ...again, items: design.items }).toEqual(design);
  });

  it('imports a model whose keys were edited in Workbench after the export from its data, saying so', () => {
    const design = validated(getExample('online-store')?.design);
    const model = JSON.parse(JSON.stringify(exportWorkbench(design, { now: NOW })));
    const [item] = model.DataModel[0].TableFacets[0].TableData;
    item.PK = { S: `${item.PK.S}-edited` };
    const { design: again, warnings } = imported(model);
    expect(warnings).toEqual([
      "the model was changed after Keyplan exported it; the model is imported from its Workbench data, with Keyplan's templates where they still fit",
      `Customer: the template "CUSTOMER#{customerId}" for PK from KeyplanDesign does not fit: it does not give back the items' keys; inferred "CUSTOMER#{customerId2}" instead`,
    ]);
    expect(deriveItems(again).map(({ item }) => item.PK)).toContain(item.PK.S);
  });

  it('ignores a KeyplanDesign that is not a design, saying so', () => {
    const model = JSON.parse(JSON.stringify(exportWorkbench(validated(FULL), { now: NOW })));
    model.KeyplanDesign = { format: 'keyplan/0' };
    const { design, warnings } = imported(model);
    expect(warnings).toEqual([
      'KeyplanDesign is not a Keyplan design; the model is imported from its Workbench data alone',
    ]);
    expect(design.entities.map((e) => e.name)).toEqual(['Player', 'Score']);
  });
});
