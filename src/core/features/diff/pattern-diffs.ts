// Every access pattern of two versions of a design compared: read patterns answered on both versions,
// with their example arguments, from the same stored items (the old items, and the new design's items made
// from them). A read that answered items and answers none, fails, or names attributes no entity declares
// any more is no longer served.
import { canonicalJson } from '../../evaluate/compare-run.ts';
import { evaluateRead } from '../../evaluate/evaluate.ts';
import type { IndexViews } from '../../indexes/views.ts';
import { keyAttributeTypes } from '../../model/indexes.ts';
import type { AccessPattern, Design } from '../../model/schema.ts';
import { resolvePattern } from '../../requests/resolve.ts';
import type { PlainItem } from '../../values/item.ts';
import { messageOf } from '../../values/text/message.ts';
import type { Change } from './definition-changes.ts';

export type PatternStatus = 'same' | 'changed' | 'added' | 'removed' | 'unserved' | 'unevaluated';

export interface PatternDiff {
  id: string;
  status: PatternStatus;
  /** Items answered by the old and the new version (with the pattern's example arguments). */
  before?: { count: number; error?: string };
  after?: { count: number; error?: string };
  reason?: string;
}

const json = (value: unknown) => canonicalJson(value ?? null);

type Evaluation = { items: PlainItem[]; error?: undefined } | { items?: undefined; error: string };

function evaluate(design: Design, views: IndexViews, pattern: AccessPattern): Evaluation {
  try {
    const spec = resolvePattern(design, pattern, pattern.example ?? {});
    return { items: evaluateRead(design, views, spec).items };
  } catch (error) {
    return { error: messageOf(error) };
  }
}

const READS = new Set(['GetItem', 'Query', 'Scan']);

/** Attributes a read pattern names in its filter and projection. */
function namedAttributes(pattern: AccessPattern): string[] {
  if (!READS.has(pattern.operation)) return [];
  const read = pattern as Extract<AccessPattern, { operation: 'Query' }>;
  return [...(read.filter ?? []).map((c) => c.attribute), ...(read.projection ?? [])];
}

function declaredAttributes(design: Design): Set<string> {
  const names = new Set<string>(keyAttributeTypes(design).keys());
  names.add(design.table.typeAttribute);
  for (const e of design.entities) for (const a of e.attributes) names.add(a.name);
  return names;
}

/**
 * Each pattern of either version: added, removed, or (a read) answered on both from the same stored items;
 * definition changes are pushed onto `changes`.
 */
export function patternDiffs(
  old: Design,
  next: Design,
  oldViews: IndexViews,
  newViews: IndexViews,
  changes: Change[],
): PatternDiff[] {
  const newPatterns = new Map(next.accessPatterns.map((p) => [p.id, p]));
  const oldIds = new Set(old.accessPatterns.map((p) => p.id));
  const oldDeclared = declaredAttributes(old);
  const newDeclared = declaredAttributes(next);
  const out: PatternDiff[] = [];
  for (const pattern of old.accessPatterns) {
    const after = newPatterns.get(pattern.id);
    if (!after) {
      changes.push({
        area: 'pattern',
        target: pattern.id,
        kind: 'removed',
        detail: 'access pattern removed',
        verdict: 'compatible',
      });
      out.push({ id: pattern.id, status: 'removed' });
      continue;
    }
    if (json(pattern) !== json(after))
      changes.push({
        area: 'pattern',
        target: pattern.id,
        kind: 'changed',
        detail: 'access pattern definition changed',
        verdict: 'compatible',
      });
    if (!READS.has(pattern.operation)) continue;
    const a = evaluate(old, oldViews, pattern);
    const b = READS.has(after.operation)
      ? evaluate(next, newViews, after)
      : { error: `now a ${after.operation}` };
    const entry: PatternDiff = {
      id: pattern.id,
      status: 'same',
      before: a.error !== undefined ? { count: 0, error: a.error } : { count: a.items.length },
      after: b.error !== undefined ? { count: 0, error: b.error } : { count: b.items!.length },
    };
    const lost = namedAttributes(after).filter((name) => oldDeclared.has(name) && !newDeclared.has(name));
    if (a.error !== undefined) entry.status = b.error !== undefined ? 'unevaluated' : 'changed';
    else if (lost.length > 0) {
      entry.status = 'unserved';
      entry.reason = `it names ${lost.join(', ')}, which no entity declares any more`;
    } else if (b.error !== undefined) {
      entry.status = 'unserved';
      entry.reason = b.error;
    } else if (a.items.length > 0 && b.items!.length === 0) {
      entry.status = 'unserved';
      entry.reason = `it answered ${a.items.length} items and now answers none`;
    } else if (json(a.items) !== json(b.items)) entry.status = 'changed';
    out.push(entry);
  }
  for (const pattern of next.accessPatterns)
    if (!oldIds.has(pattern.id)) {
      changes.push({
        area: 'pattern',
        target: pattern.id,
        kind: 'added',
        detail: 'new access pattern',
        verdict: 'compatible',
      });
      out.push({ id: pattern.id, status: 'added' });
    }
  return out;
}
