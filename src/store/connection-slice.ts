// The link to the server: DynamoDB's state, the last apply, and run results per pattern.
import type { StateCreator } from 'zustand';
import { ApiClientError, applyDesign, getHealth, runPattern } from '../api/client.ts';
import type { ApplyResponse, HealthResponse, RunResponse } from '../core/contract/contract.ts';
import type { Design } from '../core/model/schema.ts';
import type { PlainItem } from '../core/values/item.ts';
import { type AppliedTables, fingerprintOf, readAppliedTables, writeAppliedTables } from './applied.ts';
import { rememberAppliedDesign } from './applied-design.ts';
import type { StoreState } from './index.ts';

export interface ApiErrorState {
  code: string;
  message: string;
  /** HTTP status; 0 when the server could not be reached. */
  status?: number;
  /** The server's details: DynamoDB's error body (cancellation reasons of a transaction…). */
  details?: unknown;
}

export type ApplyState =
  | { status: 'idle' }
  | { status: 'applying'; written: number; total: number }
  | { status: 'done'; result: ApplyResponse; design: Design }
  | { status: 'error'; error: ApiErrorState; needsRecreate: boolean };

/** What a run asked for, kept with its outcome so the dock can predict the same page in memory. */
export interface RunInput {
  args: Record<string, unknown>;
  exclusiveStartKey?: PlainItem;
  /** The design the run was sent with. */
  design: Design;
}

export type RunState =
  | ({ status: 'running' } & RunInput)
  | ({ status: 'done'; result: RunResponse; pages: number } & RunInput)
  | ({ status: 'error'; error: ApiErrorState } & RunInput);

export interface ConnectionSlice {
  health: HealthResponse | null;
  healthError: string | null;
  apply: ApplyState;
  /** The last Apply per table name, as persisted (see applied.ts): what the "out of date" dot compares. */
  appliedTables: AppliedTables;
  runs: Record<string, RunState>;
  refreshHealth: () => Promise<void>;
  /** `replace` deletes the table's items that are not in the design: only after the user confirmed it. */
  applyCurrent: (options?: { recreate?: boolean; replace?: boolean }) => Promise<void>;
  runCurrent: (
    patternId: string,
    args: Record<string, unknown>,
    exclusiveStartKey?: PlainItem,
  ) => Promise<void>;
}

const asError = (error: unknown): ApiErrorState =>
  error instanceof ApiClientError
    ? { code: error.code, message: error.message, status: error.status, details: error.details }
    : { code: 'Error', message: String(error) };

export const createConnectionSlice: StateCreator<StoreState, [], [], ConnectionSlice> = (set, get) => ({
  health: null,
  healthError: null,
  apply: { status: 'idle' },
  appliedTables: readAppliedTables(),
  runs: {},
  refreshHealth: async () => {
    try {
      set({ health: await getHealth(), healthError: null });
    } catch (error) {
      set({ health: null, healthError: asError(error).message });
    }
  },
  applyCurrent: async (options = {}) => {
    const design = get().design;
    if (!design) return;
    const tableName = design.table.name;
    const before = get().appliedTables[tableName];
    const remember = (record: AppliedTables[string] | undefined) => {
      const { [tableName]: _, ...others } = get().appliedTables;
      set({ appliedTables: writeAppliedTables(record ? { ...others, [tableName]: record } : others) });
    };
    // Until it ends, the table is neither what it was nor what is being applied (a reload shows the dot).
    remember({ ...before, fingerprint: null, at: Date.now() });
    set({ apply: { status: 'applying', written: 0, total: 0 } });
    try {
      const result = await applyDesign(design, {
        recreate: options.recreate,
        replace: options.replace,
        onProgress: (written, total) => set({ apply: { status: 'applying', written, total } }),
      });
      const health = get().health ?? (await getHealth().catch(() => null));
      remember({
        fingerprint: fingerprintOf(design),
        namespace: health?.namespace,
        instance: health?.dynamodb.instance,
        notInDesign: result.items.notInDesign || undefined,
        at: Date.now(),
      });
      // What Compare with… applied version, and the plan before the next Apply, compare with.
      rememberAppliedDesign(design);
      set({ apply: { status: 'done', result, design } });
    } catch (error) {
      const failure = asError(error);
      // Refused before it touched the table (unreachable, invalid, a key change to confirm): as it was.
      const untouched = failure.status === 0 || (failure.status !== undefined && failure.status < 500);
      if (untouched) remember(before);
      const needsRecreate = error instanceof ApiClientError && error.code === 'RecreateRequired';
      set({ apply: { status: 'error', error: failure, needsRecreate } });
    }
  },
  runCurrent: async (patternId, args, exclusiveStartKey) => {
    const design = get().design;
    if (!design) return;
    const previous = get().runs[patternId];
    const input: RunInput = { args, exclusiveStartKey, design };
    set((s) => ({ runs: { ...s.runs, [patternId]: { status: 'running', ...input } } }));
    try {
      const result = await runPattern(design, patternId, { args, exclusiveStartKey });
      const pages = exclusiveStartKey && previous?.status === 'done' ? previous.pages + 1 : 1;
      set((s) => ({ runs: { ...s.runs, [patternId]: { status: 'done', result, pages, ...input } } }));
    } catch (error) {
      const failure = asError(error);
      // The table is gone (DynamoDB Local restarted in memory, a reset): whatever was applied is not there.
      const applied = get().appliedTables[design.table.name];
      if (failure.code === 'TableNotFound' && applied?.fingerprint)
        set((s) => ({
          appliedTables: writeAppliedTables({
            ...s.appliedTables,
            [design.table.name]: { ...applied, fingerprint: null },
          }),
        }));
      set((s) => ({ runs: { ...s.runs, [patternId]: { status: 'error', error: failure, ...input } } }));
    }
  },
});
