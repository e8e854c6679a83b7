// The bytes each session's tables hold, and all sessions' together, so that no session can fill DynamoDB
// Local's memory (it grows outside the Java heap): a write that may take its session past
// LIMITS.bytesPerSession, or the server past LIMITS.bytesServerWide, is refused (403) before it is sent.
//
// How it counts, soundly and cheaply:
// - What a table holds is DynamoDB Local's own live count (DescribeTable: TableSizeBytes and each index's
//   IndexSizeBytes, updated at every write — checked on 3.x, byte for byte equal to the core's item sizes for
//   every type) plus DynamoDB's 100 bytes of overhead per item in the table and in each index (ItemCount).
//   So overwrites, updates, deletes, PartiQL, transactions, applies and replaces are counted as they land,
//   with no bookkeeping of ours that could drift. DynamoDB Local counts an index's items whole whatever the
//   projection (a KEYS_ONLY index of a 1 KB item reports 1 KB): more than DynamoDB bills, never less. (Real
//   AWS refreshes TableSizeBytes about every six hours: there the count lags; --aws serves one user.)
// - Before a write is sent, the most it may add is reserved (writeBound): a put's items by the core's item
//   sizes (wireItemSize), once for the table and once whole for each index whose key they have, by the
//   table's index definitions from DescribeTable; an update, or a PartiQL INSERT/UPDATE, whose result is not
//   known before, DynamoDB's most per item (400 KB) in the table and every index; a delete nothing. The item
//   it replaces is not subtracted (that would cost a read first): near the limit an overwrite is refused that
//   would have fitted. The reservation holds until the write is done and its tables measured again, so
//   concurrent writes of one session (or of everyone in a live room) see each other's.
// - A measurement is tagged with the session's count of finished writes when it started; one older than
//   the table's last is dropped, so a slow DescribeTable never puts back a count from before a write.
// - Reset, an expired session and a closed room forget their tables' bytes once the tables are deleted.
import {
  DescribeTableCommand,
  type DynamoDBClient,
  type KeySchemaElement,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import { type WireValue, wireItemSize } from '../src/core/model/item-size.ts';
import { ApiFailure } from './errors.ts';
import type { Limits } from './limits.ts';
import { partiqlTarget } from './partiql.ts';
import { sessionTables } from './service.ts';

/** DynamoDB's storage overhead per item, in the table and again in each index (its storage pricing). */
export const ITEM_OVERHEAD_BYTES = 100;
/** DynamoDB's most bytes in one item, attribute names included. */
export const MAX_ITEM_BYTES = 400 * 1024;

/** An item as a write request carries it (DynamoDB's JSON, or the SDK's form). */
export type WireItem = Record<string, WireValue>;

/** A table's key and indexes, as DescribeTable answers or CreateTable is asked (createTableInput). */
export interface TableShape {
  KeySchema?: KeySchemaElement[];
  GlobalSecondaryIndexes?: { IndexName?: string; KeySchema?: KeySchemaElement[] }[];
  LocalSecondaryIndexes?: { IndexName?: string; KeySchema?: KeySchemaElement[] }[];
}

/** What a table holds by DynamoDB Local's live count, with DynamoDB's overhead per item and index entry. */
export function storedTableBytes(table: TableDescription | undefined): number {
  if (!table) return 0;
  let bytes = (table.TableSizeBytes ?? 0) + ITEM_OVERHEAD_BYTES * (table.ItemCount ?? 0);
  for (const index of [...(table.GlobalSecondaryIndexes ?? []), ...(table.LocalSecondaryIndexes ?? [])])
    bytes += (index.IndexSizeBytes ?? 0) + ITEM_OVERHEAD_BYTES * (index.ItemCount ?? 0);
  return bytes;
}

const indexesOf = (shape: TableShape) => [
  ...(shape.GlobalSecondaryIndexes ?? []),
  ...(shape.LocalSecondaryIndexes ?? []),
];

/** The indexes of a table of this shape that an item with these attributes is in (it has their keys). */
const indexesHolding = (item: WireItem, shape: TableShape | undefined) =>
  shape
    ? indexesOf(shape).filter((index) => (index.KeySchema ?? []).every((key) => key.AttributeName! in item))
        .length
    : 0;

/** The bytes storing `item` takes in a table of this shape: itself, and whole again in each index it is in. */
export function itemStoredBytes(item: WireItem, shape: TableShape | undefined): number {
  return (wireItemSize(item) + ITEM_OVERHEAD_BYTES) * (1 + indexesHolding(item, shape));
}

/**
 * The most an apply or load may add to its table: each of its items in the table and in each index of the
 * design (`designed`) or of the table as it is (`current`, a load leaves it so) that holds it, and, for each
 * index the design adds to a table that has items, a copy of all of them (DynamoDB fills a new index).
 */
export function loadBound(
  items: readonly WireItem[],
  designed: TableShape,
  current: TableDescription | undefined,
): number {
  let bytes = 0;
  for (const item of items)
    bytes +=
      (wireItemSize(item) + ITEM_OVERHEAD_BYTES) *
      (1 + Math.max(indexesHolding(item, designed), indexesHolding(item, current)));
  if (current) {
    const names = new Set(indexesOf(current).map((index) => index.IndexName));
    const added = indexesOf(designed).filter((index) => !names.has(index.IndexName));
    bytes += added.length * ((current.TableSizeBytes ?? 0) + ITEM_OVERHEAD_BYTES * (current.ItemCount ?? 0));
  }
  return bytes;
}

/** The most an item whose result is not known before (an update) may add to a table of this shape. */
function anyItemBytes(shape: TableShape | undefined): number {
  return (MAX_ITEM_BYTES + ITEM_OVERHEAD_BYTES) * (1 + (shape ? indexesOf(shape).length : 0));
}

type Action = { TableName?: string; Item?: WireItem };

/**
 * The most bytes a raw request may add to the tables it names (`shapes`, by name), as StoredBytes reserves
 * it: 0 for reads and deletes. A malformed request counts what can be read of it; DynamoDB refuses the rest.
 */
export function writeBound(
  operation: string,
  input: Record<string, unknown>,
  shapes: ReadonlyMap<string, TableShape>,
): number {
  const put = (table: unknown, item: unknown) =>
    item && typeof item === 'object' ? itemStoredBytes(item as WireItem, shapes.get(String(table))) : 0;
  switch (operation) {
    case 'PutItem':
      return put(input.TableName, input.Item);
    case 'UpdateItem':
      return anyItemBytes(shapes.get(String(input.TableName)));
    case 'BatchWriteItem': {
      let bytes = 0;
      for (const [table, requests] of Object.entries((input.RequestItems as object) ?? {}))
        for (const request of Array.isArray(requests) ? requests : [])
          bytes += put(table, (request as { PutRequest?: Action })?.PutRequest?.Item);
      return bytes;
    }
    case 'TransactWriteItems': {
      let bytes = 0;
      for (const entry of Array.isArray(input.TransactItems) ? input.TransactItems : []) {
        const { Put, Update } = (entry ?? {}) as { Put?: Action; Update?: Action };
        if (Put) bytes += put(Put.TableName, Put.Item);
        if (Update) bytes += anyItemBytes(shapes.get(String(Update.TableName)));
      }
      return bytes;
    }
    case 'ExecuteStatement': {
      const { form, table } = partiqlTarget(String(input.Statement));
      return form === 'INSERT' || form === 'UPDATE' ? anyItemBytes(shapes.get(table)) : 0;
    }
    default:
      return 0;
  }
}

/** Whether a raw request may change what its tables hold (and so is measured again once done). */
export function runMayWrite(operation: string, input: Record<string, unknown>): boolean {
  if (['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems'].includes(operation))
    return true;
  if (operation !== 'ExecuteStatement' || typeof input.Statement !== 'string') return false;
  try {
    return partiqlTarget(input.Statement).form !== 'SELECT';
  } catch {
    return false;
  }
}

/** A write's reserved bytes: `settle` once it is done (whether it succeeded or not). */
export interface Reservation {
  settle(): Promise<void>;
}

interface SessionBytes {
  /** Bytes per table as last measured, with the finished-writes count its measurement started at. */
  tables: Map<string, { bytes: number; at: number }>;
  /** Whether every table of the session has been measured (after a start, or a failed measurement). */
  known: boolean;
  /** Writes of the session finished so far. */
  finished: number;
  reserved: number;
  /** Reservations being made or held: the entry is kept while any is. */
  busy: number;
}

/** `1,234 bytes`, and in MiB beside it when that is shorter to read. */
const mb = (bytes: number) =>
  `${bytes.toLocaleString('en-US')} bytes${bytes >= 1024 * 1024 ? ` (${(bytes / 1024 / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} MiB)` : ''}`;

/** The stored bytes of every session's tables (by namespace), and the reservations of writes under way. */
export class StoredBytes {
  readonly #sessions = new Map<string, SessionBytes>();

  constructor(readonly limits: Pick<Limits, 'bytesPerSession' | 'bytesServerWide'>) {}

  #of(namespace: string): SessionBytes {
    let entry = this.#sessions.get(namespace);
    if (!entry) {
      entry = { tables: new Map(), known: false, finished: 0, reserved: 0, busy: 0 };
      this.#sessions.set(namespace, entry);
    }
    return entry;
  }

  /** What the session's tables hold, reservations included. */
  held(namespace: string): number {
    const entry = this.#sessions.get(namespace);
    if (!entry) return 0;
    let bytes = entry.reserved;
    for (const table of entry.tables.values()) bytes += table.bytes;
    return bytes;
  }

  /** What all sessions' tables hold, reservations included. */
  total(): number {
    let bytes = 0;
    for (const namespace of this.#sessions.keys()) bytes += this.held(namespace);
    return bytes;
  }

  /** Measures the tables, keeping each result unless a newer measurement was kept already. */
  async #measure(client: DynamoDBClient, entry: SessionBytes, tables: string[]) {
    const at = entry.finished;
    const found = new Map<string, TableDescription>();
    for (const TableName of tables) {
      let table: TableDescription | undefined;
      try {
        ({ Table: table } = await client.send(new DescribeTableCommand({ TableName })));
      } catch (error) {
        if ((error as Error).name !== 'ResourceNotFoundException') throw error;
      }
      if (table) found.set(TableName, table);
      const last = entry.tables.get(TableName);
      if (last && last.at > at) continue;
      if (table) entry.tables.set(TableName, { bytes: storedTableBytes(table), at });
      else entry.tables.delete(TableName);
    }
    return found;
  }

  /**
   * Measures the tables a write names (and, the first time, all of the session's), reserves the most it may
   * add (`bound`, given their descriptions), or refuses it with a 403 naming the limit it would pass.
   */
  async reserve(
    client: DynamoDBClient,
    namespace: string,
    tables: string[],
    bound: (found: ReadonlyMap<string, TableDescription>) => number,
  ): Promise<Reservation> {
    const entry = this.#of(namespace);
    entry.busy++;
    let bytes: number;
    try {
      if (!entry.known) {
        await this.#measure(client, entry, await sessionTables(client, namespace));
        entry.known = true;
      }
      bytes = bound(await this.#measure(client, entry, tables));
      this.#check(namespace, bytes);
    } catch (error) {
      this.#leave(namespace, entry);
      throw error;
    }
    entry.reserved += bytes;
    let settled = false;
    return {
      settle: async () => {
        if (settled) return;
        settled = true;
        entry.finished++;
        try {
          await this.#measure(client, entry, tables);
        } catch {
          // Measured again, all of it, before its next write; until then its last counts stand.
          entry.known = false;
        } finally {
          entry.reserved -= bytes;
          this.#leave(namespace, entry);
        }
      },
    };
  }

  /** Refuses `bytes` more for the session when they would take it, or the server, past its limit. */
  #check(namespace: string, bytes: number): void {
    if (bytes <= 0) return;
    const { bytesPerSession, bytesServerWide } = this.limits;
    const held = this.held(namespace);
    if (held + bytes > bytesPerSession)
      throw new ApiFailure(
        403,
        'StorageQuotaExceeded',
        `this session's tables hold ${mb(held)} (DynamoDB's item sizes, each index's copy and 100 bytes an item included) and this write may add up to ${mb(bytes)}: past bytesPerSession, the ${mb(bytesPerSession)} a session may store; delete items or tables (Reset) first`,
      );
    const total = this.total();
    if (total + bytes > bytesServerWide)
      throw new ApiFailure(
        403,
        'StorageQuotaExceeded',
        `the server's sessions hold ${mb(total)} and this write may add up to ${mb(bytes)}: past bytesServerWide, the ${mb(bytesServerWide)} all sessions may store together; retry when others have reset or expired`,
      );
  }

  #leave(namespace: string, entry: SessionBytes): void {
    entry.busy--;
    if (entry.busy === 0 && entry.tables.size === 0 && entry.known) this.#sessions.delete(namespace);
  }

  /** The session's tables are deleted (reset, expiry, a closed room): what they held is free. */
  free(namespace: string): void {
    const entry = this.#sessions.get(namespace);
    if (!entry) return;
    entry.tables.clear();
    entry.finished++;
    if (entry.busy === 0) this.#sessions.delete(namespace);
  }
}
