// The design's analysis (validation, lint findings, estimates, cost, one table per entity) in a Web Worker:
// at 100,000 items it takes over a second, which on the main thread would freeze typing each time it
// pauses. The main thread (analysis-remote.ts) sends the design as exact JSON text (ExactNumbers do not
// survive structured clone), only the parts that changed since the last message; the worker keeps the rest.
import { costModel } from '../core/analysis/cost.ts';
import { estimateDesign } from '../core/analysis/estimate.ts';
import { compareTablePerEntity } from '../core/analysis/table-per-entity.ts';
import { buildViewsFor, type IndexViews } from '../core/indexes/views.ts';
import { parseExactJson } from '../core/model/exact-json.ts';
import type { Design } from '../core/model/schema.ts';
import { validateDesign } from '../core/model/validate.ts';
import { type Analysis, lintWhenValid } from './analysis-lint.ts';

/** A design to analyse, as exact JSON text: everything but the items, then the items of changed entities. */
export interface AnalysisRequest {
  id: number;
  /** The design without `table`, `entities` and `items`. */
  rest: string;
  /** Left out when the same as in the previous request. */
  table?: string;
  entities?: string;
  /** The item lists' entity names, in the design's order. */
  itemLists: string[];
  /** The item lists that changed since the previous request. */
  items: Record<string, string>;
}

export type AnalysisAnswer = { id: number; analysis: Analysis } | { id: number; error: string };

/** Keeps the design the requests describe and analyses it; the views are kept while the items and keys are. */
export function createAnalyser(): (request: AnalysisRequest) => AnalysisAnswer {
  let table: Design['table'] | undefined;
  let entities: Design['entities'] = [];
  let lists: Record<string, Design['items'][string]> = {};
  let views: { table: unknown; entities: unknown; items: unknown; all: IndexViews } | undefined;
  return (request) => {
    try {
      if (request.table !== undefined) table = parseExactJson(request.table) as Design['table'];
      if (request.entities !== undefined) entities = parseExactJson(request.entities) as Design['entities'];
      const names = Object.keys(lists);
      const same =
        Object.keys(request.items).length === 0 &&
        names.length === request.itemLists.length &&
        names.every((name, i) => name === request.itemLists[i]);
      if (!same) {
        const kept = lists;
        lists = {};
        for (const name of request.itemLists)
          lists[name] =
            request.items[name] !== undefined
              ? (parseExactJson(request.items[name]) as Design['items'][string])
              : kept[name];
      }
      const items = lists;
      if (!table) throw new Error('the first request has no table');
      const design = { ...(parseExactJson(request.rest) as object), table, entities, items } as Design;
      if (!views || views.table !== table || views.entities !== entities || views.items !== items)
        views = { table, entities, items, all: buildViewsFor(design) };
      const lint = lintWhenValid(design, validateDesign(design).problems.length);
      const estimates = estimateDesign(design, views.all);
      const cost = costModel(design, { estimates, views: views.all });
      const tablePerEntity = compareTablePerEntity(design, estimates, views.all);
      return { id: request.id, analysis: { lint, estimates, cost, tablePerEntity } };
    } catch (error) {
      return { id: request.id, error: error instanceof Error ? error.message : String(error) };
    }
  };
}

if ('WorkerGlobalScope' in globalThis) {
  const scope = globalThis as unknown as {
    onmessage: (event: { data: AnalysisRequest }) => void;
    postMessage(answer: AnalysisAnswer): void;
  };
  const analyse = createAnalyser();
  scope.onmessage = (event) => scope.postMessage(analyse(event.data));
}
