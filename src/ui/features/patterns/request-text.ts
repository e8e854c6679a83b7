// The generated request as the editor shows and copies it.

import type { AccessPattern, Design } from '../../../core/model/schema.ts';
import { type BuiltRequest, patternRequest } from '../../../core/requests/build.ts';
import { stringifyExactJson } from '../../../core/values/exact-json.ts';
import { messageOf } from '../../../core/values/text/message.ts';

export interface BuiltOrError {
  request?: BuiltRequest;
  error?: string;
}

/** The request the editor shows for a pattern: the one a run of it sends (patternRequest), or why there is none. */
export function shownRequest(design: Design, pattern: AccessPattern): BuiltOrError {
  try {
    return { request: patternRequest(design, pattern) };
  } catch (error) {
    return { error: messageOf(error) };
  }
}

export type RequestForm = 'low-level' | 'document';

/** The request's JSON in the chosen form, numbers with every digit: what the Copy button copies. */
export function requestText(built: BuiltOrError, form: RequestForm): string {
  if (!built.request) return '';
  const { operation, input, documentInput } = built.request;
  return stringifyExactJson({ operation, input: form === 'document' ? documentInput : input }, 2);
}
