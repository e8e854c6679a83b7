// Hooks over the design's analysis (validation problems, lint findings, estimates, cost). In the browser the
// settled design's analysis runs in a Web Worker (analysis-worker.ts), its validation and pattern verdicts
// included: the hooks show the last analysis that arrived (and the design it is of) until the next one does,
// and nothing before the first. Without Worker (tests, Node) it runs here, its code loaded on first use
// (after the first screen): until then findings are the validation problems alone.
import { useEffect, useSyncExternalStore } from 'react';
import type { CapacityComparison, ReportedCapacity } from '../core/analysis/compare-capacity.ts';
import type { CostModel } from '../core/analysis/cost.ts';
import type { PatternEstimate } from '../core/analysis/estimate-types.ts';
import type { Finding, Severity } from '../core/analysis/lint.ts';
import type { TablePerEntity } from '../core/analysis/table-per-entity.ts';
import type { ValidationProblem } from '../core/checks/validate.ts';
import type { PatternVerdict } from '../core/evaluate/pattern-preview.ts';
import type { Design } from '../core/model/schema.ts';
import {
  type Analysed,
  type AnalysisClient,
  type AnalysisPort,
  createAnalysisClient,
} from './analysis-remote.ts';
import { problemsOf, useDeferredDesign } from './derived.ts';

type AnalysisCore = typeof import('./analysis-core.ts');

let core: AnalysisCore | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Starts loading the analysis code (once); resolves when it is there. */
export function loadAnalysis(): Promise<void> {
  loading ??= import('./analysis-core.ts').then((module) => {
    core = module;
    for (const listener of listeners) listener();
  });
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function useCore(): AnalysisCore | null {
  const loaded = useSyncExternalStore(subscribe, () => core);
  useEffect(() => {
    if (!loaded) void loadAnalysis();
  }, [loaded]);
  return loaded;
}

let client: AnalysisClient | null | undefined;

/** The analysis worker's client, started on first use; null where there is no Worker. */
function workerClient(): AnalysisClient | null {
  client ??=
    typeof Worker === 'function'
      ? // A Worker's messages are the worker's answers (analysis-worker.ts).
        createAnalysisClient(
          new Worker(new URL('./analysis-worker.ts', import.meta.url), {
            type: 'module',
          }) as unknown as AnalysisPort,
        )
      : null;
  return client;
}

const noWorker = () => () => {};

/**
 * The worker's latest analysis (null until the first arrives), after asking it for this design's;
 * undefined without a worker, when the caller analyses on the main thread.
 */
function useAnalysed(design: Design | null): Analysed | null | undefined {
  const remote = workerClient();
  const analysed = useSyncExternalStore(remote?.subscribe ?? noWorker, () =>
    remote && !remote.failed() ? remote.current() : undefined,
  );
  useEffect(() => remote?.request(design), [remote, design]);
  return analysed;
}

/** A validation problem or a lint finding; validation problems are errors without a rule. */
export interface DesignFinding {
  rule?: string;
  severity: Severity;
  message: string;
  /** A design path (`entities[1].keys.GSI1PK`); empty for the design as a whole. */
  target: string;
  /** Lint findings: the concrete fix, the other places of the same root cause, and the design's suppression. */
  fix?: string;
  related?: string[];
  suppressed?: { reason: string };
}

let lastFindings: {
  design: Design;
  lint: readonly Finding[] | null;
  problems: readonly ValidationProblem[];
  result: DesignFinding[];
} | null = null;

/**
 * The validation problems of a design (validated here unless given: the worker's), then its lint findings
 * (null: the linter has not loaded yet).
 */
export function findingsOf(
  design: Design,
  lint: readonly Finding[] | null,
  problems: readonly ValidationProblem[] = problemsOf(design),
): DesignFinding[] {
  if (lastFindings?.design === design && lastFindings.lint === lint && lastFindings.problems === problems)
    return lastFindings.result;
  const result = [
    ...problems.map((p): DesignFinding => ({ severity: 'error', message: p.message, target: p.path })),
    ...(lint ?? []),
  ];
  lastFindings = { design, lint, problems, result };
  return result;
}

/** What is known of the settled design's soundness, and the design it is of (it may trail by an analysis). */
export interface DesignCheck {
  design: Design;
  problems: readonly ValidationProblem[];
  findings: DesignFinding[];
  /** Each pattern's verdict by id, from the worker; undefined where it ran here (pattern-status.ts computes it). */
  verdicts?: Record<string, PatternVerdict>;
}

const NO_PROBLEMS: ValidationProblem[] = [];

/**
 * The settled design's validation problems and findings: the worker's last answer (none before the first),
 * or, without a worker, computed here.
 */
export function useDesignCheck(): DesignCheck | null {
  const design = useDeferredDesign();
  const analysed = useAnalysed(design);
  const loaded = useCore();
  if (!design) return null;
  if (analysed === null) return null;
  if (analysed !== undefined) {
    const { problems, lint, verdicts } = analysed;
    return {
      design: analysed.design,
      problems,
      findings: findingsOf(analysed.design, lint, problems),
      verdicts,
    };
  }
  const problems = problemsOf(design);
  return { design, problems, findings: findingsOf(design, loaded ? loaded.lintOf(design) : null, problems) };
}

/** Validation problems, then lint findings once the linter has loaded. */
export function useFindings(): DesignFinding[] {
  return useDesignCheck()?.findings ?? [];
}

/** The validation problems the editors show beside their fields. */
export function useProblems(): readonly ValidationProblem[] {
  return useDesignCheck()?.problems ?? NO_PROBLEMS;
}

/** Errors and warnings (what the status bar counts); notes and suppressed findings are left out. */
export function useProblemCount(): number {
  return useFindings().filter((f) => f.severity !== 'info' && !f.suppressed).length;
}

/** What a lint rule is about and why (the Problems tab's details); undefined until the linter has loaded. */
export function useRuleInfo(
  id: string | undefined,
): { description: string; explanation: string } | undefined {
  const loaded = useCore();
  return id && loaded ? loaded.ruleInfo(id) : undefined;
}

/** Every pattern's estimate, in design order; null while the estimators load. */
export function useEstimates(): PatternEstimate[] | null {
  const design = useDeferredDesign();
  const analysed = useAnalysed(design);
  const loaded = useCore();
  if (analysed !== undefined) return design && analysed ? analysed.estimates : null;
  return design && loaded ? loaded.estimatesOf(design) : null;
}

/** The estimate of the request a run sent (its design and arguments); null while the estimators load. */
export function useRunEstimate(
  run: { design: Design; args: Record<string, unknown> } | undefined,
  patternId: string,
): PatternEstimate | null {
  const loaded = useCore();
  return run && loaded ? loaded.estimateOfRun(run, patternId) : null;
}

/** The run's reported capacity compared with its estimate; null without an estimate (loading, or none). */
export function useRunCapacity(
  estimate: PatternEstimate | null,
  report: ReportedCapacity | undefined,
  endpoint: 'dynamodb-local' | 'aws',
): CapacityComparison | null {
  const loaded = useCore();
  if (!loaded || !estimate || estimate.error || !report) return null;
  return loaded.compareCapacity(estimate, report, endpoint);
}

export function useCostModel(): CostModel | null {
  const design = useDeferredDesign();
  const analysed = useAnalysed(design);
  const loaded = useCore();
  if (analysed !== undefined) return design && analysed ? analysed.cost : null;
  return design && loaded ? loaded.costOf(design) : null;
}

export function useTablePerEntity(): TablePerEntity[] | null {
  const design = useDeferredDesign();
  const analysed = useAnalysed(design);
  const loaded = useCore();
  if (analysed !== undefined) return design && analysed ? analysed.tablePerEntity : null;
  return design && loaded ? loaded.tablePerEntityOf(design) : null;
}
