// A one-glance verdict per access pattern for the sidebar, the worst of what is known about it: ✗ a
// validation problem or lint error on it, or it cannot be answered (missing argument…); ⚠ a lint warning,
// a Scan, or nothing returned with its example arguments; ✓ otherwise (lint notes do not lower it).
// Memoized per design object and findings, like the other derived data. The verdicts of the answers come
// from the analysis worker with its findings (every pattern of 100,000 items answered each time typing pauses
// would hold up the next keystroke); without a worker they are answered here.
import { type PatternTone, type PatternVerdict, previewVerdict } from '../core/evaluate/pattern-preview.ts';
import type { Design } from '../core/model/schema.ts';
import { type DesignFinding, findingsOf, useDesignCheck } from './analysis.ts';
import { previewPattern } from './pattern-preview.ts';

export type { PatternTone } from '../core/evaluate/pattern-preview.ts';
export type PatternStatus = PatternVerdict;

const NOT_ANSWERED: PatternStatus = { tone: 'ok', reason: 'Not answered while the design has problems' };

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

function statusOf(
  design: Design,
  index: number,
  findings: readonly DesignFinding[],
  verdicts: Record<string, PatternVerdict> | undefined,
): PatternStatus {
  const base = `accessPatterns[${index}]`;
  const own = findingsOn(findings, base);
  const explain = (f: DesignFinding) => {
    const more = own.length > 1 ? ` (and ${own.length - 1} more finding${own.length === 2 ? '' : 's'})` : '';
    return `${f.target.slice(base.length + 1) || 'pattern'}: ${f.message}${more}`;
  };
  const worst = own[0];
  // A validation problem comes first: the pattern cannot even be previewed.
  if (worst && TONE[worst.severity] === 'error') return { tone: 'error', reason: explain(worst) };
  const pattern = design.accessPatterns[index];
  // The worker answers every pattern; one it could not (a design that does not validate) is not answered
  // here instead, on the main thread, but left to its findings.
  const verdict = verdicts
    ? (verdicts[pattern.id] ?? NOT_ANSWERED)
    : previewVerdict(pattern, pattern.operation === 'Scan' ? null : previewPattern(design, pattern.id));
  if (worst && RANK[TONE[worst.severity]] >= RANK[verdict.tone] && worst.severity !== 'info')
    return { tone: TONE[worst.severity], reason: explain(worst) };
  return verdict;
}

const cache = new WeakMap<
  Design,
  { findings: readonly DesignFinding[]; statuses: Map<string, PatternStatus> }
>();

/**
 * Every pattern's status from the design, its findings (validation problems, then lint findings) and, when
 * the worker gave them, the verdicts of its answers (answered here otherwise).
 */
export function patternStatuses(
  design: Design,
  findings: readonly DesignFinding[] = findingsOf(design, null),
  verdicts?: Record<string, PatternVerdict>,
): Map<string, PatternStatus> {
  const cached = cache.get(design);
  if (cached?.findings === findings) return cached.statuses;
  const statuses = new Map(
    design.accessPatterns.map((p, i) => [p.id, statusOf(design, i, findings, verdicts)]),
  );
  cache.set(design, { findings, statuses });
  return statuses;
}

const NONE = new Map<string, PatternStatus>();

/** The statuses as of the last analysed design (a pattern added since has none until the next analysis). */
export function usePatternStatuses(): Map<string, PatternStatus> {
  const check = useDesignCheck();
  return check ? patternStatuses(check.design, check.findings, check.verdicts) : NONE;
}
