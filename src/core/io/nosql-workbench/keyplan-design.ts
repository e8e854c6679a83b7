// Reading back a model Keyplan exported: its `KeyplanDesign` (the design without items) plus the items of
// its facets. Trusted only when exporting that design again gives exactly the table in the file, so a model
// edited in Workbench afterwards is imported from its data instead, with the Keyplan templates offered as
// candidates where they still fit.

import { formatProblems, validateDesign } from '../../checks/validate.ts';
import { adjacentPlaceholders, fixedWidths, parseKey } from '../../keys/template.ts';
import { keyAttributeTypes, primaryKeyNames } from '../../model/indexes.ts';
import { type Design, designSchema, type Entity, type SampleValues } from '../../model/schema.ts';
import { isExactNumber, numberFromText } from '../../values/exact-json.ts';
import { copyFacetName, exportWorkbench } from './export.ts';
import type { WorkbenchTable } from './format.ts';
import { readRows, type TypedRow } from './rows.ts';

const keyplanDesignSchema = designSchema.omit({ items: true });

export type KeyplanDesignRead =
  | { trusted: true; design: Design }
  | { trusted: false; templates: Map<string, Record<string, string>> };

/** Plain JSON equality, whatever the order of object keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every(
    (key) =>
      Object.hasOwn(b, key) &&
      sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

function samplesOfFacets(
  design: Omit<Design, 'items'>,
  table: WorkbenchTable,
): Record<string, SampleValues[]> {
  const asDesign = { ...design, items: {} };
  const keyTypes = keyAttributeTypes(asDesign);
  const items: Record<string, SampleValues[]> = {};
  // An item copy's facet holds items derived from its entity's samples, which the entity's facet has.
  const copies = new Set(
    design.entities.flatMap((e) => (e.copies ?? []).map((copy) => copyFacetName(e.name, copy.name))),
  );
  for (const facet of table.TableFacets ?? []) {
    if (copies.has(facet.FacetName)) continue;
    // Rows that do not read cleanly make the re-export differ, which is how they are reported.
    const rows = readRows(facet.TableData ?? [], 'facet', {
      keyTypes,
      primaryKey: primaryKeyNames(asDesign),
      warn: () => {},
    });
    if (rows.length === 0) continue;
    const entity = design.entities.find((e) => e.name === facet.FacetName);
    // A natural key is an attribute of the entity; the rest of the keys and the type attribute are derived.
    const own = new Set(entity?.attributes.filter((a) => !a.keyOnly).map((a) => a.name));
    items[facet.FacetName] = rows.map((row) => {
      const sample: SampleValues = Object.fromEntries(
        [...row]
          .filter(([name]) => own.has(name) || (!keyTypes.has(name) && name !== design.table.typeAttribute))
          .map(([name, value]) => [name, value.value]),
      );
      if (entity) Object.assign(sample, keyOnlyValues(entity, row));
      return sample;
    });
  }
  return items;
}

/** The values of an entity's key-only attributes, read back from the keys of one item. */
function keyOnlyValues(entity: Entity, row: TypedRow): SampleValues {
  const keyOnly = new Map(entity.attributes.filter((a) => a.keyOnly).map((a) => [a.name, a.type]));
  const values: SampleValues = {};
  if (keyOnly.size === 0) return values;
  const widths = fixedWidths(entity.attributes);
  for (const [key, template] of Object.entries(entity.keys)) {
    // Touching placeholders cannot be split: such a key gives no values, and when no other key gives them
    // the design does not export back to the file, so it is imported from its data instead.
    if (adjacentPlaceholders(template, widths)) continue;
    const value = row.get(key)?.value;
    if (value === undefined || value === null || (typeof value === 'object' && !isExactNumber(value)))
      continue;
    for (const [name, text] of Object.entries(parseKey(template, String(value), widths) ?? {})) {
      const type = keyOnly.get(name);
      if (type && !(name in values)) values[name] = type === 'N' ? numberFromText(text) : text;
    }
  }
  return values;
}

export function readKeyplanDesign(
  raw: unknown,
  table: WorkbenchTable,
  rawTable: unknown,
  warn: (message: string) => void,
): KeyplanDesignRead {
  const parsed = keyplanDesignSchema.safeParse(raw);
  if (!parsed.success) {
    warn('KeyplanDesign is not a Keyplan design; the model is imported from its Workbench data alone');
    return { trusted: false, templates: new Map() };
  }
  const templates = new Map(parsed.data.entities.map((entity) => [entity.name, entity.keys]));
  const candidate = validateDesign({ ...parsed.data, items: samplesOfFacets(parsed.data, table) });
  const fallback = (why: string): KeyplanDesignRead => {
    warn(
      `${why}; the model is imported from its Workbench data, with Keyplan's templates where they still fit`,
    );
    return { trusted: false, templates };
  };
  if (!candidate.ok)
    return fallback(
      `KeyplanDesign does not match the model's items (${formatProblems(candidate.problems.slice(0, 1))})`,
    );
  const again = exportWorkbench(candidate.design).DataModel[0];
  if (!sameJson(again, rawTable)) return fallback('the model was changed after Keyplan exported it');
  return { trusted: true, design: candidate.design };
}
