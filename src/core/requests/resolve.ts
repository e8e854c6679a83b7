// From an access pattern and its arguments to concrete values: the ReadSpec that the request builder and
// the evaluator both consume, and a key template rendered as a key. Which arguments a pattern needs is
// pattern-arguments.ts, how CLI strings become typed values typed-arguments.ts, clauses resolve-clauses.ts.

import { placeholders, RenderTooLongError, renderKeyValue } from '../keys/template.ts';
import { keySchemaFor } from '../model/indexes.ts';
import { keyConditionParts } from '../model/key-conditions.ts';
import { isReadPattern } from '../model/read-pattern.ts';
import type { AccessPattern, Design, KeyType } from '../model/schema.ts';
import type { KeyValue } from '../values/item.ts';
import { RequestError } from '../values/request-error.ts';
import { type ArgumentValues, patternArguments, requireArguments } from './pattern-arguments.ts';
import type { ReadSpec } from './read-spec.ts';
import { resolveClauses, shortened } from './resolve-clauses.ts';
import { coerceArguments } from './typed-arguments.ts';

/** A key template rendered as a key of this type; a RequestError when it cannot be (a list, not a number). */
export function renderKey(template: string, args: ArgumentValues, type: KeyType, keyName: string): KeyValue {
  let value: KeyValue | undefined;
  try {
    value = renderKeyValue(template, args, type);
  } catch (error) {
    if (error instanceof RenderTooLongError)
      throw new RequestError(
        `${keyName} "${shortened(template)}" ${error.message}, longer than any DynamoDB key`,
      );
    throw error;
  }
  if (value === undefined) {
    const used = placeholders(template).map((name) => `${name}=${JSON.stringify(args[name])}`);
    throw new RequestError(
      `${keyName} "${template}" cannot be rendered as type ${type} from ${used.join(', ')}`,
    );
  }
  return value;
}

/**
 * The read a GetItem, Query or Scan pattern makes with these arguments, typed once as the design declares
 * them: the one resolution the editor, the grid, the worker, the server and the dock share.
 */
export function resolvePattern(design: Design, pattern: AccessPattern, args: ArgumentValues): ReadSpec {
  return resolveTypedRead(design, pattern, coerceArguments(design, args));
}

/** resolvePattern of arguments already typed (buildRequest types them once for reads and writes alike). */
export function resolveTypedRead(design: Design, pattern: AccessPattern, values: ArgumentValues): ReadSpec {
  if (!isReadPattern(pattern))
    throw new RequestError(`pattern ${pattern.id} is a ${pattern.operation}, not a read`);
  requireArguments(pattern, patternArguments(design, pattern), values);
  const index = pattern.operation === 'GetItem' ? undefined : pattern.index;
  const schema = keySchemaFor(design, index);
  if (!schema) throw new RequestError(`pattern ${pattern.id} reads index "${index}", which does not exist`);
  const spec: ReadSpec = { operation: pattern.operation };
  if (index !== undefined) spec.index = index;
  if (pattern.operation !== 'Scan') {
    if (pattern.keyCondition.sort && !schema.sortKey)
      throw new RequestError(`pattern ${pattern.id}: ${index ?? 'the table'} has no sort key`);
    // Lists aligned with the index's key attributes: a single key is a list of one.
    const { partition, sort } = keyConditionParts(schema, pattern.keyCondition);
    const partitionValues = partition.map(({ attribute: { name, type }, template }) =>
      renderKey(template, values, type, name),
    );
    if (schema.partitionKeys.length > 1) spec.partitionKeys = partitionValues;
    else spec.partition = partitionValues[0];
    const last = sort[sort.length - 1];
    if (last) {
      const { name, type } = last.attribute;
      spec.sort = { op: last.op, value: renderKey(last.value, values, type, name) };
      if (last.to !== undefined) spec.sort.to = renderKey(last.to, values, type, name);
      if (sort.length > 1)
        spec.sortPrefix = sort
          .slice(0, -1)
          .map(({ attribute: { name, type }, value }) => renderKey(value, values, type, name));
    }
  }
  if (pattern.scanIndexForward !== undefined) spec.scanIndexForward = pattern.scanIndexForward;
  if (pattern.limit !== undefined) spec.limit = pattern.limit;
  if (pattern.consistentRead !== undefined) spec.consistentRead = pattern.consistentRead;
  if (pattern.filter?.length) spec.filter = resolveClauses(design, pattern.filter, values);
  if (pattern.projection?.length) spec.projection = [...pattern.projection];
  return spec;
}
