// The writes that move one stored item to its new version, as low-level DynamoDB inputs, safe against
// concurrent writers: a new primary key is one TransactWriteItems that Puts the new item only if no item has
// that key yet and Deletes the old one only if it is still exactly the version that was read; a change of
// index keys (or other attributes) is an UpdateItem with the same condition on the old version. A writer
// that changed the item in between makes the condition fail: the backfill reads it again and retries, so
// its write is never overwritten with stale data.

import { primaryKeyNames } from '../../model/indexes.ts';
import type { Design } from '../../model/schema.ts';
import { findEntity } from '../../requests/pattern-arguments.ts';
import { declaredTypes } from '../../requests/typed-arguments.ts';
import type { PlainItem } from '../../values/item.ts';
import { type AttributeMap, type AttributeValue, marshallItem } from '../../values/marshall.ts';
import type { ItemOutcome } from './transform.ts';

export interface Condition {
  ConditionExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues?: Record<string, AttributeValue>;
}

export type BackfillWrite =
  | {
      kind: 'move';
      input: {
        TransactItems: [
          { Put: { TableName: string; Item: AttributeMap } & Condition },
          { Delete: { TableName: string; Key: AttributeMap } & Condition },
        ];
      };
    }
  | { kind: 'update'; input: { TableName: string; Key: AttributeMap; UpdateExpression: string } & Condition }
  | { kind: 'create'; input: { TableName: string; Item: AttributeMap } & Condition };

/** The condition that the item under this key is still exactly `before`: each of its attributes unchanged. */
export function versionCondition(before: AttributeMap, keyNames: string[]): Condition {
  const names: Record<string, string> = { '#k0': keyNames[0] };
  const values: Record<string, AttributeValue> = {};
  const parts = ['attribute_exists(#k0)'];
  let i = 0;
  for (const name of Object.keys(before).sort()) {
    if (keyNames.includes(name)) continue;
    names[`#v${i}`] = name;
    values[`:v${i}`] = before[name];
    parts.push(`#v${i} = :v${i}`);
    i++;
  }
  return {
    ConditionExpression: parts.join(' AND '),
    ExpressionAttributeNames: names,
    ...(i > 0 && { ExpressionAttributeValues: values }),
  };
}

function absent(keyName: string): Condition {
  return { ConditionExpression: 'attribute_not_exists(#k0)', ExpressionAttributeNames: { '#k0': keyName } };
}

/**
 * The writes for one outcome of the transformer (nothing for an unchanged item or a delete: removing what
 * the new design no longer has is a cleanup step, not part of the backfill). `stored` is the item exactly
 * as the Scan returned it, so the condition compares DynamoDB's own values.
 */
export function backfillWrites(
  tableName: string,
  newDesign: Design,
  outcome: ItemOutcome,
  stored: AttributeMap,
): BackfillWrite[] {
  const keyNames = primaryKeyNames(newDesign);
  const types = declaredTypes(newDesign, findEntity(newDesign, outcome.entity));
  const marshal = (item: PlainItem) => marshallItem(item, types);
  const key: AttributeMap = {};
  for (const name of keyNames) key[name] = stored[name];
  const writes: BackfillWrite[] = [];
  const after = outcome.after && marshal(outcome.after);
  if (outcome.action === 'rewrite' && after) {
    writes.push({
      kind: 'move',
      input: {
        TransactItems: [
          { Put: { TableName: tableName, Item: after, ...absent(keyNames[0]) } },
          { Delete: { TableName: tableName, Key: key, ...versionCondition(stored, keyNames) } },
        ],
      },
    });
  } else if ((outcome.action === 'indexKeys' || outcome.action === 'attributes') && after) {
    const condition = versionCondition(stored, keyNames);
    const names = { ...condition.ExpressionAttributeNames };
    const values = { ...condition.ExpressionAttributeValues };
    const set: string[] = [];
    const remove: string[] = [];
    outcome.changed.forEach((name, i) => {
      names[`#c${i}`] = name;
      if (after[name] === undefined) remove.push(`#c${i}`);
      else {
        values[`:c${i}`] = after[name];
        set.push(`#c${i} = :c${i}`);
      }
    });
    const expression = [
      set.length ? `SET ${set.join(', ')}` : '',
      remove.length ? `REMOVE ${remove.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join(' ');
    writes.push({
      kind: 'update',
      input: {
        TableName: tableName,
        Key: key,
        UpdateExpression: expression,
        ConditionExpression: condition.ConditionExpression,
        ExpressionAttributeNames: names,
        ...(Object.keys(values).length > 0 && { ExpressionAttributeValues: values }),
      },
    });
  }
  for (const { item } of outcome.creates)
    writes.push({
      kind: 'create',
      input: { TableName: tableName, Item: marshal(item), ...absent(keyNames[0]) },
    });
  return writes;
}
