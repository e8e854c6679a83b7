// The generated request as the editor shows and copies it.
import type { BuiltRequest } from '../../../core/requests/build.ts';

export interface BuiltOrError {
  request?: BuiltRequest;
  error?: string;
}

export type RequestForm = 'low-level' | 'document';

/** The request's JSON in the chosen form: what the Copy button copies. */
export function requestText(built: BuiltOrError, form: RequestForm): string {
  if (!built.request) return '';
  const { operation, input, documentInput } = built.request;
  return JSON.stringify({ operation, input: form === 'document' ? documentInput : input }, null, 2);
}
