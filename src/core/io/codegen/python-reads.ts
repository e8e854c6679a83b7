// Python for GetItem, Query and Scan patterns: one function per pattern (a page, for Query and Scan) and
// an iterate_* generator that follows LastEvaluatedKey through every page.
import { concat, type Doc, group } from './layout.ts';
import type { PatternPlan, ReadPlan } from './plan.ts';
import { patternDoc, patternEnv, patternSignature, pyDef, pyDocstring, pyLayout } from './python-shared.ts';
import { type PythonUses, pyAnd, pyCondition, pyDict, pyString, pyValue } from './python-values.ts';

function keyword(name: string, value: Doc): Doc {
  return concat(`${name}=`, value);
}

function readArguments(plan: PatternPlan, read: ReadPlan, uses: PythonUses): Doc[] {
  const env = patternEnv(plan);
  const args: Doc[] = [];
  if (read.index !== undefined) args.push(`IndexName=${pyString(read.index)}`);
  if (read.key)
    args.push(keyword('Key', pyDict(read.key.map(([name, value]) => [name, pyValue(value, env, uses)]))));
  if (read.keyCondition) {
    const conditions = read.keyCondition.map((clause) => pyCondition('Key', clause, env, uses));
    args.push(keyword('KeyConditionExpression', pyAnd(conditions)));
  }
  if (read.filter)
    args.push(keyword('FilterExpression', pyAnd(read.filter.map((c) => pyCondition('Attr', c, env, uses)))));
  if (read.projection) {
    args.push(`ProjectionExpression=${pyString(read.projection.text)}`);
    const { names } = read.projection;
    if (names)
      args.push(
        keyword('ExpressionAttributeNames', pyDict(Object.entries(names).map(([k, v]) => [k, pyString(v)]))),
      );
  }
  if (read.scanIndexForward === false) args.push('ScanIndexForward=False');
  if (read.consistentRead) args.push('ConsistentRead=True');
  return args;
}

function call(method: string, args: Doc[]): Doc {
  return group(`table.${method}(`, args, ')');
}

function getItem(plan: PatternPlan, read: ReadPlan, uses: PythonUses): string {
  return [
    pyDef(plan.python.fn, patternSignature(plan), 'dict | None'),
    pyDocstring(
      patternDoc(plan, 'GetItem on the table: the item, or None when no item has the key.'),
      '    ',
    ),
    `    response = ${pyLayout(call('get_item', readArguments(plan, read, uses)), '    ', 15)}`,
    "    return response.get('Item')",
  ].join('\n');
}

function pages(plan: PatternPlan, read: ReadPlan, uses: PythonUses): string[] {
  const { fn, iterate } = plan.python;
  const method = read.operation === 'Query' ? 'query' : 'scan';
  const where = read.index === undefined ? 'the table' : `index ${read.index}`;
  const limit = read.limit === undefined ? 'None' : String(read.limit);
  const paging = [`limit: int | None = ${limit}`, 'exclusive_start_key: dict | None = None'];
  const args = [
    ...readArguments(plan, read, uses),
    `**${uses.helper('_paging')}(limit, exclusive_start_key)`,
  ];
  const page = [
    pyDef(fn, [...patternSignature(plan), '*', ...paging], 'dict'),
    pyDocstring(
      patternDoc(
        plan,
        `${read.operation} on ${where}, one page: {'items': [...], 'last_evaluated_key': ...}. Pass ` +
          `last_evaluated_key back as exclusive_start_key for the next page, or use ${iterate}.`,
      ),
      '    ',
    ),
    `    response = ${pyLayout(call(method, args), '    ', 15)}`,
    `    return ${pyLayout(
      pyDict([
        ['items', "response['Items']"],
        ['last_evaluated_key', "response.get('LastEvaluatedKey')"],
      ]),
      '    ',
      11,
    )}`,
  ];
  const forward = plan.params.map((p) => p.py);
  const next = group(`${fn}(`, [...forward, 'limit=limit', 'exclusive_start_key=start_key'], ')');
  const all = [
    pyDef(
      `${iterate}`,
      [...patternSignature(plan), '*', `limit: int | None = ${limit}`],
      `${uses.import('Iterator')}[dict]`,
    ),
    pyDocstring([`Every item of ${fn}, page after page, following LastEvaluatedKey.`], '    '),
    '    start_key = None',
    '    while True:',
    `        page = ${pyLayout(next, '        ', 15)}`,
    "        yield from page['items']",
    "        start_key = page['last_evaluated_key']",
    '        if start_key is None:',
    '            return',
  ];
  return [page.join('\n'), all.join('\n')];
}

export function pythonReadFunctions(plan: PatternPlan, read: ReadPlan, uses: PythonUses): string[] {
  return read.operation === 'GetItem' ? [getItem(plan, read, uses)] : pages(plan, read, uses);
}
