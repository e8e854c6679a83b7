// The design's analysis (validation, lint findings, estimates, cost, one table per entity, each pattern's
// verdict) in a Web Worker:
// at 100,000 items it takes over a second, which on the main thread would freeze typing each time it
// pauses. The main thread (analysis-remote.ts) sends the design part by part (design-parts.ts).
import { costModel } from '../core/analysis/cost.ts';
import { estimateDesign } from '../core/analysis/estimate.ts';
import { compareTablePerEntity } from '../core/analysis/table-per-entity.ts';
import { validateDesign } from '../core/checks/validate.ts';
import { patternVerdicts } from '../core/evaluate/pattern-preview.ts';
import { buildViewsFor, type IndexViews } from '../core/indexes/views.ts';
import { Derivations } from '../core/items/derivations.ts';
import { lintWhenValid, type RemoteAnalysis } from './analysis-lint.ts';
import { answerTo, createDesignReceiver, type DesignParts, serveRequests } from './design-parts.ts';

/** A design to analyse, as its parts (design-parts.ts). */
export type AnalysisRequest = DesignParts;

export type AnalysisAnswer = { id: number; analysis: RemoteAnalysis } | { id: number; error: string };

/** Keeps the design the requests describe and analyses it; the views are kept while the items and keys are. */
export function createAnalyser(): (request: AnalysisRequest) => AnalysisAnswer {
  const receive = createDesignReceiver();
  let views: { table: unknown; entities: unknown; items: unknown; all: IndexViews } | undefined;
  // The worker's copy of the designer's lineage: each design it is sent is the next version of the last.
  const derivations = new Derivations();
  return (request) =>
    answerTo(request.id, () => {
      const design = receive(request);
      const { table, entities, items } = design;
      if (!views || views.table !== table || views.entities !== entities || views.items !== items)
        views = { table, entities, items, all: buildViewsFor(design, derivations) };
      const { problems } = validateDesign(design);
      const lint = lintWhenValid(design, problems.length);
      const all = views.all;
      // A design that does not validate (a template being typed, say) may not be estimated: its problems
      // and verdicts go back all the same, so the editors show them, and the last costs stand (null).
      const unlessInvalid = <T>(compute: () => T): T | null => {
        try {
          return compute();
        } catch (error) {
          if (problems.length === 0) throw error;
          return null;
        }
      };
      const estimates = unlessInvalid(() => estimateDesign(design, all));
      const cost = estimates && unlessInvalid(() => costModel(design, { estimates, views: all }));
      const tablePerEntity = estimates && unlessInvalid(() => compareTablePerEntity(design, estimates, all));
      const verdicts = unlessInvalid(() => patternVerdicts(design, all)) ?? {};
      return { analysis: { problems, lint, estimates, cost, tablePerEntity, verdicts } };
    });
}

serveRequests(createAnalyser());
