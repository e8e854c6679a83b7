// GetItem, Query and Scan patterns for generated code: the key (GetItem), the key condition, filter and
// projection, with the expression text, names and values as core/requests/build.ts writes them (same
// builder, same order: key condition, filter, projection), and the flags DynamoDB reads.
import { isMultiAttribute, keySchemaFor, projectedAttributeNames } from '../../model/indexes.ts';
import type { AccessPattern, SortOperator } from '../../model/schema.ts';
import { RequestError } from '../../requests/errors.ts';
import type { EntityPlan } from './entities.ts';
import { type PatternContext, type ProjectionPlan, projectionOf } from './plan-writes.ts';
import {
  type ClausePlan,
  clausePlan,
  type Expressions,
  keyValue,
  operandCount,
  SymbolicExpressions,
  type ValueExpr,
} from './values.ts';

export interface ReadPlan {
  kind: 'read';
  operation: 'GetItem' | 'Query' | 'Scan';
  index?: string;
  /** GetItem: the table key. */
  key?: [string, ValueExpr][];
  /** Query: the key condition, for boto3's Key(). */
  partition?: [string, ValueExpr];
  sort?: { name: string; op: SortOperator; operands: ValueExpr[] };
  filter?: ClausePlan[];
  projection?: ProjectionPlan;
  scanIndexForward?: false;
  limit?: number;
  consistentRead?: true;
  /** The request's expressions as the core writes them. */
  expressions: Expressions & { keyCondition?: string; filter?: string; projection?: string };
  /** The entities the items are, and whether they may lack attributes (projection, index projection). */
  returns: { entities: EntityPlan[]; partial: boolean };
}

export function planRead(
  context: PatternContext,
  pattern: Extract<AccessPattern, { operation: 'GetItem' | 'Query' | 'Scan' }>,
): ReadPlan {
  const { design, typeOf } = context;
  const index = pattern.operation === 'GetItem' ? undefined : pattern.index;
  const schema = keySchemaFor(design, index);
  if (!schema) throw new RequestError(`pattern ${pattern.id} reads index "${index}", which does not exist`);
  const expressions = new SymbolicExpressions();
  const plan: ReadPlan = {
    kind: 'read',
    operation: pattern.operation,
    expressions: { values: [] },
    returns: { entities: [], partial: false },
  };
  if (index !== undefined) plan.index = index;
  const fields: ReadPlan['expressions'] = { values: [] };
  if (pattern.operation !== 'Scan') {
    const { partition, sort } = pattern.keyCondition;
    const { partitionKey, sortKey } = schema;
    if (partition === undefined || isMultiAttribute(schema))
      throw new RequestError(
        `pattern ${pattern.id} reads the multi-attribute key of ${index}: generated code does not cover multi-attribute key conditions yet`,
      );
    const pk = keyValue(partition, partitionKey.type, partitionKey.name, typeOf);
    if (sort && !sortKey)
      throw new RequestError(`pattern ${pattern.id}: ${index ?? 'the table'} has no sort key`);
    const bounds = sort && sortKey ? [sort.value, ...(sort.to === undefined ? [] : [sort.to])] : [];
    const sortOperands = bounds.map((bound) => keyValue(bound, sortKey!.type, sortKey!.name, typeOf));
    if (pattern.operation === 'GetItem') {
      if (sortKey && sort?.op !== '=')
        throw new RequestError(`a GetItem needs the full primary key: an "=" on ${sortKey.name}`);
      plan.key = [[partitionKey.name, pk]];
      if (sortKey) plan.key.push([sortKey.name, sortOperands[0]]);
    } else {
      plan.partition = [partitionKey.name, pk];
      fields.keyCondition = expressions.compare(partitionKey.name, '=', [pk], 'pk');
      if (sort && sortKey) {
        if (sortOperands.length < operandCount(sort.op))
          throw new RequestError(`${sort.op} on ${sortKey.name} needs two values`);
        plan.sort = {
          name: sortKey.name,
          op: sort.op,
          operands: sortOperands.slice(0, operandCount(sort.op)),
        };
        fields.keyCondition += ` AND ${expressions.compare(sortKey.name, sort.op, plan.sort.operands, 'sk')}`;
      }
    }
  }
  if (pattern.filter?.length && pattern.operation !== 'GetItem') {
    plan.filter = pattern.filter.map((clause) => clausePlan(clause, context.numeric));
    fields.filter = expressions.condition(plan.filter);
  }
  if (pattern.projection?.length) {
    fields.projection = expressions.projection(pattern.projection);
    plan.projection = projectionOf(pattern.projection);
  }
  plan.expressions = { ...fields, ...expressions.result() };
  if (pattern.operation !== 'GetItem' && pattern.scanIndexForward === false) plan.scanIndexForward = false;
  if (pattern.operation !== 'GetItem' && pattern.limit !== undefined) plan.limit = pattern.limit;
  if (pattern.consistentRead) plan.consistentRead = true;
  plan.returns = {
    entities: (pattern.returns ?? []).flatMap((name) =>
      context.entities.filter((e) => e.entity.name === name),
    ),
    partial: Boolean(pattern.projection?.length) || projectedAttributeNames(design, schema) !== undefined,
  };
  return plan;
}
