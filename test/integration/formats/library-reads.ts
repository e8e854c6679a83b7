// biome-ignore-all lint/suspicious/noTemplateCurlyInString: OneTable's value templates are ${…} in plain strings
// A read pattern's resolved request run through each library's own query API on DynamoDB Local, as a user of
// that library would write it: ElectroDB's per-entity access patterns, DynamoDB-Toolbox's QueryCommand /
// ScanCommand, OneTable's Table API. The round-trip tests of the exported modules and the wild-corpus pipeline
// share them, so both ask the libraries the same way.
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Table } from 'dynamodb-onetable';
import { QueryCommand, ScanCommand } from 'dynamodb-toolbox';
import {
  ELECTRODB_ENTITY_ATTRIBUTE,
  ELECTRODB_VERSION_ATTRIBUTE,
} from '../../../src/core/io/electrodb/export.ts';
import { electroIndexNames } from '../../../src/core/io/electrodb/export-names.ts';
import { singleKeySchemas } from '../../../src/core/io/module-code.ts';
import type { OneSchema } from '../../../src/core/io/onetable/schema.ts';
import { parseKey, parseTemplate } from '../../../src/core/keys/template.ts';
import { keySchemaFor } from '../../../src/core/model/indexes.ts';
import type { Design, Entity } from '../../../src/core/model/schema.ts';
import type { ReadSpec } from '../../../src/core/requests/read-spec.ts';
import type { KeyValue, PlainItem } from '../../../src/core/values/item.ts';
import type { LoadedModule } from './library-support.ts';

/** ElectroDB's markers, unless the design's type attribute is one of them. */
export function electroMarkers(design: Design): string[] {
  return [ELECTRODB_VERSION_ATTRIBUTE, ELECTRODB_ENTITY_ATTRIBUTE].filter(
    (name) => design.table.writeTypeAttribute === false || name !== design.table.typeAttribute,
  );
}

/** A key value read back into an entity's composite attributes, typed as the entity declares them. */
export function composites(
  entity: Entity,
  template: string,
  value: KeyValue,
  partial = false,
): Record<string, unknown> | undefined {
  const text = String(value);
  let values = parseKey(template, text);
  if (!values && partial) {
    // A prefix ending inside a placeholder: ElectroDB's partial composites (`.begins({ createdAt: '2026-10' })`).
    const parts = parseTemplate(template);
    let rest = text;
    const found: Record<string, string> = {};
    for (const [i, part] of parts.entries()) {
      if (part.kind === 'literal') {
        if (!rest.startsWith(part.text)) return undefined;
        rest = rest.slice(part.text.length);
        continue;
      }
      const next = parts[i + 1];
      const end = next?.kind === 'literal' ? rest.indexOf(next.text[0]) : -1;
      if (end >= 0 && end < rest.length) {
        found[part.name] = rest.slice(0, end);
        rest = rest.slice(end);
        continue;
      }
      found[part.name] = rest;
      values = found;
      break;
    }
  }
  if (!values) return undefined;
  const numeric = new Set(entity.attributes.filter((a) => a.type === 'N').map((a) => a.name));
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, numeric.has(k) ? Number(v) : v]));
}

/** A read run through each entity's ElectroDB access pattern: per entity, the raw items it returns. */
export async function electroRead(
  module: LoadedModule,
  design: Design,
  spec: ReadSpec,
): Promise<PlainItem[][]> {
  const out: PlainItem[][] = [];
  const schema = keySchemaFor(design, spec.index);
  if (!schema) throw new Error(`no index ${spec.index}`);
  const order = spec.scanIndexForward === false ? 'desc' : 'asc';
  // Each entity's access pattern names, as the export gave them.
  const names = electroIndexNames(design, singleKeySchemas(design).schemas);
  for (const entity of design.entities) {
    const library = module.entities[entity.name];
    if (spec.operation === 'Scan') {
      out.push((await library.scan.go({ data: 'includeKeys', pages: 'all' })).data);
      continue;
    }
    const pkTemplate = entity.keys[schema.partitionKey.name];
    const skTemplate = schema.sortKey ? entity.keys[schema.sortKey.name] : undefined;
    if (
      pkTemplate === undefined ||
      (schema.sortKey && skTemplate === undefined) ||
      spec.partition === undefined
    )
      continue;
    const sort = spec.sort;
    const ap = names.name(entity.name, schema.name);
    const definition = library.schema.indexes[ap];
    if (!definition) continue;
    // A key that is an attribute of its own (a sparse index's computed key) takes the key value itself.
    const own = (role: 'pk' | 'sk') => {
      const key = definition[role];
      return key?.template === undefined && key?.composite?.length === 1 && key.composite[0] === key.field;
    };
    const pk = own('pk')
      ? { [schema.partitionKey.name]: spec.partition }
      : composites(entity, pkTemplate, spec.partition);
    if (!pk) continue;
    if (spec.operation === 'Query' && sort && own('sk') && schema.sortKey) {
      const field = schema.sortKey.name;
      const from = { [field]: sort.value };
      const to = { [field]: sort.to };
      let query = library.query[ap](pk);
      const method = { begins_with: 'begins', '<': 'lt', '<=': 'lte', '>': 'gt', '>=': 'gte' }[
        sort.op as string
      ];
      query =
        sort.op === '='
          ? query.between(from, from)
          : sort.op === 'between'
            ? query.between(from, to)
            : query[method as string](from);
      out.push((await query.go({ data: 'includeKeys', order, pages: 'all' })).data);
      continue;
    }
    if (spec.operation === 'GetItem') {
      const sk = sort && skTemplate ? composites(entity, skTemplate, sort.value) : {};
      if (!sk) continue;
      const got = await library.get({ ...pk, ...sk }).go({ data: 'includeKeys' });
      if (got.data) out.push([got.data]);
      continue;
    }
    let query = library.query[ap](pk);
    if (sort && skTemplate) {
      const head = parseTemplate(skTemplate)[0];
      const literal = head?.kind === 'literal' ? head.text : '';
      if (sort.op === 'begins_with' && literal.startsWith(String(sort.value))) {
        // ElectroDB's own begins_with on the template's literal start: the same items of this entity.
      } else {
        const from = composites(entity, skTemplate, sort.value, true);
        const to = sort.to === undefined ? {} : composites(entity, skTemplate, sort.to, true);
        if (!from || !to) continue;
        // A sort key with no composite attribute (`$lock_1`): ElectroDB's query of the partition composites
        // alone already asks for that key, and a range over no composites would ask for an empty key.
        const constant = Object.keys(from).length === 0 && (sort.op === '=' || sort.op === 'begins_with');
        if (!constant) {
          const method = {
            '=': 'between',
            begins_with: 'begins',
            between: 'between',
            '<': 'lt',
            '<=': 'lte',
            '>': 'gt',
            '>=': 'gte',
          }[sort.op];
          query =
            sort.op === '='
              ? query.between(from, from)
              : sort.op === 'between'
                ? query.between(from, to)
                : query[method](from);
        }
      }
    }
    // includeKeys: the items as stored, keys included, of this entity only (raw skips ElectroDB's ownership check).
    const options = {
      data: 'includeKeys',
      order,
      pages: spec.limit === undefined ? 'all' : 1,
      ...(spec.limit ? { limit: spec.limit } : {}),
    };
    out.push((await query.go(options)).data);
  }
  return out;
}

/** The module's table on DynamoDB Local: DynamoDB-Toolbox sends through the table's document client. */
export function pointAtLocal(module: LoadedModule, client: DynamoDBClient) {
  module.table.documentClient = DynamoDBDocumentClient.from(client);
}

/** A read run through the table's QueryCommand (GetItem as a Query of its one key) or ScanCommand: raw items. */
export async function toolboxRead(module: LoadedModule, spec: ReadSpec): Promise<PlainItem[]> {
  if (spec.operation === 'Scan')
    return (
      (await module.table.build(ScanCommand).options({ maxPages: Number.POSITIVE_INFINITY }).send()).Items ??
      []
    );
  const sort = spec.sort;
  const range =
    sort === undefined
      ? undefined
      : {
          '=': { eq: sort.value },
          '<': { lt: sort.value },
          '<=': { lte: sort.value },
          '>': { gt: sort.value },
          '>=': { gte: sort.value },
          begins_with: { beginsWith: sort.value },
          between: { between: [sort.value, sort.to] },
        }[sort.op];
  const query = {
    partition: spec.partition,
    ...(spec.index ? { index: spec.index } : {}),
    ...(range ? { range } : {}),
  };
  const options = {
    reverse: spec.scanIndexForward === false,
    ...(spec.limit === undefined ? { maxPages: Number.POSITIVE_INFINITY } : { limit: spec.limit }),
  };
  return (await module.table.build(QueryCommand).query(query).options(options).send()).Items ?? [];
}

// biome-ignore lint/suspicious/noExplicitAny: OneTable's models are typed from a schema literal; this one is read at run time
export type OneTable = any;

export function oneTable(client: DynamoDBClient, name: string, schema: OneSchema): OneTable {
  return new Table({ client, name, schema: schema as never, partial: true });
}

/**
 * A read run through OneTable's Table API (queryItems, getItem, scanItems), as the spec `keyplan query`
 * resolved says: the items of every model the key range holds, as OneTable reads them.
 */
export async function oneRead(
  table: OneTable,
  design: Design,
  spec: ReadSpec,
  extra: Record<string, unknown> = {},
): Promise<PlainItem[]> {
  const params: Record<string, unknown> = { parse: true, hidden: true, ...extra };
  if (spec.index) params.index = spec.index;
  if (spec.scanIndexForward === false) params.reverse = true;
  if (spec.limit !== undefined) params.limit = spec.limit;
  if (spec.consistentRead) params.consistent = true;
  if (spec.operation === 'Scan') return table.scanItems({}, params);
  const schema = keySchemaFor(design, spec.index);
  if (!schema || spec.partition === undefined) throw new Error('not a keyed read');
  const properties: Record<string, unknown> = { [schema.partitionKey.name]: spec.partition };
  const { sort } = spec;
  if (sort && schema.sortKey)
    properties[schema.sortKey.name] =
      sort.op === '='
        ? sort.value
        : sort.op === 'between'
          ? { between: [sort.value, sort.to] }
          : { [sort.op]: sort.value };
  if (spec.operation === 'GetItem') {
    const item = await table.getItem(properties, params);
    return item ? [item] : [];
  }
  return table.queryItems(properties, params);
}
