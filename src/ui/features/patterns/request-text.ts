// The generated request as the editor shows and copies it.

import type { BuiltRequest } from '../../../core/requests/build.ts';
import { stringifyExactJson } from '../../../core/values/exact-json.ts';

export interface BuiltOrError {
  request?: BuiltRequest;
  error?: string;
}

export type RequestForm = 'low-level' | 'document';

/** The request's JSON in the chosen form, numbers with every digit: what the Copy button copies. */
export function requestText(built: BuiltOrError, form: RequestForm): string {
  if (!built.request) return '';
  const { operation, input, documentInput } = built.request;
  return stringifyExactJson({ operation, input: form === 'document' ? documentInput : input }, 2);
}
