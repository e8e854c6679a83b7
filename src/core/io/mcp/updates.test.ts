// dynamodb_data_model.json implementations the importer refused before #28 item 5: an optimistic-locking
// update (`SET #version = #version + :one` under `#version = :expected`), an ADD, and a BatchWriteItem. Each
// imports as a pattern, and what the pattern reads differently from the command is a warning naming it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importDesign } from '../index.ts';
import type { McpDataModel } from './export.ts';

const FIXTURE = new URL('../../../../fixtures/mcp/dynamodb_data_model.json', import.meta.url);

/** The fixture with a `version` and a `loans` count on every member, and the three patterns appended. */
function model(): McpDataModel {
  const file = JSON.parse(readFileSync(FIXTURE, 'utf8')) as McpDataModel;
  for (const request of file.items.LibraryTable) {
    const item = request.PutRequest.Item as Record<string, unknown>;
    if ((item.SK as { S: string }).S === 'PROFILE')
      Object.assign(item, { version: { N: '1' }, loans: { N: '0' } });
  }
  const key = `--key '{"PK":{"S":"MEMBER#m1"},"SK":{"S":"PROFILE"}}'`;
  file.access_patterns.push(
    {
      pattern: '20',
      description: 'Rename a member unless someone else changed it first',
      table: 'LibraryTable',
      dynamodb_operation: 'UpdateItem',
      implementation: `aws dynamodb update-item --table-name LibraryTable ${key} --update-expression 'SET #name = :name, #version = #version + :one' --condition-expression '#version = :expected' --expression-attribute-names '{"#name":"name","#version":"version"}' --expression-attribute-values '{":name":{"S":"Ana L."},":one":{"N":"1"},":expected":{"N":"1"}}'`,
    },
    {
      pattern: '21',
      description: 'Count a loan',
      table: 'LibraryTable',
      dynamodb_operation: 'UpdateItem',
      implementation: `aws dynamodb update-item --table-name LibraryTable ${key} --update-expression 'ADD loans :one' --expression-attribute-values '{":one":{"N":"1"}}'`,
    },
    {
      pattern: '22',
      description: 'Add two members at once',
      table: 'LibraryTable',
      dynamodb_operation: 'BatchWriteItem',
      implementation: `aws dynamodb batch-write-item --request-items '{"LibraryTable":[{"PutRequest":{"Item":{"PK":{"S":"MEMBER#m8"},"SK":{"S":"PROFILE"},"member_id":{"S":"m8"}}}},{"DeleteRequest":{"Key":{"PK":{"S":"MEMBER#m9"},"SK":{"S":"PROFILE"}}}}]}'`,
    },
  );
  return file;
}

describe('MCP data model: computed updates and batch writes', () => {
  const result = importDesign('mcp', { kind: 'text', text: JSON.stringify(model()) });
  if (!result.ok) throw new Error(result.message);
  const { design, warnings } = result;
  const pattern = (id: string) => design.accessPatterns.find((p) => p.id === id) as Record<string, unknown>;

  it('imports optimistic locking: the computed SET sets the attribute, the condition is kept', () => {
    expect(pattern('20')).toMatchObject({
      operation: 'UpdateItem',
      entity: 'Member',
      set: ['name', 'version'],
      condition: [{ attribute: 'version', op: '=', value: 1 }],
      example: { member_id: 'm1', name: 'Ana L.' },
    });
    expect(warnings).toContain(
      'access_patterns[9] (pattern "20"): SET #version = #version + :one: DynamoDB computes the value; Keyplan\'s pattern sets version from an argument',
    );
  });

  it('imports an ADD as setting its attribute, named in a warning', () => {
    expect(pattern('21')).toMatchObject({ operation: 'UpdateItem', entity: 'Member', set: ['loans'] });
    expect(warnings).toContain(
      'access_patterns[10] (pattern "21"): ADD loans :one: DynamoDB computes the value; Keyplan\'s pattern sets loans from an argument',
    );
  });

  it('imports a BatchWriteItem as a transaction of its puts and deletes, named in a warning', () => {
    expect(pattern('22')).toMatchObject({
      operation: 'TransactWriteItems',
      actions: [
        { operation: 'PutItem', entity: 'Member' },
        { operation: 'DeleteItem', entity: 'Member' },
      ],
    });
    expect(warnings).toContain(
      'access_patterns[11] (pattern "22"): BatchWriteItem read as TransactWriteItems of the same puts and deletes (Keyplan has no batch-write pattern; DynamoDB runs a batch without atomicity or conditions)',
    );
  });
});
