// The comparison (compare-core.ts) in a Web Worker: diffing two versions of a 10,000-item design derives,
// indexes and queries both, which on the main thread would hold up typing each time the design settles.
// Designs travel as exact JSON text (ExactNumbers do not survive structured clone): the other version only
// when it changes, the design on screen part by part (design-parts.ts).

import type { Design } from '../core/model/schema.ts';
import { parseExactJson } from '../core/values/exact-json.ts';
import { type Comparison, compareDesigns } from './compare-core.ts';
import { answerTo, createDesignReceiver, type DesignParts, serveRequests } from './design-parts.ts';

export interface CompareRequest extends DesignParts {
  /** The other version, when it is not the one of the previous request. */
  old?: string;
}

export type CompareAnswer = { id: number; comparison: Comparison } | { id: number; error: string };

/** Keeps the designs the requests describe and compares them. */
export function createComparer(): (request: CompareRequest) => CompareAnswer {
  const receive = createDesignReceiver();
  let old: Design | undefined;
  return (request) =>
    answerTo(request.id, () => {
      if (request.old !== undefined) old = parseExactJson(request.old) as Design;
      const next = receive(request);
      if (!old) throw new Error('the first request has no designs');
      return { comparison: compareDesigns(old, next) };
    });
}

serveRequests(createComparer());
