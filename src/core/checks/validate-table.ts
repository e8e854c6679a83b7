// Reference checks of the table itself: unique index names, an LSI only on a table with a sort key, one type
// per key attribute name wherever it is a key, multi-attribute GSI keys, INCLUDE projections that include
// something, and a type attribute that is not a key.
import { checkGsiKeys } from '../model/key-conditions.ts';
import type { Design } from '../model/schema.ts';
import { duplicates } from './validate-refs.ts';

export function checkTable(design: Design, add: (path: string, message: string) => void) {
  const { table } = design;
  const indexNames = [...table.globalSecondaryIndexes, ...table.localSecondaryIndexes];
  for (const [i, name] of duplicates(indexNames, (x) => x.name)) {
    const isGsi = i < table.globalSecondaryIndexes.length;
    const path = isGsi
      ? `table.globalSecondaryIndexes[${i}]`
      : `table.localSecondaryIndexes[${i - table.globalSecondaryIndexes.length}]`;
    add(`${path}.name`, `duplicate index name "${name}"`);
  }
  if (table.localSecondaryIndexes.length > 0 && !table.sortKey) {
    add('table.localSecondaryIndexes', 'a local secondary index needs a table with a sort key');
  }
  // One attribute name must have one type wherever it is used as a key.
  const seen = new Map<string, string>();
  const visit = (path: string, key: { name: string; type: string } | undefined) => {
    if (!key) return;
    const type = seen.get(key.name);
    if (type && type !== key.type)
      add(`${path}.type`, `"${key.name}" is used as a key of type ${type} elsewhere`);
    seen.set(key.name, key.type);
  };
  visit('table.partitionKey', table.partitionKey);
  visit('table.sortKey', table.sortKey);
  table.globalSecondaryIndexes.forEach((gsi, i) => {
    visit(`table.globalSecondaryIndexes[${i}].partitionKey`, gsi.partitionKey);
    visit(`table.globalSecondaryIndexes[${i}].sortKey`, gsi.sortKey);
    gsi.partitionKeys?.forEach((key, j) =>
      visit(`table.globalSecondaryIndexes[${i}].partitionKeys[${j}]`, key),
    );
    gsi.sortKeys?.forEach((key, j) => visit(`table.globalSecondaryIndexes[${i}].sortKeys[${j}]`, key));
    checkGsiKeys(gsi, `table.globalSecondaryIndexes[${i}]`, add);
    if (gsi.projection.type === 'INCLUDE' && !gsi.projection.attributes?.length) {
      add(
        `table.globalSecondaryIndexes[${i}].projection.attributes`,
        'an INCLUDE projection needs at least one attribute',
      );
    }
  });
  table.localSecondaryIndexes.forEach((lsi, i) => {
    visit(`table.localSecondaryIndexes[${i}].sortKey`, lsi.sortKey);
    if (lsi.projection.type === 'INCLUDE' && !lsi.projection.attributes?.length) {
      add(
        `table.localSecondaryIndexes[${i}].projection.attributes`,
        'an INCLUDE projection needs at least one attribute',
      );
    }
  });
  if (seen.has(table.typeAttribute))
    add('table.typeAttribute', `"${table.typeAttribute}" is a key attribute`);
}
