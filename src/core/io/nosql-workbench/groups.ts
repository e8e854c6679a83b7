// Which items belong to which entity. A model says it in one of three ways, tried in this order:
// facets (each with its own items; table items not in a facet go to the facet whose name their type
// attribute holds, else whose key prefixes they share), a ModelSchema (items grouped by the visualizer's
// `type` attribute), or an attribute that names each item's type (`EntityType`, `type`…). Items matched by
// none form one entity named after the table.
import type { WorkbenchFacet } from './format.ts';
import type { TemplateCandidate } from './infer-keys.ts';
import { isUnset, type ModelSchemaInfo, VISUALIZER_TYPE_ATTRIBUTE } from './model-schema.ts';
import { primaryKeyId, type TypedRow } from './rows.ts';

export interface EntityGroup {
  /** The facet or type name as the model spells it. */
  label: string;
  rows: TypedRow[];
  /** Attribute names the model declares for this group, in its order (they may hold no value). */
  declared: string[];
  /** Key attribute name → what a facet's key alias says of its value ("AccountId", "ITEMS#ItemID"). */
  aliases: Map<string, string>;
  /** Key attribute name → templates the model writes for it. */
  candidates: Map<string, TemplateCandidate[]>;
  /** The items no facet or type claims, named after the table. */
  unclaimed?: true;
}

export interface GroupingInput {
  facets: { facet: WorkbenchFacet; rows: TypedRow[] }[];
  tableRows: TypedRow[];
  schema?: ModelSchemaInfo;
  keyNames: ReadonlySet<string>;
  /** The table's partition key name, then its sort key name when it has one. */
  primaryKey: readonly string[];
  tableName: string;
  warn: (message: string) => void;
}

/** Attribute names that, lowercased, usually hold an item's type; earlier ones win. */
const TYPE_ATTRIBUTE_NAMES = [
  'entitytype',
  'entity_type',
  'type',
  '_type',
  '__typename',
  '_et',
  'kind',
  'entity',
  'recordtype',
  'itemtype',
];

function emptyGroup(label: string): EntityGroup {
  return { label, rows: [], declared: [], aliases: new Map(), candidates: new Map() };
}

function stringValue(row: TypedRow, name: string): string | undefined {
  const value = row.get(name);
  return value?.type === 'S' ? (value.value as string) : undefined;
}

/**
 * A facet's key alias: a template ("USER#{id}", or "USER#<id>"), or names for the parts of the key's value
 * ("AccountId", "SubId#SKU"), which key inference reads against the items (infer-keys.ts).
 */
function readAlias(group: EntityGroup, keyName: string | undefined, alias: string | undefined): void {
  if (!keyName || !alias || alias === keyName) return;
  const template = alias.includes('{') ? alias : alias.replace(/<([^<>]+)>/g, '{$1}');
  if (template.includes('{')) group.candidates.set(keyName, [{ template, source: 'the facet key alias' }]);
  else group.aliases.set(keyName, alias);
}

/** The start all values share, up to and including its last "#" ("c#" for "c#1", "c#2"). */
function sharedPrefix(values: string[]): string {
  if (values.length === 0 || values.some((v) => !v.includes('#'))) return '';
  let prefix = values[0];
  for (const value of values) while (!value.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix.slice(0, prefix.lastIndexOf('#') + 1);
}

function sameRow(a: TypedRow, b: TypedRow): boolean {
  const json = (row: TypedRow) => JSON.stringify([...row].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));
  return json(a) === json(b);
}

function facetGroups(input: GroupingInput): EntityGroup[] {
  const [pk, sk] = input.primaryKey;
  const groups = input.facets.map(({ facet, rows }) => {
    const group = emptyGroup(facet.FacetName);
    group.rows = [...rows];
    group.declared = (facet.NonKeyAttributes ?? []).filter((name) => !input.keyNames.has(name));
    readAlias(group, pk, facet.KeyAttributeAlias?.PartitionKeyAlias);
    readAlias(group, sk, facet.KeyAttributeAlias?.SortKeyAlias);
    return group;
  });
  const listed = new Map(
    groups.flatMap((g) => g.rows.map((row) => [primaryKeyId(row, input.primaryKey), row] as const)),
  );
  const prefixes = groups.map((group) =>
    input.primaryKey.map((name) => sharedPrefix(group.rows.map((row) => stringValue(row, name) ?? ''))),
  );
  /** The facet whose key prefixes the item shares, the longest prefixes winning. */
  const byPrefix = (row: TypedRow): EntityGroup | undefined => {
    let best: EntityGroup | undefined;
    let longest = 0;
    groups.forEach((group, g) => {
      const keys = input.primaryKey.map((name) => stringValue(row, name) ?? '');
      const length = prefixes[g].join('').length;
      if (length > longest && prefixes[g].every((prefix, k) => keys[k].startsWith(prefix))) {
        best = group;
        longest = length;
      }
    });
    return best;
  };
  const leftover: TypedRow[] = [];
  for (const row of input.tableRows) {
    const inFacet = listed.get(primaryKeyId(row, input.primaryKey));
    if (inFacet) {
      // The same item listed twice: once is enough, unless the copies differ.
      if (!sameRow(row, inFacet))
        input.warn(
          `${row.where}: the same primary key as ${inFacet.where}, with other values; the facet's copy kept, this one dropped`,
        );
      continue;
    }
    const typeValues = [...row.keys()]
      .filter((name) => TYPE_ATTRIBUTE_NAMES.includes(name.toLowerCase()))
      .map((name) => stringValue(row, name)?.toLowerCase());
    const target = groups.find((group) => typeValues.includes(group.label.toLowerCase())) ?? byPrefix(row);
    if (target) target.rows.push(row);
    else leftover.push(row);
  }
  return [...groups, ...withLeftover(input, leftover)];
}

function schemaGroups(input: GroupingInput, schema: ModelSchemaInfo): EntityGroup[] {
  const byName = new Map<string, EntityGroup>();
  for (const model of schema.models) {
    const group = emptyGroup(model.name);
    for (const [field, spec] of model.fields) {
      if (!input.keyNames.has(field)) group.declared.push(field);
      else if (spec.template)
        group.candidates.set(field, [{ template: spec.template, source: 'ModelSchema' }]);
    }
    byName.set(model.name, group);
  }
  return byAttribute(input, VISUALIZER_TYPE_ATTRIBUTE, byName);
}

/** Groups by the value of `attribute`, starting from `groups` (a type no group has yet gets its own). */
function byAttribute(
  input: GroupingInput,
  attribute: string,
  groups = new Map<string, EntityGroup>(),
): EntityGroup[] {
  const leftover: TypedRow[] = [];
  for (const row of input.tableRows) {
    const value = stringValue(row, attribute);
    if (value === undefined || value === '' || isUnset(value)) {
      leftover.push(row);
      continue;
    }
    if (!groups.has(value)) groups.set(value, emptyGroup(value));
    groups.get(value)?.rows.push(row);
  }
  return [...groups.values(), ...withLeftover(input, leftover)];
}

function withLeftover(input: GroupingInput, rows: TypedRow[]): EntityGroup[] {
  if (rows.length === 0) return [];
  return [{ ...emptyGroup(input.tableName), rows, unclaimed: true }];
}

/** An attribute every item has as a string, with a name that says "type". */
function typeAttributeOf(input: GroupingInput): string | undefined {
  const [first] = input.tableRows;
  if (!first) return undefined;
  const names = [...first.keys()].filter(
    (name) => TYPE_ATTRIBUTE_NAMES.includes(name.toLowerCase()) && !input.keyNames.has(name),
  );
  names.sort(
    (a, b) => TYPE_ATTRIBUTE_NAMES.indexOf(a.toLowerCase()) - TYPE_ATTRIBUTE_NAMES.indexOf(b.toLowerCase()),
  );
  return names.find((name) => input.tableRows.every((row) => stringValue(row, name)));
}

export function groupRows(input: GroupingInput): EntityGroup[] {
  if (input.facets.length > 0) return facetGroups(input);
  if (input.schema) return schemaGroups(input, input.schema);
  const typeAttribute = typeAttributeOf(input);
  if (typeAttribute) return byAttribute(input, typeAttribute);
  return withLeftover(input, input.tableRows);
}
