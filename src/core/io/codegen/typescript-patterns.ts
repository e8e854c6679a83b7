// TypeScript for access patterns: an args interface and a function per pattern, sending the request
// `keyplan run` sends (same expressions, names, values and field order), plus for Query and Scan an
// input builder and an iterate* generator over paginateQuery / paginateScan.
import type { EntityPlan } from './entities.ts';
import { concat, type Doc, group } from './layout.ts';
import type { ListPlan, ParamPlan, PatternPlan, ReadPlan } from './plan.ts';
import type { ActionPlan, GetPlan, ProjectionPlan } from './plan-writes.ts';
import { sentence, transactionDoc } from './text.ts';
import {
  type TypescriptEnv,
  type TypescriptUses,
  tsAccess,
  tsArray,
  tsDoc,
  tsKey,
  tsLayout,
  tsObject,
  tsString,
  tsType,
  tsValue,
} from './typescript-values.ts';
import type { Expressions, ValueExpr } from './values.ts';

function env(plan: PatternPlan, list?: ListPlan): TypescriptEnv {
  return (name) => {
    const field = list?.fields.find((f) => f.name === name);
    if (list && field)
      return { code: list.fields.length === 1 ? list.tsItem : tsAccess(list.tsItem, name), type: field.type };
    const param = plan.params.find((p) => p.name === name);
    return { code: param ? tsAccess('args', name) : 'undefined', type: param?.type ?? 'S' };
  };
}

function hasArgs(plan: PatternPlan): boolean {
  return plan.params.length + plan.lists.length > 0;
}

function field(param: ParamPlan): string {
  return `${tsKey(param.name)}${param.required ? '' : '?'}: ${tsType(param.type, param.enum)}`;
}

function argsInterface(plan: PatternPlan): string {
  const lists = plan.lists.map((list) => {
    const element =
      list.fields.length === 1
        ? tsType(list.fields[0].type, list.fields[0].enum)
        : `{ ${list.fields.map(field).join('; ')} }`;
    const type = list.fields.length === 1 ? tsArray(element) : `${element}[]`;
    return `  ${tsKey(list.ts)}: ${type};`;
  });
  const required = plan.params.filter((p) => p.required).map((p) => `  ${field(p)};`);
  const optional = plan.params.filter((p) => !p.required).map((p) => `  ${field(p)};`);
  return [`export interface ${plan.typescript.args} {`, ...required, ...lists, ...optional, '}'].join('\n');
}

function expressionEntries(
  expressions: Expressions,
  e: TypescriptEnv,
  uses: TypescriptUses,
): [string, Doc][] {
  const entries: [string, Doc][] = [];
  if (expressions.names)
    entries.push([
      'ExpressionAttributeNames',
      tsObject(Object.entries(expressions.names).map(([k, v]) => [k, tsString(v)])),
    ]);
  if (expressions.values.length)
    entries.push([
      'ExpressionAttributeValues',
      tsObject(expressions.values.map(([token, value]) => [token, tsValue(value, e, uses)])),
    ]);
  return entries;
}

function keyObject(key: [string, ValueExpr][], e: TypescriptEnv, uses: TypescriptUses): Doc {
  return tsObject(key.map(([name, value]) => [name, tsValue(value, e, uses)]));
}

function projectionEntries(projection: ProjectionPlan | undefined): [string, Doc][] {
  if (!projection) return [];
  const entries: [string, Doc][] = [['ProjectionExpression', tsString(projection.text)]];
  if (projection.names)
    entries.push([
      'ExpressionAttributeNames',
      tsObject(Object.entries(projection.names).map(([k, v]) => [k, tsString(v)])),
    ]);
  return entries;
}

/** The item type a read gives: the records of its `returns` entities (Partial when projected), else Item. */
function itemType(entities: EntityPlan[], partial: boolean): string {
  if (entities.length === 0) return 'Item';
  return entities.map((e) => (partial ? `Partial<${e.typescript.record}>` : e.typescript.record)).join(' | ');
}

function signature(
  plan: PatternPlan,
  name: string,
  extra: string[],
  returns: string,
  prefix = 'export async function',
): string {
  const params = [
    'client: DynamoDBDocumentClient',
    ...(hasArgs(plan) ? [`args: ${plan.typescript.args}`] : []),
    ...extra,
  ];
  return tsLayout(
    group(`${prefix} ${name}(`, params, `): ${returns} {`, { flatClose: `): ${returns} {` }),
    '',
  );
}

function doc(plan: PatternPlan, what: string): string {
  const { pattern } = plan;
  return tsDoc([
    sentence(pattern.name),
    ...(pattern.description ? [sentence(pattern.description)] : []),
    what,
  ]);
}

function statement(prefix: string, value: Doc, suffix = ';'): string {
  return `  ${prefix}${tsLayout(value, '  ', 2 + prefix.length, suffix.length)}${suffix}`;
}

function readFunctions(plan: PatternPlan, read: ReadPlan, uses: TypescriptUses): string[] {
  const e = env(plan);
  const entries: [string, Doc][] = [['TableName', 'TABLE_NAME']];
  if (read.index !== undefined) entries.push(['IndexName', tsString(read.index)]);
  const type = itemType(read.returns.entities, read.returns.partial);
  const { expressions } = read;
  if (read.operation === 'GetItem') {
    entries.push(['Key', keyObject(read.key ?? [], e, uses)]);
    if (expressions.projection) entries.push(['ProjectionExpression', tsString(expressions.projection)]);
    entries.push(...expressionEntries(expressions, e, uses));
    if (read.consistentRead) entries.push(['ConsistentRead', 'true']);
    return [
      [
        doc(plan, 'GetItem on the table: the item, or undefined when no item has the key.'),
        signature(plan, plan.typescript.fn, [], `Promise<${type} | undefined>`),
        statement(
          'const response = await client.send(',
          concat(`new ${uses.import('GetCommand')}(`, tsObject(entries), ')'),
          ');',
        ),
        `  return response.Item as ${type} | undefined;`,
        '}',
      ].join('\n'),
    ];
  }
  if (expressions.keyCondition) entries.push(['KeyConditionExpression', tsString(expressions.keyCondition)]);
  if (expressions.filter) entries.push(['FilterExpression', tsString(expressions.filter)]);
  if (expressions.projection) entries.push(['ProjectionExpression', tsString(expressions.projection)]);
  entries.push(...expressionEntries(expressions, e, uses));
  if (read.scanIndexForward === false) entries.push(['ScanIndexForward', 'false']);
  entries.push(['Limit', read.limit === undefined ? 'page.limit' : `page.limit ?? ${read.limit}`]);
  entries.push(['ExclusiveStartKey', 'page.exclusiveStartKey']);
  if (read.consistentRead) entries.push(['ConsistentRead', 'true']);
  const query = read.operation === 'Query';
  const command = uses.import(query ? 'QueryCommand' : 'ScanCommand');
  const inputType = uses.import(query ? 'QueryCommandInput' : 'ScanCommandInput');
  const paginate = uses.import(query ? 'paginateQuery' : 'paginateScan');
  const { fn, iterate, input } = plan.typescript;
  const args = hasArgs(plan) ? 'args, ' : '';
  const where = read.index === undefined ? 'the table' : `index ${read.index}`;
  return [
    [
      doc(
        plan,
        `${read.operation} on ${where}, one page: pass lastEvaluatedKey back as exclusiveStartKey for the next, or use ${iterate}.`,
      ),
      signature(plan, fn, ['page: Page = {}'], `Promise<ItemPage<${type}>>`),
      `  const response = await client.send(new ${command}(${input}(${args}page)));`,
      statement(
        'return ',
        tsObject([
          ['items', `(response.Items ?? []) as ${tsArray(type)}`],
          ['lastEvaluatedKey', 'response.LastEvaluatedKey'],
        ]),
      ),
      '}',
    ].join('\n'),
    [
      tsDoc([`Every item of ${fn}, page after page: ${paginate} follows LastEvaluatedKey.`]),
      signature(
        plan,
        `${iterate}`,
        ['pageSize?: number'],
        `AsyncGenerator<${type}>`,
        'export async function*',
      ),
      `  const input = ${input}(${args}{ limit: pageSize });`,
      `  for await (const response of ${paginate}({ client }, input)) {`,
      `    yield* (response.Items ?? []) as ${tsArray(type)};`,
      '  }',
      '}',
    ].join('\n'),
    [
      `function ${input}(${hasArgs(plan) ? `args: ${plan.typescript.args}, ` : ''}page: Page): ${inputType} {`,
      statement('return ', tsObject(entries)),
      '}',
    ].join('\n'),
  ];
}

const TRANSACT_NAMES = {
  PutItem: 'Put',
  UpdateItem: 'Update',
  DeleteItem: 'Delete',
  ConditionCheck: 'ConditionCheck',
};

/** The fields of a write, in the order of the core's request. */
function writeEntries(
  plan: PatternPlan,
  action: ActionPlan,
  uses: TypescriptUses,
  item?: string,
): [string, Doc][] {
  const e = env(plan, action.list);
  const entries: [string, Doc][] = [['TableName', 'TABLE_NAME']];
  if (action.operation === 'PutItem') entries.push(['Item', item ?? buildCall(plan, action)]);
  else entries.push(['Key', keyObject(action.key, e, uses)]);
  const { update, condition } = action.expressions;
  if (update !== undefined) entries.push(['UpdateExpression', tsString(update)]);
  if (condition !== undefined) entries.push(['ConditionExpression', tsString(condition)]);
  entries.push(...expressionEntries(action.expressions, e, uses));
  return entries;
}

function buildCall(plan: PatternPlan, action: ActionPlan): Doc {
  const e = env(plan, action.list);
  return concat(
    `${action.copy?.typescript.build ?? action.entity.typescript.build}(`,
    tsObject(action.entity.entity.attributes.map((a) => [a.name, e(a.name).code])),
    ')',
  );
}

/** Items of an array: one per unit, a repeated unit as `...args.xs.map((x) => (…))`. */
function arrayItems<T extends { list?: ListPlan }>(units: T[], item: (unit: T) => Doc): Doc[] {
  return units.map((unit) => {
    if (!unit.list) return item(unit);
    const spread = units.length === 1 ? '' : '...';
    return concat(
      `${spread}${tsAccess('args', unit.list.ts)}.map((${unit.list.tsItem}) => (`,
      item(unit),
      '))',
    );
  });
}

function asArray(items: Doc[], units: { list?: ListPlan }[]): Doc {
  return units.length === 1 && units[0].list ? items[0] : group('[', items, ']');
}

function writeFunction(plan: PatternPlan, uses: TypescriptUses): string {
  const { request } = plan;
  const lines: string[] = [];
  let returns = 'Promise<void>';
  let what = '';
  switch (request.kind) {
    case 'write': {
      const { action } = request;
      const command = uses.import(
        {
          PutItem: 'PutCommand',
          UpdateItem: 'UpdateCommand',
          DeleteItem: 'DeleteCommand',
          ConditionCheck: 'PutCommand',
        }[action.operation],
      );
      const failure = action.condition ? ' (ConditionalCheckFailedException when its condition fails)' : '';
      what = `${action.operation} of ${action.entity.entity.name}${failure}.`;
      if (action.operation === 'PutItem') {
        returns = `Promise<${action.entity.typescript.record}>`;
        what += ' Returns the item written.';
        lines.push(statement('const item = ', buildCall(plan, action)));
        lines.push(
          statement(
            'await client.send(',
            concat(`new ${command}(`, tsObject(writeEntries(plan, action, uses, 'item')), ')'),
            ');',
          ),
        );
        lines.push('  return item;');
      } else
        lines.push(
          statement(
            'await client.send(',
            concat(`new ${command}(`, tsObject(writeEntries(plan, action, uses)), ')'),
            ');',
          ),
        );
      break;
    }
    case 'transact-write': {
      what = transactionDoc(request);
      const items = arrayItems(request.actions, (a) =>
        tsObject([[TRANSACT_NAMES[a.operation], tsObject(writeEntries(plan, a, uses))]]),
      );
      const input = tsObject([['TransactItems', asArray(items, request.actions)]]);
      lines.push(
        statement(
          'await client.send(',
          concat(`new ${uses.import('TransactWriteCommand')}(`, input, ')'),
          ');',
        ),
      );
      break;
    }
    case 'transact-get': {
      what = 'TransactGetItems: one entry per get, in order, undefined where no item has the key.';
      // Each get's own projection decides whether its items may lack attributes.
      const types = request.gets.map((g) => itemType([g.entity], g.projection !== undefined));
      const type = [...new Set(types)].join(' | ');
      returns = `Promise<(${type} | undefined)[]>`;
      const items = arrayItems(request.gets, (g) => tsObject([['Get', tsObject(getEntries(plan, g, uses))]]));
      const input = tsObject([['TransactItems', asArray(items, request.gets)]]);
      lines.push(
        statement(
          'const response = await client.send(',
          concat(`new ${uses.import('TransactGetCommand')}(`, input, ')'),
          ');',
        ),
      );
      lines.push(
        '  const items = (response.Responses ?? []).map((entry) => entry.Item);',
        `  return items as ${tsArray(`${type} | undefined`)};`,
      );
      break;
    }
    case 'batch-get': {
      what =
        'BatchGetItem: the items found, in no particular order; keys DynamoDB leaves unprocessed are asked again.';
      const type = itemType(uniqueEntities(request.gets), request.projection !== undefined);
      returns = `Promise<${tsArray(type)}>`;
      const keys = asArray(
        arrayItems(request.gets, (g) => keyObject(g.key, env(plan, g.list), uses)),
        request.gets,
      );
      const table = tsObject([
        ['Keys', concat(`${uses.helper('uniqueKeys')}(`, keys, ')')],
        ...projectionEntries(request.projection),
      ]);
      uses.import('BatchGetCommandInput');
      const requestItems = group('{', [concat('[TABLE_NAME]: ', table)], '}', {
        flatOpen: '{ ',
        flatClose: ' }',
      });
      lines.push(statement("let request: BatchGetCommandInput['RequestItems'] = ", requestItems));
      lines.push(
        '  const items: Item[] = [];',
        '  for (let attempt = 0; request && Object.keys(request).length > 0; attempt++) {',
        '    if (attempt > 0) {',
        '      // Back off before asking again for what DynamoDB left unprocessed.',
        '      await new Promise((resolve) => setTimeout(resolve, Math.min(50 * 2 ** attempt, 1000)));',
        '    }',
        `    const response: ${uses.import('BatchGetCommandOutput')} = await client.send(`,
        `      new ${uses.import('BatchGetCommand')}({ RequestItems: request }),`,
        '    );',
        '    items.push(...(response.Responses?.[TABLE_NAME] ?? []));',
        '    request = response.UnprocessedKeys;',
        '  }',
        `  return items as ${tsArray(type)};`,
      );
      break;
    }
    default:
      throw new Error(`not a write: ${request.kind}`);
  }
  return [doc(plan, what), signature(plan, plan.typescript.fn, [], returns), ...lines, '}'].join('\n');
}

function getEntries(plan: PatternPlan, get: GetPlan, uses: TypescriptUses): [string, Doc][] {
  return [
    ['TableName', 'TABLE_NAME'],
    ['Key', keyObject(get.key, env(plan, get.list), uses)],
    ...projectionEntries(get.projection),
  ];
}

function uniqueEntities(gets: GetPlan[]): EntityPlan[] {
  return [...new Set(gets.map((g) => g.entity))];
}

export function typescriptPatternFunctions(plan: PatternPlan, uses: TypescriptUses): string[] {
  const declarations = hasArgs(plan) ? [argsInterface(plan)] : [];
  const functions =
    plan.request.kind === 'read' ? readFunctions(plan, plan.request, uses) : [writeFunction(plan, uses)];
  return [...declarations, ...functions];
}
