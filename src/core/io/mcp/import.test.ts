// The AWS DynamoDB MCP data model: a model in the documented format (fixtures/mcp) imports with its items
// and its access patterns, each implementation mapped to a Keyplan pattern or named in a warning; the export
// carries Keyplan's lint findings in each pattern's reason, and import → export → import gives the same
// design, with its keyplan field and from the MCP parts alone.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lintDesign } from '../../analysis/lint.ts';
import { marshalledItems } from '../../apply/applied.ts';
import { validateDesign } from '../../checks/validate.ts';
import { getExample } from '../../features/examples/index.ts';
import type { Design } from '../../model/schema.ts';
import { buildAllRequests } from '../../requests/build.ts';
import { parseExactJson } from '../../values/exact-json.ts';
import { exportFormat, importDesign } from '../index.ts';
import { parseCliCommand } from './cli.ts';
import type { McpDataModel } from './export.ts';

const FIXTURE = new URL('../../../../fixtures/mcp/dynamodb_data_model.json', import.meta.url);
const text = readFileSync(FIXTURE, 'utf8');

function imported(source: string) {
  const result = importDesign('mcp', { kind: 'text', text: source });
  if (!result.ok) throw new Error(result.message);
  return result;
}

function exported(design: Design): McpDataModel {
  const file = exportFormat(design, 'mcp');
  if (!file) throw new Error('no MCP export');
  return parseExactJson(file.content) as McpDataModel;
}

const withoutKeyplan = ({ keyplan: _keyplan, ...rest }: McpDataModel) => JSON.stringify(rest);
const canonical = (item: unknown) => JSON.stringify(item, Object.keys(item as object).sort());

describe('MCP data model: the fixture', () => {
  const model = JSON.parse(text) as McpDataModel;
  const { design, warnings } = imported(text);

  it('imports its table, its items exactly, and names what does not map', () => {
    expect(design.table.name).toBe('LibraryTable');
    expect(design.entities.map((e) => [e.name, e.keys])).toEqual([
      ['Member', { PK: 'MEMBER#{member_id}', SK: 'PROFILE' }],
      ['Book', { PK: 'BOOK#{book_id}', SK: 'DETAILS', GSI1PK: 'AUTHOR#{author}', GSI1SK: 'BOOK#{book_id}' }],
      [
        'Loan',
        {
          PK: 'MEMBER#{member_id}',
          SK: 'LOAN#{loaned}#{book_id}',
          GSI1PK: 'BOOK#{book_id}',
          GSI1SK: 'LOAN#{loaned}#{member_id}',
        },
      ],
    ]);
    const items = model.items.LibraryTable.map((r) => canonical(r.PutRequest.Item)).sort();
    expect(marshalledItems(design).map(canonical).sort()).toEqual(items);
    expect(warnings).toEqual([
      'access_patterns[6] (pattern "7"): TransactWriteItems is not mapped to a Keyplan pattern; not imported',
      'access_patterns[8] (pattern "9"): no implementation (reason: Sending email is done by Amazon SES from a scheduled job; it reads loans through pattern 5); not imported',
    ]);
  });

  it("maps each implementation to a pattern whose request is the implementation's", () => {
    expect(design.accessPatterns.map((p) => [p.id, p.operation, p.example])).toEqual([
      ['1', 'GetItem', { member_id: 'm1' }],
      ['2', 'Query', { member_id: 'm1' }],
      ['3', 'Query', { author: 'Kleppmann' }],
      ['4', 'Query', { book_id: 'b1' }],
      ['5', 'Scan', undefined],
      [
        '6',
        'PutItem',
        { member_id: 'm3', name: 'Chen Wei', email: 'chen@example.com', joined: '2026-11-20' },
      ],
      ['8', 'UpdateItem', { member_id: 'm1', loaned: '2026-11-02', book_id: 'b1', status: 'RETURNED' }],
    ]);
    const requests = buildAllRequests(design);
    for (const pattern of design.accessPatterns) {
      const entry = model.access_patterns.find((p) => p.pattern === pattern.id);
      const parsed = parseCliCommand(entry?.implementation ?? '');
      if (!parsed.ok) throw new Error(parsed.why);
      const built = requests[pattern.id];
      if ('error' in built) throw new Error(built.error);
      const input = built.input as unknown as Record<string, unknown>;
      expect(built.operation, pattern.id).toBe(parsed.request.operation);
      // The same key, item and values (Keyplan names its placeholders in its own way).
      for (const field of ['TableName', 'IndexName', 'Key', 'Item', 'Limit', 'ScanIndexForward'])
        expect(input[field], `${pattern.id} ${field}`).toEqual(parsed.request.input[field]);
      const values = (i: Record<string, unknown>) =>
        Object.values((i.ExpressionAttributeValues ?? {}) as object)
          .map((v) => JSON.stringify(v))
          .sort();
      expect(values(input), pattern.id).toEqual(values(parsed.request.input));
    }
  });

  it("writes Keyplan's findings on a pattern into its reason, and reads its own export back", () => {
    const out = exported(design);
    const findings = lintDesign(design).filter(
      (f) => f.target.startsWith('accessPatterns[4]') && !f.suppressed,
    );
    expect(findings.length).toBeGreaterThan(0);
    const scan = out.access_patterns.find((p) => p.pattern === '5');
    for (const finding of findings) expect(scan?.reason).toContain(`${finding.rule}: ${finding.message}`);
    expect(scan?.implementation).toMatch(/^aws dynamodb scan --table-name LibraryTable --filter-expression /);

    const again = imported(JSON.stringify(out));
    expect(again.warnings).toEqual([]);
    expect(JSON.stringify(again.design)).toBe(JSON.stringify(design));
    // From the MCP parts alone (no keyplan field): the same design again.
    const alone = imported(withoutKeyplan(out));
    expect(JSON.stringify(alone.design)).toBe(JSON.stringify(design));
  });
});

describe('MCP data model: the built-in examples', () => {
  for (const name of ['ecommerce', 'online-store']) {
    it(`${name}: export → import gives the design, and import → export → import is stable`, () => {
      const design = validateDesign(getExample(name)?.design).design as Design;
      const out = exported(design);
      expect(out.tables[0].TableName).toBe(design.table.name);
      expect(out.items[design.table.name]).toHaveLength(marshalledItems(design).length);
      const first = imported(JSON.stringify(out)).design;
      expect(first).toEqual(design);
      const alone = imported(withoutKeyplan(out)).design;
      expect(JSON.stringify(imported(withoutKeyplan(exported(alone))).design)).toBe(JSON.stringify(alone));
    });
  }
});
