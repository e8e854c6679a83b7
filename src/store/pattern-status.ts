// A one-glance verdict per access pattern for the sidebar, the worst of what is known about it: ✗ a
// validation problem or lint error on it, or it cannot be answered (missing argument…); ⚠ a lint warning,
// a Scan, or nothing returned with its example arguments; ✓ otherwise (lint notes do not lower it).
// Memoized per design object and findings, like the other derived data.
import type { Design } from '../core/model/schema.ts';
import { plural } from '../core/text/plural.ts';
import { type DesignFinding, findingsOf, useFindings } from './analysis.ts';
import { useDeferredDesign } from './derived.ts';
import { previewPattern } from './pattern-preview.ts';

export type PatternTone = 'ok' | 'warn' | 'error';

export interface PatternStatus {
  tone: PatternTone;
  /** Why, in a sentence, for the tooltip and the accessible label. */
  reason: string;
}

const RANK: Record<PatternTone, number> = { ok: 0, warn: 1, error: 2 };
const TONE: Record<DesignFinding['severity'], PatternTone> = { error: 'error', warning: 'warn', info: 'ok' };

/** How the sidebar names a tone to assistive technology. */
export const TONE_LABEL: Record<PatternTone, string> = { ok: 'OK', warn: 'Warning', error: 'Error' };

/** The pattern's own findings (its path or below) but suppressed ones, worst first. */
function findingsOn(findings: readonly DesignFinding[], base: string): DesignFinding[] {
  return findings
    .filter((f) => !f.suppressed)
    .filter((f) => f.target === base || f.target.startsWith(`${base}.`) || f.target.startsWith(`${base}[`))
    .sort((a, b) => RANK[TONE[b.severity]] - RANK[TONE[a.severity]]);
}

/** What answering the pattern in memory with its example arguments says. */
function previewVerdict(design: Design, index: number): PatternStatus {
  const pattern = design.accessPatterns[index];
  if (pattern.operation === 'Scan')
    return { tone: 'warn', reason: `Needs a Scan: it reads every item of ${pattern.index ?? 'the table'}` };
  const preview = previewPattern(design, pattern.id);
  if (!preview) return { tone: 'ok', reason: `${pattern.operation} is valid` };
  if (preview.error) return { tone: 'error', reason: preview.error };
  const n = preview.returned.size;
  if (n === 0) return { tone: 'warn', reason: 'Returns no items with its example arguments' };
  return { tone: 'ok', reason: `Returns ${plural(n, 'item')} with its example arguments` };
}

function statusOf(design: Design, index: number, findings: readonly DesignFinding[]): PatternStatus {
  const base = `accessPatterns[${index}]`;
  const own = findingsOn(findings, base);
  const explain = (f: DesignFinding) => {
    const more = own.length > 1 ? ` (and ${own.length - 1} more finding${own.length === 2 ? '' : 's'})` : '';
    return `${f.target.slice(base.length + 1) || 'pattern'}: ${f.message}${more}`;
  };
  const worst = own[0];
  // A validation problem comes first: the pattern cannot even be previewed.
  if (worst && TONE[worst.severity] === 'error') return { tone: 'error', reason: explain(worst) };
  const verdict = previewVerdict(design, index);
  if (worst && RANK[TONE[worst.severity]] >= RANK[verdict.tone] && worst.severity !== 'info')
    return { tone: TONE[worst.severity], reason: explain(worst) };
  return verdict;
}

const cache = new WeakMap<
  Design,
  { findings: readonly DesignFinding[]; statuses: Map<string, PatternStatus> }
>();

/** Every pattern's status from the design and its findings (validation problems, then lint findings). */
export function patternStatuses(
  design: Design,
  findings: readonly DesignFinding[] = findingsOf(design, null),
): Map<string, PatternStatus> {
  const cached = cache.get(design);
  if (cached?.findings === findings) return cached.statuses;
  const statuses = new Map(design.accessPatterns.map((p, i) => [p.id, statusOf(design, i, findings)]));
  cache.set(design, { findings, statuses });
  return statuses;
}

export function usePatternStatuses(): Map<string, PatternStatus> {
  const design = useDeferredDesign();
  const findings = useFindings();
  return design ? patternStatuses(design, findings) : new Map();
}
