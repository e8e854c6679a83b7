// What an apply would destroy, decided before it changes anything: a pure function of what the table holds
// and what the caller allowed. Creating a table, updating it in place and writing the design's items destroy
// nothing of what is not in the design; recreating a table (its key schema or LSIs changed) deletes all its
// items, and a replace deletes the items that are not in the design. Each needs its own flag, and is named
// with its table and item count before it is taken, so `keyplan apply --aws` cannot wipe a real table that
// happens to share the design's name.

/** What the table holds, as the apply found it. */
export interface FoundTable {
  tableName: string;
  exists: boolean;
  /** Differences only a recreate applies (key schema, LSIs); empty when the table updates in place. */
  recreateReasons: string[];
  /** Items the table holds (counted when they matter: a recreate, or a write of the design's items). */
  items: number;
  /** Of them, those whose primary key no item of the design has. */
  notInDesign: number;
}

export interface ApplyFlags {
  /** Allows recreating the table (`--recreate`, `recreate: true`). */
  recreate?: boolean;
  /** Allows deleting the items not in the design (`--replace`, `replace: true`). */
  replace?: boolean;
}

export type DestructiveStep =
  | { kind: 'recreate'; tableName: string; items: number; reasons: string[] }
  | { kind: 'delete-items'; tableName: string; items: number };

export interface ApplyPlan {
  /** What the apply destroys, in order, each allowed by its flag. */
  steps: DestructiveStep[];
  /** A step the design needs that the flags do not allow: the apply must change nothing. */
  refused?: DestructiveStep;
  /** Items not in the design that the table still holds after the apply. */
  notInDesign: number;
}

export function absentTable(tableName: string): FoundTable {
  return { tableName, exists: false, recreateReasons: [], items: 0, notInDesign: 0 };
}

export function planApply(found: FoundTable, flags: ApplyFlags): ApplyPlan {
  const { tableName } = found;
  if (!found.exists) return { steps: [], notInDesign: 0 };
  if (found.recreateReasons.length > 0) {
    const step: DestructiveStep = {
      kind: 'recreate',
      tableName,
      items: found.items,
      reasons: found.recreateReasons,
    };
    return flags.recreate
      ? { steps: [step], notInDesign: 0 }
      : { steps: [], refused: step, notInDesign: found.notInDesign };
  }
  if (flags.replace && found.notInDesign > 0)
    return { steps: [{ kind: 'delete-items', tableName, items: found.notInDesign }], notInDesign: 0 };
  return { steps: [], notInDesign: found.notInDesign };
}

const items = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

/** The step in words, as the CLI prints it before taking it (or when it refuses to). */
export function stepText(step: DestructiveStep): string {
  return step.kind === 'recreate'
    ? `will delete and recreate table ${step.tableName} holding ${items(step.items)} (${step.reasons.join('; ')})`
    : `will delete ${items(step.items)} not in the design from table ${step.tableName}`;
}
