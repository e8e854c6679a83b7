// biome-ignore-all lint/suspicious/noTemplateCurlyInString: OneTable's where names attributes as ${…} in plain strings
// One clause reader for the formats that save a filter as expression text: the AWS MCP data model's
// FilterExpression (`#name`, `:value`) and OneTable's `where` (`${name}`, `{value}`) read into the same
// clauses, and an expression Keyplan cannot hold is a warning naming the pattern, the expression and the
// place where reading stopped.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importDesign } from './index.ts';

const MCP = readFileSync(new URL('../../../fixtures/mcp/dynamodb_data_model.json', import.meta.url), 'utf8');
const MCP_FILTER = '#status = :out AND due_date < :today';

function oneTable(where: string): string {
  return JSON.stringify({
    version: '0.0.1',
    indexes: { primary: { hash: 'pk', sort: 'sk' } },
    params: { typeField: 'type', timestamps: false },
    models: {
      Loan: {
        pk: { type: 'string', value: 'LOAN#${id}' },
        sk: { type: 'string', value: 'LOAN' },
        id: { type: 'string' },
        status: { type: 'string' },
        due_date: { type: 'string' },
      },
    },
    queries: { overdue: { operation: 'scan', params: { where } } },
  });
}

function read(format: 'mcp' | 'onetable', text: string) {
  const result = importDesign(format, { kind: 'text', text });
  if (!result.ok) throw new Error(result.message);
  return result;
}

const filterOf = (format: 'mcp' | 'onetable', text: string, id: string) => {
  const pattern = read(format, text).design.accessPatterns.find((p) => p.id === id);
  return pattern && 'filter' in pattern ? pattern.filter : undefined;
};

describe('filter expressions in library formats', () => {
  it('read into the same clauses from MCP and OneTable, and name where an unreadable one stops', () => {
    expect(MCP).toContain(MCP_FILTER);
    const overdue = [
      { attribute: 'status', op: '=', value: 'OUT' },
      { attribute: 'due_date', op: '<', value: '2026-11-15' },
    ];
    expect(filterOf('mcp', MCP, '5')).toEqual(overdue);
    expect(
      filterOf('onetable', oneTable('${status} = {"OUT"} and ${due_date} < {"2026-11-15"}'), 'overdue'),
    ).toEqual(overdue);
    // DynamoDB's keywords in any case, a clause in parentheses, a value with spaces and "and" in it.
    expect(
      filterOf(
        'onetable',
        oneTable('(${status} = {"OUT and about"}) AND ${due_date} BETWEEN {"a"} and {"b"}'),
        'overdue',
      ),
    ).toEqual([
      { attribute: 'status', op: '=', value: 'OUT and about' },
      { attribute: 'due_date', op: 'between', value: 'a', to: 'b' },
    ]);

    const mcp = read('mcp', MCP.replace(MCP_FILTER, '#status = :out OR due_date < :today'));
    expect(mcp.warnings).toContain(
      `access_patterns[4] (pattern "5"): FilterExpression "${'#status = :out OR due_date < :today'}": OR is not read; Keyplan's clauses are joined by AND; not imported`,
    );
    const unknown = read('mcp', MCP.replace(MCP_FILTER, '#status = :gone'));
    expect(unknown.warnings).toContain(
      'access_patterns[4] (pattern "5"): FilterExpression "#status = :gone": :gone has no value; not imported',
    );
    const one = read('onetable', oneTable('${status} = {"OUT"} and size(${due_date}) > {3}'));
    expect(one.warnings).toEqual([
      'queries.overdue: where "${status} = {"OUT"} and size(${due_date}) > {3}": "size(${due_date}) > {3}" does not start with a clause Keyplan reads; not imported',
    ]);
    const dangling = read('mcp', MCP.replace(MCP_FILTER, '#status = :out AND'));
    expect(dangling.warnings).toContain(
      'access_patterns[4] (pattern "5"): FilterExpression "#status = :out AND": no clause follows the last AND; not imported',
    );
    expect(filterOf('mcp', MCP.replace(MCP_FILTER, '#status = :out AND(due_date < :today)'), '5')).toEqual(
      overdue,
    );
  });

  it('read parentheses around ANDed clauses as the clauses, name an unbalanced one, refuse a boolean BETWEEN bound', () => {
    const warning = (where: string) => read('onetable', oneTable(where)).warnings;
    const three = [
      { attribute: 'status', op: '=', value: 'OUT' },
      { attribute: 'due_date', op: '<', value: 'b' },
      { attribute: 'id', op: 'exists' },
    ];
    const a = '${status} = {"OUT"}';
    const b = '${due_date} < {"b"}';
    const c = 'attribute_exists(${id})';
    for (const where of [
      `(${a} AND ${b}) AND ${c}`,
      `${a} and ((${b}) and ${c})`,
      `((${a} AND ${b} AND ${c}))`,
    ])
      expect(filterOf('onetable', oneTable(where), 'overdue'), where).toEqual(three);
    expect(warning(`(${a} AND ${b}`)).toEqual([
      `queries.overdue: where "(${a} AND ${b}": a "(" is not closed; not imported`,
    ]);
    expect(warning(`${a}) AND ${b}`)).toEqual([
      `queries.overdue: where "${a}) AND ${b}": a ")" closes no "(", at ") AND ${b}"; not imported`,
    ]);
    expect(warning(`(${a} OR ${b})`)).toEqual([
      `queries.overdue: where "(${a} OR ${b})": OR is not read; Keyplan's clauses are joined by AND; not imported`,
    ]);
    for (const [between, side] of [
      ['{true} AND {"b"}', 'lower'],
      ['{"a"} AND {false}', 'upper'],
    ])
      expect(warning(`\${due_date} BETWEEN ${between}`)).toEqual([
        `queries.overdue: where "\${due_date} BETWEEN ${between}": the ${side} bound of due_date is not a string or number; not imported`,
      ]);
  });
});
