// ElectroDB entities of "Tournament", written by Keyplan (keyplan export --to electrodb).
// Every key has a field and a template with casing 'none': ElectroDB stores exactly the keys Keyplan derives.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { Entity, Service } from 'electrodb';

export const table = process.env.TABLE_NAME ?? 'tournament';
export const client = new DynamoDBClient({});
const service = 'Tournament';
const config = { table, client, identifiers: { entity: 'entityType' } };
type Item = Record<string, unknown>;

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
      venue: { type: 'string', watch: ['venueName'], set: (_: unknown, item: Item) => item['venueName'] as string | undefined },
      score: { type: 'number', watch: ['points'], set: (_: unknown, item: Item) => item['points'] as number | undefined },
      region: { type: 'string', watch: ['regionName'], set: (_: unknown, item: Item) => item['regionName'] as string | undefined },
      tier: { type: 'number', watch: ['tierLevel'], set: (_: unknown, item: Item) => item['tierLevel'] as number | undefined },
      round: { type: 'string', watch: ['roundName'], set: (_: unknown, item: Item) => item['roundName'] as string | undefined },
      playerId: { type: 'string', watch: ['player'], set: (_: unknown, item: Item) => item['player'] as string | undefined },
      season: { type: 'number', watch: ['seasonYear'], set: (_: unknown, item: Item) => item['seasonYear'] as number | undefined },
      matchId: { type: 'string', watch: ['matchId_'], set: (_: unknown, item: Item) => item['matchId_'] as string | undefined },
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
