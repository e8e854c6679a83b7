// Edits that start from an item in the grid: a new item in its partition, or a Query of that partition.
// The partition is the item's in a view (the table or an index), read through the entity's key template.
import { placeholders } from '../../keys/template.ts';
import { type ExactNumber, isExactNumber } from '../../values/exact-json.ts';
import { keySchemaFor, TABLE_INDEX } from '../indexes.ts';
import type { Design } from '../schema.ts';
import { addPattern } from './patterns.ts';
import { addSample } from './samples.ts';
import { DesignOpError, entityIndex } from './shared.ts';

/**
 * The entity's partition key template in the view (its copy's, for an item copy: entity.copies) and the
 * sample's values of its placeholders.
 */
function partitionOf(design: Design, entity: string, view: string, sampleIndex: number, copy?: string) {
  const owner = design.entities[entityIndex(design, entity)];
  const schema = keySchemaFor(design, view);
  if (!schema) throw new DesignOpError(`no index ${view}`);
  const keys = copy === undefined ? owner.keys : owner.copies?.find((c) => c.name === copy)?.keys;
  if (!keys) throw new DesignOpError(`${entity} has no copy ${copy}`);
  const template = keys[schema.partitionKey.name];
  const what = copy === undefined ? entity : `${entity}'s copy ${copy}`;
  if (template === undefined)
    throw new DesignOpError(
      `${what} has no ${schema.partitionKey.name} template, so no item of it is in ${view}`,
    );
  const sample = design.items[entity]?.[sampleIndex];
  if (!sample) throw new DesignOpError(`${entity} has no sample at position ${sampleIndex}`);
  // Placeholders render scalars: what a key template reads is a string, a number (every digit) or a boolean.
  const values: Record<string, string | number | ExactNumber | boolean> = {};
  for (const name of placeholders(template)) {
    const value = sample[name];
    if (value === undefined || value === null)
      throw new DesignOpError(`${entity} sample ${sampleIndex + 1} has no ${name}, so it is in no partition`);
    values[name] = typeof value === 'object' && !isExactNumber(value) ? JSON.stringify(value) : value;
  }
  return { template, values, index: schema.name === TABLE_INDEX ? undefined : schema.name };
}

/**
 * A new sample of the entity in the same partition: the values its partition key template reads are
 * copied, the rest left for the user (copying all of them would give the same primary key, and overwrite).
 */
export function addSampleToPartition(
  design: Design,
  entity: string,
  view: string,
  sampleIndex: number,
  copy?: string,
): Design {
  const { values } = partitionOf(design, entity, view, sampleIndex, copy);
  return addSample(design, entity, values);
}

/** A Query of the item's partition in the view, its placeholders the arguments and this item's values the example. */
export function addPartitionQuery(
  design: Design,
  entity: string,
  view: string,
  sampleIndex: number,
  copy?: string,
): Design {
  const { template, values, index } = partitionOf(design, entity, view, sampleIndex, copy);
  return addPattern(design, {
    name: `${entity} partition ${template}${index ? ` on ${index}` : ''}`,
    operation: 'Query',
    index,
    returns: [entity],
    keyCondition: { partition: template },
    example: values,
  });
}
