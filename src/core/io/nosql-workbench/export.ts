// A design as a NoSQL Workbench 3.x data model: the table, its GSIs and one facet per entity (its key
// templates as the facet's key aliases, its items). As Workbench writes a model with facets, each item is
// listed once, in its facet: the table has no TableData of its own. Workbench has no
// place for key templates of indexes, access patterns, LSIs, TTL or attribute details, so the design
// (without its items, which the table data holds) also goes into `KeyplanDesign`, a field Workbench does
// not read and Keyplan's importer reads back: importing the export gives the same design.
import { deriveFormItem, deriveItem } from '../../items/derive-item.ts';
import { storedForms } from '../../model/copies.ts';
import { gsiKeyAttributes, keyAttributeTypes, primaryKeyNames } from '../../model/indexes.ts';
import type { AttributeFormat, AttributeType, Design, Entity, KeyAttribute } from '../../model/schema.ts';
import { dynamoNumberText } from '../../values/compare.ts';
import { parseExactJson, stringifyExactJson } from '../../values/exact-json.ts';
import type { PlainItem } from '../../values/item.ts';
import { type AttributeMap, type AttributeValue, marshallValue } from '../../values/marshall.ts';
import { RequestError } from '../../values/request-error.ts';

export const WORKBENCH_MODEL_VERSION = '3.0';
export const WORKBENCH_AUTHOR = 'Keyplan';

type KeyAttributeOut = { AttributeName: string; AttributeType: 'S' | 'N' | 'B' };
type KeyAttributesOut = { PartitionKey: KeyAttributeOut; SortKey?: KeyAttributeOut };
type ProjectionOut = { ProjectionType: 'ALL' | 'KEYS_ONLY' | 'INCLUDE'; NonKeyAttributes?: string[] };

export interface WorkbenchFacetOut {
  FacetName: string;
  KeyAttributeAlias: { PartitionKeyAlias: string; SortKeyAlias?: string };
  TableData: AttributeMap[];
  NonKeyAttributes: string[];
  DataAccess: { MySql: Record<string, never> };
}

export interface WorkbenchTableOut {
  TableName: string;
  KeyAttributes: KeyAttributesOut;
  NonKeyAttributes: { AttributeName: string; AttributeType: AttributeType }[];
  TableFacets: WorkbenchFacetOut[];
  GlobalSecondaryIndexes: { IndexName: string; KeyAttributes: KeyAttributesOut; Projection: ProjectionOut }[];
  DataAccess: { MySql: Record<string, never> };
  SampleDataFormats?: Record<string, [string, string]>;
  BillingMode: 'PAY_PER_REQUEST' | 'PROVISIONED';
  ProvisionedCapacitySettings?: {
    ProvisionedThroughput: { ReadCapacityUnits: number; WriteCapacityUnits: number };
  };
}

export interface WorkbenchModelOut {
  ModelName: string;
  ModelMetadata: {
    Author: string;
    DateCreated: string;
    DateLastModified: string;
    Description: string;
    AWSService: 'Amazon DynamoDB';
    Version: typeof WORKBENCH_MODEL_VERSION;
  };
  DataModel: [WorkbenchTableOut];
  /** The design without its items; see the module comment. */
  KeyplanDesign: Omit<Design, 'items'>;
}

/** Workbench's sample data generators that match a Keyplan attribute format, as Workbench 3 names them. */
export const SAMPLE_DATA_FORMATS: Partial<Record<AttributeFormat, [string, string]>> = {
  'date-time': ['date', 'ISO 8601 date and time'],
  email: ['identifiers', 'Email'],
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Workbench's own date style ("Jun 24, 2020, 04:06 PM"), in UTC so that an export does not depend on where it runs. */
export function workbenchDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = date.getUTCHours();
  const clock = `${pad(hours % 12 || 12)}:${pad(date.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
  return `${MONTHS[date.getUTCMonth()]} ${pad(date.getUTCDate())}, ${date.getUTCFullYear()}, ${clock}`;
}

function keyAttributes(partitionKey: KeyAttribute, sortKey?: KeyAttribute): KeyAttributesOut {
  const out: KeyAttributesOut = {
    PartitionKey: { AttributeName: partitionKey.name, AttributeType: partitionKey.type },
  };
  if (sortKey) out.SortKey = { AttributeName: sortKey.name, AttributeType: sortKey.type };
  return out;
}

/** An item in DynamoDB JSON, typed by the design; a value its declared type cannot take keeps its JSON type. */
function dynamoJson(item: PlainItem, types: ReadonlyMap<string, AttributeType>): AttributeMap {
  return Object.fromEntries(
    Object.entries(item).map(([name, value]) => {
      try {
        return [name, dynamoNumbers(marshallValue(value, types.get(name)))];
      } catch (error) {
        if (!(error instanceof RequestError)) throw error;
        return [name, dynamoNumbers(marshallValue(value))];
      }
    }),
  );
}

/** Numbers written as DynamoDB writes them, every digit and no exponent (`1e+22` → `10000000000000000000000`). */
function dynamoNumbers(value: AttributeValue): AttributeValue {
  if ('N' in value) return { N: dynamoNumberText(value.N) };
  if ('NS' in value) return { NS: value.NS.map(dynamoNumberText) };
  if ('L' in value) return { L: value.L.map(dynamoNumbers) };
  if ('M' in value)
    return { M: Object.fromEntries(Object.entries(value.M).map(([k, v]) => [k, dynamoNumbers(v)])) };
  return value;
}

function typesOf(design: Design, entity: Entity): Map<string, AttributeType> {
  const types = new Map<string, AttributeType>(keyAttributeTypes(design));
  for (const attribute of entity.attributes) types.set(attribute.name, attribute.type);
  types.set(design.table.typeAttribute, 'S');
  return types;
}

function nonKeyAttributes(design: Design): WorkbenchTableOut['NonKeyAttributes'] {
  const primary = new Set(primaryKeyNames(design));
  // Workbench holds one type per attribute name; the first declaration wins.
  const types = new Map<string, AttributeType>();
  for (const entity of design.entities)
    for (const attribute of entity.attributes)
      if (!types.has(attribute.name) && !attribute.keyOnly) types.set(attribute.name, attribute.type);
  if (design.table.writeTypeAttribute !== false) types.set(design.table.typeAttribute, 'S');
  for (const [name, type] of keyAttributeTypes(design))
    if (!primary.has(name) && !types.has(name)) types.set(name, type);
  return [...types].map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType }));
}

function sampleDataFormats(design: Design): Record<string, [string, string]> | undefined {
  const formats: Record<string, [string, string]> = {};
  for (const entity of design.entities) {
    for (const attribute of entity.attributes) {
      const format = attribute.format && SAMPLE_DATA_FORMATS[attribute.format];
      if (format && !(attribute.name in formats)) formats[attribute.name] = [...format];
    }
  }
  return Object.keys(formats).length > 0 ? formats : undefined;
}

function facet(design: Design, entity: Entity, items: AttributeMap[]): WorkbenchFacetOut {
  const [pk, sk] = primaryKeyNames(design);
  const alias: WorkbenchFacetOut['KeyAttributeAlias'] = { PartitionKeyAlias: entity.keys[pk] ?? pk };
  if (sk) alias.SortKeyAlias = entity.keys[sk] ?? sk;
  const indexKeys = Object.keys(entity.keys).filter((name) => name !== pk && name !== sk);
  return {
    FacetName: entity.name,
    KeyAttributeAlias: alias,
    TableData: items,
    // What the items hold: a key-only attribute is inside the keys, an unwritten type attribute nowhere.
    NonKeyAttributes: [
      ...entity.attributes
        .filter((a) => !a.keyOnly && !primaryKeyNames(design).includes(a.name))
        .map((a) => a.name),
      ...(design.table.writeTypeAttribute === false ? [] : [design.table.typeAttribute]),
      ...indexKeys.filter((name) => !entity.attributes.some((a) => a.name === name)),
    ],
    DataAccess: { MySql: {} },
  };
}

/** The facet name of an entity's copy (entity.copies): `Order.ById` (an entity name has no "."). */
export const copyFacetName = (entity: string, copy: string) => `${entity}.${copy}`;

/**
 * One facet per item copy, after the entities' own: its key templates as aliases, its items (derived from the
 * entity's samples, which is where an import takes them back from).
 */
function copyFacets(design: Design): WorkbenchFacetOut[] {
  const primaryKey = primaryKeyNames(design);
  return design.entities.flatMap((entity) => {
    const types = typesOf(design, entity);
    return storedForms(entity)
      .slice(1)
      .map((form) => {
        const items = (design.items[entity.name] ?? [])
          .map((values) => deriveFormItem(design, form, values))
          .filter((item) => primaryKey.every((name) => item[name] !== undefined))
          .map((item) => dynamoJson(item, types));
        return facet(design, { ...form.entity, name: copyFacetName(entity.name, form.copy!) }, items);
      });
  });
}

export interface WorkbenchExportOptions {
  /** Creation and modification time written in the metadata (default: now). */
  now?: Date;
}

export function exportWorkbench(design: Design, options: WorkbenchExportOptions = {}): WorkbenchModelOut {
  const { table } = design;
  const date = workbenchDate(options.now ?? new Date());
  const primaryKey = primaryKeyNames(design);
  const itemsByEntity = design.entities.map((entity) => {
    const types = typesOf(design, entity);
    return (
      (design.items[entity.name] ?? [])
        .map((values) => deriveItem(design, entity, values))
        // A sample missing a value of its primary key is no item DynamoDB (or Workbench) would hold.
        .filter((item) => primaryKey.every((name) => item[name] !== undefined))
        .map((item) => dynamoJson(item, types))
    );
  });
  const tableOut: WorkbenchTableOut = {
    TableName: table.name,
    KeyAttributes: keyAttributes(table.partitionKey, table.sortKey),
    NonKeyAttributes: nonKeyAttributes(design),
    TableFacets: [
      ...design.entities.map((entity, i) => facet(design, entity, itemsByEntity[i])),
      ...copyFacets(design),
    ],
    GlobalSecondaryIndexes: table.globalSecondaryIndexes.map((gsi) => ({
      IndexName: gsi.name,
      // Workbench models one attribute per role: a multi-attribute key shows its first ones (the design,
      // kept in KeyplanDesign, has them all).
      KeyAttributes: keyAttributes(gsiKeyAttributes(gsi).partitionKeys[0], gsiKeyAttributes(gsi).sortKeys[0]),
      Projection:
        gsi.projection.type === 'INCLUDE'
          ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...(gsi.projection.attributes ?? [])] }
          : { ProjectionType: gsi.projection.type },
    })),
    DataAccess: { MySql: {} },
    BillingMode: table.billing.mode,
  };
  const formats = sampleDataFormats(design);
  if (formats) tableOut.SampleDataFormats = formats;
  if (table.billing.mode === 'PROVISIONED') {
    tableOut.ProvisionedCapacitySettings = {
      ProvisionedThroughput: {
        ReadCapacityUnits: table.billing.read,
        WriteCapacityUnits: table.billing.write,
      },
    };
  }
  const { items: _items, ...keyplanDesign } = design;
  return {
    ModelName: design.name,
    ModelMetadata: {
      Author: WORKBENCH_AUTHOR,
      DateCreated: date,
      DateLastModified: date,
      Description: design.description ?? '',
      AWSService: 'Amazon DynamoDB',
      Version: WORKBENCH_MODEL_VERSION,
    },
    DataModel: [tableOut],
    // A deep copy that keeps ExactNumbers (an enum's 38-digit value): structuredClone would not.
    KeyplanDesign: parseExactJson(stringifyExactJson(keyplanDesign)) as Omit<Design, 'items'>,
  };
}
