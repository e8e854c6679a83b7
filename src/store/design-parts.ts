// A design sent to a Web Worker (the analysis and the compare workers) part by part, as exact JSON text
// (ExactNumbers do not survive structured clone): the main thread sends only the parts that changed since its
// last message, the worker keeps the rest. Both ends of that, and the worker's message loop.

import type { Design } from '../core/model/schema.ts';
import { parseExactJson, stringifyExactJson } from '../core/values/exact-json.ts';
import { messageOf } from '../core/values/text/message.ts';

/** A design as exact JSON text: everything but the items, then the items of changed entities. */
export interface DesignParts {
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

/** The main thread's memory of the parts the worker holds. */
export interface SentParts {
  table?: unknown;
  entities?: unknown;
  lists: Map<string, unknown>;
}

/** The request for `design` with the parts changed since `sent`, which then holds this design's parts. */
export function designParts(id: number, design: Design, sent: SentParts): DesignParts {
  const { table, entities, items, ...rest } = design;
  const request: DesignParts = {
    id,
    rest: stringifyExactJson(rest),
    itemLists: Object.keys(items),
    items: {},
  };
  if (table !== sent.table) request.table = stringifyExactJson(table);
  if (entities !== sent.entities) request.entities = stringifyExactJson(entities);
  const lists = new Map<string, unknown>();
  for (const [name, list] of Object.entries(items)) {
    if (sent.lists.get(name) !== list) request.items[name] = stringifyExactJson(list);
    lists.set(name, list);
  }
  sent.table = table;
  sent.entities = entities;
  sent.lists = lists;
  return request;
}

/**
 * The worker's side: keeps the parts the requests bring and gives the design each describes. Its `table`,
 * `entities` and `items` stay the same objects while no request changes them (for caches keyed by them).
 */
export function createDesignReceiver(): (request: DesignParts) => Design {
  let table: Design['table'] | undefined;
  let entities: Design['entities'] = [];
  let lists: Record<string, Design['items'][string]> = {};
  return (request) => {
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
    if (!table) throw new Error('the first request has no table');
    return { ...(parseExactJson(request.rest) as object), table, entities, items: lists } as Design;
  };
}

/** The answer to request `id`: what `work` gives, or the message of what it threw. */
export function answerTo<A extends object>(
  id: number,
  work: () => A,
): ({ id: number } & A) | { id: number; error: string } {
  try {
    return { id, ...work() };
  } catch (error) {
    return { id, error: messageOf(error) };
  }
}

/** In a Web Worker: answers each message with `answer`'s answer to it (elsewhere, as in tests, nothing). */
export function serveRequests<Request, Answer>(answer: (request: Request) => Answer): void {
  if (!('WorkerGlobalScope' in globalThis)) return;
  const scope = globalThis as unknown as {
    onmessage: (event: { data: Request }) => void;
    postMessage(answer: Answer): void;
  };
  scope.onmessage = (event) => scope.postMessage(answer(event.data));
}
