// Designs and items for the view and evaluator tests: the online-store example (fixtures/examples), and bare tables
// whose items are given whole (so a test controls every key value, type and tie).
import onlineStoreJson from '../../../fixtures/examples/online-store.keyplan.json';
import { validateDesign } from '../checks/validate.ts';
import { type Design, type DesignInput, designSchema } from '../model/schema.ts';
import type { DerivedItem, PlainItem } from '../values/item.ts';

/** The shared online-store example, validated; `mutate` edits the raw document first. */
export function onlineStore(mutate?: (doc: typeof onlineStoreJson) => void): Design {
  const doc = structuredClone(onlineStoreJson);
  mutate?.(doc);
  const result = validateDesign(doc);
  if (!result.ok) throw new Error(result.problems.map((p) => `${p.path}: ${p.message}`).join('\n'));
  return result.design;
}

/** A design with this table and one entity, Thing, that declares `attributes`. */
export function tableDesign(
  table: Omit<DesignInput['table'], 'name'>,
  attributes: { name: string; type: 'S' | 'N' | 'B' | 'SS' | 'L' }[] = [],
): Design {
  return designSchema.parse({
    format: 'keyplan/1',
    name: 'test',
    table: { name: 'TestTable', ...table },
    entities: [{ name: 'Thing', attributes, keys: {} }],
  });
}

/** Whole items as if derived from Thing's samples, in this order. */
export function things(items: PlainItem[]): DerivedItem[] {
  return items.map((item, rank) => ({ entity: 'Thing', rank, item }));
}
