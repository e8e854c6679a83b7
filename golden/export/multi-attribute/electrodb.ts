// ElectroDB entities of "Tournament", written by Keyplan (keyplan export --to electrodb).
// Every key has a field and a template with casing 'none': ElectroDB stores exactly the keys Keyplan derives.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { Entity, Service } from 'electrodb';

export const table = process.env.TABLE_NAME ?? 'tournament';
export const client = new DynamoDBClient({});
const service = 'Tournament';
const config = { table, client, identifiers: { entity: 'entityType' } };
type Item = Record<string, unknown>;
// A sparse index's key: undefined (not written) when a value it is made of is missing, as Keyplan derives it.
const present = (value: unknown) => value !== undefined && value !== null && value !== '';
const key = (strings: TemplateStringsArray, ...values: unknown[]) =>
  values.every(present) ? strings.reduce((out, text, i) => out + text + (i < values.length ? String(values[i]) : ''), '') : undefined;
const pad = (value: unknown, width: number) => (present(value) ? String(value).padStart(width, '0') : undefined);

export const Match = new Entity(
  {
    model: { entity: 'Match', version: '1', service },
    attributes: {
      matchId_: { type: 'string', required: true },
      regionName: { type: 'string' },
      tierLevel: { type: 'number' },
      roundName: { type: 'string' },
      points: { type: 'number' },
      player: { type: 'string' },
      seasonYear: { type: 'number' },
      venueName: { type: 'string' },
      venue: { type: 'string', watch: ['venueName'], set: (_: unknown, item: Item) => item['venueName'] },
      score: { type: 'number', watch: ['points'], set: (_: unknown, item: Item) => item['points'] },
      region: { type: 'string', watch: ['regionName'], set: (_: unknown, item: Item) => item['regionName'] },
      tier: { type: 'number', watch: ['tierLevel'], set: (_: unknown, item: Item) => item['tierLevel'] },
      round: { type: 'string', watch: ['roundName'], set: (_: unknown, item: Item) => item['roundName'] },
      playerId: { type: 'string', watch: ['player'], set: (_: unknown, item: Item) => item['player'] },
      season: { type: 'number', watch: ['seasonYear'], set: (_: unknown, item: Item) => item['seasonYear'] },
      matchId: { type: 'string', watch: ['matchId_'], set: (_: unknown, item: Item) => item['matchId_'] },
    },
    indexes: {
      primary: {
        pk: { field: 'PK', composite: ['matchId_'], template: 'MATCH#${matchId_}', casing: 'none' },
        sk: { field: 'SK', composite: [], template: 'MATCH', casing: 'none' },
      },
      byVenue: {
        index: 'ByVenue',
        projection: 'keys_only',
        pk: { field: 'venue', composite: ['venue'], casing: 'none' },
        sk: { field: 'score', composite: ['score'], casing: 'none' },
      },
    },
  },
  config,
);

export const entities = { Match };
export const app = new Service(entities, { table, client });
