// GetItem, Query and Scan patterns for generated code: the key (GetItem), the key condition, filter and
// projection, with the expression text, names and values as core/requests/build.ts writes them (same
// builder, same order: key condition, filter, projection), and the flags DynamoDB reads.
import { isMultiAttribute, keySchemaFor, projectedAttributeNames } from '../../model/indexes.ts';
import { keyConditionParts } from '../../model/key-conditions.ts';
import type { AccessPattern } from '../../model/schema.ts';
import { RequestError } from '../../values/request-error.ts';
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
  /** Query: the key condition's clauses in order (each partition attribute `=`, then the sort ones), for boto3's Key(). */
  keyCondition?: ClausePlan[];
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
    if (pattern.keyCondition.sort && !schema.sortKey)
      throw new RequestError(`pattern ${pattern.id}: ${index ?? 'the table'} has no sort key`);
    // Aligned with the key attributes, whichever spelling the pattern uses: each partition attribute with
    // "=", then the sort attributes given, left to right (a range condition only on the last).
    const { partition, sort } = keyConditionParts(schema, pattern.keyCondition);
    if (partition.length === 0) throw new RequestError(`a ${pattern.operation} needs a partition key value`);
    const clauses: ClausePlan[] = [
      ...partition.map(({ attribute, template }) => ({
        attribute: attribute.name,
        op: '=' as const,
        operands: [keyValue(template, attribute.type, attribute.name, typeOf)],
      })),
      ...sort.map(({ attribute, op, value, to }) => {
        const bounds = (to === undefined ? [value] : [value, to]).map((bound) =>
          keyValue(bound, attribute.type, attribute.name, typeOf),
        );
        if (bounds.length < operandCount(op))
          throw new RequestError(`${op} on ${attribute.name} needs two values`);
        return { attribute: attribute.name, op, operands: bounds.slice(0, operandCount(op)) };
      }),
    ];
    if (pattern.operation === 'GetItem') {
      if (schema.sortKey && sort[0]?.op !== '=')
        throw new RequestError(`a GetItem needs the full primary key: an "=" on ${schema.sortKey.name}`);
      plan.key = clauses.map((clause): [string, ValueExpr] => [clause.attribute, clause.operands[0]]);
    } else {
      plan.keyCondition = clauses;
      // build.ts names a single key's values :pk and :sk, a multi-attribute key's after each attribute.
      const multi = isMultiAttribute(schema);
      fields.keyCondition = clauses
        .map((clause, i) =>
          expressions.compare(
            clause.attribute,
            clause.op,
            clause.operands,
            multi ? undefined : i === 0 ? 'pk' : 'sk',
          ),
        )
        .join(' AND ');
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
