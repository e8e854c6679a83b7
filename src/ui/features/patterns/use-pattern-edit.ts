// Edits of the selected pattern, each one undo step through the core's ops. A change that the ops refuse
// (an empty name, a limit of 0) leaves the design as it was; the refusal is in the store's opError.
import { useCallback } from 'react';
import * as ops from '../../../core/model/ops/index.ts';
import type { AccessPattern, Design } from '../../../core/model/schema.ts';
import { useStore } from '../../../store/index.ts';

/** Field → new value; undefined removes the field. */
export type PatternChanges = Record<string, unknown>;

function current(design: Design, id: string): AccessPattern {
  const pattern = design.accessPatterns.find((p) => p.id === id);
  if (!pattern) throw new ops.DesignOpError(`no access pattern with id ${id}`);
  return pattern;
}

function applyChanges(pattern: AccessPattern, changes: PatternChanges): AccessPattern {
  const fields = pattern as Record<string, unknown>;
  if (Object.entries(changes).every(([key, value]) => fields[key] === value)) return pattern;
  const next: Record<string, unknown> = { ...pattern, ...changes };
  for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
  return next as AccessPattern;
}

/** Returns the error message when the change was refused, else null. */
export type PatternEdit = (changes: PatternChanges) => string | null;

export function usePatternEdit(id: string): PatternEdit {
  const commit = useStore((s) => s.commit);
  return useCallback(
    (changes) => {
      const ok = commit((d) => ops.updatePattern(d, id, applyChanges(current(d, id), changes)));
      return ok ? null : (useStore.getState().opError ?? 'the change was refused');
    },
    [commit, id],
  );
}

/** Any other edit of the design, with the same refusal convention. */
export function useCommit(): (update: (design: Design) => Design) => string | null {
  const commit = useStore((s) => s.commit);
  return useCallback(
    (update) => (commit(update) ? null : (useStore.getState().opError ?? 'the change was refused')),
    [commit],
  );
}
