// Python for writes and multi-item reads. Single writes go through the resource Table with boto3 Attr
// conditions; transactions and batch reads through `table.meta.client`, which takes plain Python values
// (the resource converts them) but cannot place Attr conditions inside transaction items, so those carry
// the expression text, names and values that `keyplan run` sends.
import { concat, type Doc, group } from './layout.ts';
import type { ListPlan, PatternPlan } from './plan.ts';
import type { ActionPlan, GetPlan, ProjectionPlan } from './plan-writes.ts';
import { patternDoc, patternEnv, patternSignature, pyDef, pyDocstring, pyLayout } from './python-shared.ts';
import {
  type PythonUses,
  pyAnd,
  pyCondition,
  pyDict,
  pyLongString,
  pyString,
  pyValue,
} from './python-values.ts';
import { article, transactionDoc } from './text.ts';
import type { Expressions } from './values.ts';

function keyword(name: string, value: Doc): Doc {
  return concat(`${name}=`, value);
}

function keyDict(
  plan: PatternPlan,
  key: ActionPlan['key'],
  list: ListPlan | undefined,
  uses: PythonUses,
): Doc {
  const env = patternEnv(plan, list);
  return pyDict(key.map(([name, value]) => [name, pyValue(value, env, uses)]));
}

/** The build_* call of a put (of the entity's item or of its copy): each attribute from its argument. */
function buildCall(plan: PatternPlan, action: ActionPlan): Doc {
  const env = patternEnv(plan, action.list);
  const args = action.entity.attributes.map((a) => `${a.py}=${env(a.name).code}`);
  const build = action.copy?.python.build ?? action.entity.python.build;
  return group(`${build}(`, args, ')');
}

function conditionDoc(plan: PatternPlan, action: ActionPlan, uses: PythonUses): string | Doc | undefined {
  const { condition } = action;
  if (condition === undefined) return undefined;
  const partitionKey = action.key[0][0];
  if (condition === 'exists') return `${uses.import('Attr')}(${pyString(partitionKey)}).exists()`;
  if (condition === 'not-exists') return `${uses.import('Attr')}(${pyString(partitionKey)}).not_exists()`;
  return pyAnd(condition.map((clause) => pyCondition('Attr', clause, patternEnv(plan), uses)));
}

/** ExpressionAttributeNames and ExpressionAttributeValues as entries of a call or of a dict. */
function expressionEntries(
  plan: PatternPlan,
  expressions: Expressions,
  list: ListPlan | undefined,
  uses: PythonUses,
): [string, Doc][] {
  const env = patternEnv(plan, list);
  const entries: [string, Doc][] = [];
  if (expressions.names)
    entries.push([
      'ExpressionAttributeNames',
      pyDict(Object.entries(expressions.names).map(([k, v]) => [k, pyString(v)])),
    ]);
  if (expressions.values.length > 0)
    entries.push([
      'ExpressionAttributeValues',
      pyDict(expressions.values.map(([token, value]) => [token, pyValue(value, env, uses)])),
    ]);
  return entries;
}

function singleWrite(plan: PatternPlan, action: ActionPlan, uses: PythonUses): string[] {
  const condition = conditionDoc(plan, action, uses);
  const conditionArg = condition === undefined ? [] : [keyword('ConditionExpression', condition)];
  if (action.operation === 'PutItem') {
    return [
      `    item = ${pyLayout(buildCall(plan, action), '    ', 11)}`,
      `    ${pyLayout(group('table.put_item(', ['Item=item', ...conditionArg], ')'), '    ')}`,
      '    return item',
    ];
  }
  const args: Doc[] = [keyword('Key', keyDict(plan, action.key, undefined, uses))];
  if (action.operation === 'UpdateItem' && action.updateOnly) {
    args.push(keyword('UpdateExpression', pyLongString(action.updateOnly.update)), ...conditionArg);
    for (const [name, value] of expressionEntries(plan, action.updateOnly, undefined, uses))
      args.push(keyword(name, value));
  } else args.push(...conditionArg);
  const method = action.operation === 'UpdateItem' ? 'update_item' : 'delete_item';
  return [`    ${pyLayout(group(`table.${method}(`, args, ')'), '    ')}`];
}

const TRANSACT_NAMES = {
  PutItem: 'Put',
  UpdateItem: 'Update',
  DeleteItem: 'Delete',
  ConditionCheck: 'ConditionCheck',
};

function transactItem(plan: PatternPlan, action: ActionPlan, uses: PythonUses): Doc {
  const entries: [string, Doc][] = [['TableName', 'table.name']];
  if (action.operation === 'PutItem') entries.push(['Item', buildCall(plan, action)]);
  else entries.push(['Key', keyDict(plan, action.key, action.list, uses)]);
  const { update, condition } = action.expressions;
  if (update !== undefined) entries.push(['UpdateExpression', pyLongString(update)]);
  if (condition !== undefined) entries.push(['ConditionExpression', pyLongString(condition)]);
  entries.push(...expressionEntries(plan, action.expressions, action.list, uses));
  return pyDict([[TRANSACT_NAMES[action.operation], pyDict(entries)]]);
}

/** Items of a list: one per unit, a repeated unit as `*[… for x in xs]`. */
function listItems<T extends { list?: ListPlan }>(units: T[], item: (unit: T) => Doc): Doc[] {
  return units.map((unit) => {
    if (!unit.list) return item(unit);
    const comprehension = group('[', [item(unit), `for ${unit.list.pyItem} in ${unit.list.py}`], ']', {
      separator: ' ',
      trailing: '',
    });
    return units.length === 1 ? comprehension : concat('*', comprehension);
  });
}

function asList(items: Doc[], units: { list?: ListPlan }[]): Doc {
  return units.length === 1 && units[0].list ? items[0] : group('[', items, ']');
}

function transactGetItem(plan: PatternPlan, get: GetPlan, uses: PythonUses): Doc {
  const entries: [string, Doc][] = [
    ['TableName', 'table.name'],
    ['Key', keyDict(plan, get.key, get.list, uses)],
  ];
  entries.push(...projectionEntries(get.projection));
  return pyDict([['Get', pyDict(entries)]]);
}

function projectionEntries(projection: ProjectionPlan | undefined): [string, Doc][] {
  if (!projection) return [];
  const entries: [string, Doc][] = [['ProjectionExpression', pyString(projection.text)]];
  if (projection.names)
    entries.push([
      'ExpressionAttributeNames',
      pyDict(Object.entries(projection.names).map(([k, v]) => [k, pyString(v)])),
    ]);
  return entries;
}

function body(plan: PatternPlan, uses: PythonUses): { returns: string; what: string; lines: string[] } {
  const { request } = plan;
  switch (request.kind) {
    case 'write': {
      const { action } = request;
      const entity = action.entity.entity.name;
      const guard =
        action.condition === 'not-exists'
          ? ', only if no item has its key'
          : action.condition === 'exists'
            ? ', only if it exists'
            : action.condition
              ? ', only if its condition holds'
              : '';
      const failure = action.condition ? ' (ConditionalCheckFailedException otherwise)' : '';
      const what = `${action.operation} of ${article(entity)}${guard}${failure}.`;
      const put = action.operation === 'PutItem';
      return {
        returns: put ? 'dict' : 'None',
        what: put ? `${what} Returns the item written.` : what,
        lines: singleWrite(plan, action, uses),
      };
    }
    case 'transact-write': {
      const items = asList(
        listItems(request.actions, (a) => transactItem(plan, a, uses)),
        request.actions,
      );
      return {
        returns: 'None',
        what: transactionDoc(request),
        lines: [
          `    ${pyLayout(group('table.meta.client.transact_write_items(', [keyword('TransactItems', items)], ')'), '    ')}`,
        ],
      };
    }
    case 'transact-get': {
      const items = asList(
        listItems(request.gets, (g) => transactGetItem(plan, g, uses)),
        request.gets,
      );
      return {
        returns: 'list[dict | None]',
        what: 'TransactGetItems: one entry per get, in order, None where no item has the key.',
        lines: [
          `    response = ${pyLayout(group('table.meta.client.transact_get_items(', [keyword('TransactItems', items)], ')'), '    ', 15)}`,
          "    return [entry.get('Item') for entry in response['Responses']]",
        ],
      };
    }
    case 'batch-get': {
      const keys = asList(
        listItems(request.gets, (g) => keyDict(plan, g.key, g.list, uses)),
        request.gets,
      );
      const table: [string, Doc][] = [['Keys', 'keys'], ...projectionEntries(request.projection)];
      uses.import('time');
      return {
        returns: 'list[dict]',
        what: 'BatchGetItem: the items found, in no particular order; keys DynamoDB leaves unprocessed are asked again.',
        lines: [
          `    keys = ${uses.helper('_unique_keys')}(${pyLayout(keys, '    ', 23)})`,
          `    request = ${pyLayout(group('{', [concat('table.name: ', pyDict(table))], '}'), '    ', 14)}`,
          '    items = []',
          '    attempt = 0',
          '    while request:',
          '        response = table.meta.client.batch_get_item(RequestItems=request)',
          "        items.extend(response['Responses'].get(table.name, []))",
          "        request = response.get('UnprocessedKeys')",
          '        if request:',
          '            time.sleep(min(0.05 * 2**attempt, 1))',
          '            attempt += 1',
          '    return items',
        ],
      };
    }
    default:
      throw new Error(`not a write: ${request.kind}`);
  }
}

export function pythonWriteFunction(plan: PatternPlan, uses: PythonUses): string {
  const { returns, what, lines } = body(plan, uses);
  return [
    pyDef(plan.python.fn, patternSignature(plan), returns),
    pyDocstring(patternDoc(plan, what), '    '),
    ...lines,
  ].join('\n');
}
