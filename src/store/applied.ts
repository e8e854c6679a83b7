// What the designer remembers of its last Apply per table: the fingerprint of what it created (the core's
// applyFingerprint: table definition and items), the session namespace and the DynamoDB Local instance it
// went to. Kept in localStorage next to the autosaved design, so the Apply button's "out of date" dot
// survives a reload. Records are keyed by table name, because that is what Apply writes to: another design
// only matches a record when it would create exactly the same table and items.

import { applyFingerprint } from '../core/apply/applied.ts';
import type { HealthResponse } from '../core/contract/contract.ts';
import type { Design } from '../core/model/schema.ts';

export const APPLIED_STORAGE_KEY = 'keyplan:v1:applied';
/** Tables remembered; the least recently applied are forgotten first. */
const TABLES_KEPT = 20;

export interface AppliedRecord {
  /** applyFingerprint of the design applied; null when the table's state is unknown (an Apply under way or failed). */
  fingerprint: string | null;
  /** The session namespace and DynamoDB instance (HealthResponse) it was applied in, when known. */
  namespace?: string;
  instance?: string;
  /** Items not in the design the table kept (Apply deletes none unless asked to replace them). */
  notInDesign?: number;
  /** When (ms); orders the records for forgetting. */
  at: number;
}

export type AppliedTables = Record<string, AppliedRecord>;

/** A per-table record map kept in localStorage under `key`; empty when absent or unreadable. */
export function readTableRecords<T>(key: string): Record<string, T> {
  try {
    const parsed: unknown = JSON.parse(globalThis.localStorage?.getItem(key) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, T>)
      : {};
  } catch {
    return {};
  }
}

/** The `count` most recent of `records` (by `at`), newest first. */
export function newestRecords<T extends { at: number }>(
  records: Record<string, T>,
  count: number,
): [string, T][] {
  return Object.entries(records)
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, count);
}

export function readAppliedTables(): AppliedTables {
  return readTableRecords<AppliedRecord>(APPLIED_STORAGE_KEY);
}

/** Keeps `records` in localStorage under `key`; when storage is full or unavailable, for this page only. */
export function writeTableRecords<T>(key: string, records: Record<string, T>): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(records));
  } catch {
    // Storage full or unavailable: the records live on in memory for this page.
  }
}

export function writeAppliedTables(tables: AppliedTables): AppliedTables {
  const kept = Object.fromEntries(newestRecords(tables, TABLES_KEPT));
  writeTableRecords(APPLIED_STORAGE_KEY, kept);
  return kept;
}

// The fingerprint depends only on the table, the entities and the samples, so an edit of an access pattern
// (its example arguments, its rate) reuses it. A few designs are kept: the edited one, the applied one,
// the ones runs were sent with.
const fingerprints: { table: unknown; entities: unknown; items: unknown; fingerprint: string }[] = [];

export function fingerprintOf(design: Design): string {
  const { table, entities, items } = design;
  const index = fingerprints.findIndex(
    (f) => f.table === table && f.entities === entities && f.items === items,
  );
  const found =
    index >= 0
      ? fingerprints.splice(index, 1)[0]
      : { table, entities, items, fingerprint: applyFingerprint(design) };
  fingerprints.unshift(found);
  fingerprints.length = Math.min(fingerprints.length, 4);
  return found.fingerprint;
}

/**
 * Whether the table on DynamoDB no longer matches the design: it was applied (a record exists) and its
 * state is unknown, or it went to another session or to a DynamoDB Local that has since restarted in memory
 * (the table is gone), or the design now creates a different table or items, or the table also holds items
 * that are not in the design. Never applied: not out of date.
 */
export function isOutOfDate(
  design: Design,
  record: AppliedRecord | undefined,
  health: HealthResponse | null,
): boolean {
  if (!record) return false;
  if (record.fingerprint === null || (record.notInDesign ?? 0) > 0) return true;
  if (health && record.namespace !== undefined && record.namespace !== health.namespace) return true;
  const instance = health?.dynamodb.instance;
  if (instance !== undefined && record.instance !== undefined && record.instance !== instance) return true;
  return fingerprintOf(design) !== record.fingerprint;
}

/**
 * Whether the table last applied is gone because DynamoDB lost it: Apply went to a DynamoDB Local that is
 * no longer the one health reports (it restarted in memory, or the server did), so the table holds nothing
 * of it. `at` is when, when health knows it. Undefined while health or the record cannot tell.
 */
export function lostSinceApply(
  record: AppliedRecord | undefined,
  health: HealthResponse | null,
): { at?: string } | undefined {
  const instance = health?.dynamodb.instance;
  if (!record || record.instance === undefined || instance === undefined || instance === record.instance)
    return undefined;
  return { at: health?.dynamodb.dataLostAt };
}
