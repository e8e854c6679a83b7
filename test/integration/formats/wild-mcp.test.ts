// The AWS DynamoDB MCP server's schema.json files of the wild corpus (fixtures/wild/mcp, collected from
// awslabs/mcp, expectations written before Keyplan ran): every table of every file imports, validates and
// matches its expectation except for the differences listed here, each with its reason; import → export →
// import of each design is a fixed point.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateDesign } from '../../../src/core/checks/validate.ts';
import { exportFormat, importDesign } from '../../../src/core/io/index.ts';
import type { Design } from '../../../src/core/model/schema.ts';
import { type Expectation, expectationDifferences } from './wild-expectations.ts';

const FOLDER = new URL('../../../fixtures/wild/mcp/', import.meta.url);
const inputs = readdirSync(FOLDER).filter(
  (name) => name.endsWith('.json') && !name.endsWith('.expected.json'),
);

/** What differs from an expectation, and why it is right that it does (or why Keyplan cannot do better). */
const KNOWN: Record<string, string[]> = {
  // update_ranking sets only `ranking`, the table's sort key: DynamoDB cannot update a key attribute, so it is
  // a warning naming the pattern (tables[3].entities.TournamentEntry.access_patterns[1]), not a pattern.
  'awslabs__mcp__gaming_leaderboard_schema.json': [
    'TournamentTable: pattern update_ranking missing',
    'TournamentTable: UpdateItem patterns expected 1, got 0',
  ],
  // The three cross-table patterns write or read both Users and EmailLookup; a design is one table, so each
  // is a warning naming it (cross_table_access_patterns[i]) on either table's import.
  'awslabs__mcp__user_registration_schema.json': [
    'the file: pattern cross:register_user missing',
    'the file: pattern cross:delete_user_with_email missing',
    'the file: pattern cross:get_user_and_email missing',
  ],
};

function importTable(text: string, table: string | undefined): Design | string {
  const result = importDesign('mcp', { kind: 'text', text }, table === undefined ? {} : { table });
  return result.ok ? result.design : result.message;
}

describe('expectationDifferences', () => {
  it('names each difference: a key template, an attribute, an index, a pattern', () => {
    const text = readFileSync(new URL('awslabs__mcp__social_media_app_schema.json', FOLDER), 'utf8');
    const expected: Expectation = {
      entities: [
        {
          name: 'Post',
          keys: { user_id: '{user_id}', sort_key: 'POST#{id}' },
          attributes: ['title'],
          patterns: ['p'],
        },
      ],
      tables: [
        {
          name: 'SocialMedia',
          partitionKey: 'user_id',
          sortKey: 'sk',
          indexes: [{ name: 'G', pk: 'a' }],
          entities: ['Post'],
        },
      ],
    };
    const differences = expectationDifferences(expected, (name) => importTable(text, name));
    expect(differences).toContain('SocialMedia: sort key expected "sk", got "sort_key"');
    expect(differences).toContain('SocialMedia: index G missing');
    expect(differences).toContain(
      'SocialMedia: entity Post key sort_key expected "POST#{id}", got "POST#{post_id}"',
    );
    expect(differences).toContain('SocialMedia: entity Post attribute title missing');
    expect(differences).toContain('SocialMedia: entity Comment not expected');
    expect(differences).toContain('SocialMedia: pattern p missing');
    expect(differences).toContain('SocialMedia: pattern create_post not expected');
  });
});

describe('MCP schema.json: the wild corpus', () => {
  it('holds the five files from awslabs/mcp', () => expect(inputs).toHaveLength(5));

  for (const input of inputs) {
    const text = readFileSync(new URL(input, FOLDER), 'utf8');
    const expected = JSON.parse(
      readFileSync(new URL(input.replace(/\.json$/, '.expected.json'), FOLDER), 'utf8'),
    ) as Expectation;
    const tables = (JSON.parse(text) as { tables: { table_config: { table_name: string } }[] }).tables.map(
      (t) => t.table_config.table_name,
    );

    it(`${input}: every table imports and matches the expectation but for the known differences`, () => {
      const differences = expectationDifferences(expected, (name) => {
        const design = importTable(text, name);
        if (typeof design !== 'string') expect(validateDesign(design).ok, name).toBe(true);
        return design;
      });
      expect(differences).toEqual(KNOWN[input] ?? []);
    });

    it(`${input}: import → export → import is a fixed point for each of its ${tables.length} table(s)`, () => {
      for (const name of tables) {
        const design = importTable(text, name);
        if (typeof design === 'string') throw new Error(design);
        const file = exportFormat(design, 'mcp');
        if (!file) throw new Error('no MCP export');
        const again = importTable(file.content, undefined);
        expect(JSON.stringify(again), name).toBe(JSON.stringify(design));
      }
    });
  }
});
