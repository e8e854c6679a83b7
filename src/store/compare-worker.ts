// The comparison (compare-core.ts) in a Web Worker: diffing two versions of a 10,000-item design derives,
// indexes and queries both, which on the main thread would hold up typing each time the design settles.
// Designs travel as exact JSON text (ExactNumbers do not survive structured clone): the other version only
// when it changes, the design on screen as the analysis worker's parts (only the changed ones are sent).
import { parseExactJson } from '../core/model/exact-json.ts';
import type { Design } from '../core/model/schema.ts';
import type { AnalysisRequest } from './analysis-worker.ts';
import { type Comparison, compareDesigns } from './compare-core.ts';

export interface CompareRequest extends AnalysisRequest {
  /** The other version, when it is not the one of the previous request. */
  old?: string;
}

export type CompareAnswer = { id: number; comparison: Comparison } | { id: number; error: string };

/** Keeps the designs the requests describe and compares them. */
export function createComparer(): (request: CompareRequest) => CompareAnswer {
  let old: Design | undefined;
  let table: Design['table'] | undefined;
  let entities: Design['entities'] = [];
  let lists: Record<string, Design['items'][string]> = {};
  return (request) => {
    try {
      if (request.old !== undefined) old = parseExactJson(request.old) as Design;
      if (request.table !== undefined) table = parseExactJson(request.table) as Design['table'];
      if (request.entities !== undefined) entities = parseExactJson(request.entities) as Design['entities'];
      const kept = lists;
      lists = {};
      for (const name of request.itemLists)
        lists[name] =
          request.items[name] !== undefined
            ? (parseExactJson(request.items[name]) as Design['items'][string])
            : kept[name];
      if (!old || !table) throw new Error('the first request has no designs');
      const next = { ...(parseExactJson(request.rest) as object), table, entities, items: lists } as Design;
      return { id: request.id, comparison: compareDesigns(old, next) };
    } catch (error) {
      return { id: request.id, error: error instanceof Error ? error.message : String(error) };
    }
  };
}

if ('WorkerGlobalScope' in globalThis) {
  const scope = globalThis as unknown as {
    onmessage: (event: { data: CompareRequest }) => void;
    postMessage(answer: CompareAnswer): void;
  };
  const compare = createComparer();
  scope.onmessage = (event) => scope.postMessage(compare(event.data));
}
