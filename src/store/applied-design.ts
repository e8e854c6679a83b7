// The design last applied to DynamoDB, per table: what "Compare with… applied version" compares with, and
// what Apply checks a changed design against before it writes (the plan instead of a silent reload). The
// applied record (applied.ts) keeps only a fingerprint; this keeps the design itself, as exact JSON text in
// localStorage, for the few tables applied last. It counts as known only while its fingerprint is the
// record's: the table holds what it describes.

import type { Design } from '../core/model/schema.ts';
import { parseExactJson, stringifyExactJson } from '../core/values/exact-json.ts';
import {
  type AppliedRecord,
  fingerprintOf,
  newestRecords,
  readTableRecords,
  writeTableRecords,
} from './applied.ts';

export const APPLIED_DESIGN_STORAGE_KEY = 'keyplan:v1:applied-designs';
const KEPT = 3;
/** A larger design is kept for this page only (localStorage holds about 5 MB per origin). */
const MAX_CHARS = 1_500_000;

interface Stored {
  fingerprint: string;
  text: string;
  at: number;
}

const inMemory = new Map<string, { fingerprint: string; design: Design }>();

function readAll(): Record<string, Stored> {
  return readTableRecords<Stored>(APPLIED_DESIGN_STORAGE_KEY);
}

/** Remembers a design Apply just wrote to its table. */
export function rememberAppliedDesign(design: Design): void {
  const fingerprint = fingerprintOf(design);
  const table = design.table.name;
  inMemory.set(table, { fingerprint, design });
  const text = stringifyExactJson(design);
  const { [table]: _, ...others } = readAll();
  const kept = newestRecords(others, KEPT - 1);
  const all = Object.fromEntries(
    text.length <= MAX_CHARS ? [[table, { fingerprint, text, at: Date.now() }], ...kept] : kept,
  );
  writeTableRecords(APPLIED_DESIGN_STORAGE_KEY, all);
}

/**
 * The design the table holds, when this browser knows it: the one last applied to `table`, as long as the
 * applied record still says the table holds it (same fingerprint). Undefined otherwise.
 */
export function appliedDesignOf(table: string, record: AppliedRecord | undefined): Design | undefined {
  const fingerprint = record?.fingerprint;
  if (!fingerprint) return undefined;
  const held = inMemory.get(table);
  if (held?.fingerprint === fingerprint) return held.design;
  const stored = readAll()[table];
  if (stored?.fingerprint !== fingerprint) return undefined;
  try {
    const design = parseExactJson(stored.text) as Design;
    inMemory.set(table, { fingerprint, design });
    return design;
  } catch {
    return undefined;
  }
}
