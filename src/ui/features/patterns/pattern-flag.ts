// The one line at the top of the pattern editor that says a pattern cannot work as designed: it cannot be
// built or answered (unreachable), it scans, or it finds nothing with its example arguments.
import type { AccessPattern } from '../../../core/model/schema.ts';
import type { PatternPreview } from '../../../store/pattern-preview.ts';

export interface PatternFlag {
  level: 'error' | 'warn';
  message: string;
}

export function patternFlag(
  pattern: AccessPattern,
  preview: PatternPreview | null,
  requestError: string | undefined,
): PatternFlag | null {
  if (preview?.error) return { level: 'error', message: `Unreachable: ${preview.error}` };
  if (requestError) return { level: 'error', message: `Cannot build the request: ${requestError}` };
  if (pattern.operation === 'Scan') {
    const target = pattern.index ?? 'the table';
    return {
      level: 'warn',
      message: `Scan reads every item of ${target}: no key condition, so its cost grows with the table`,
    };
  }
  const result = preview?.result;
  if ((pattern.operation === 'Query' || pattern.operation === 'GetItem') && result && result.count === 0) {
    const filtered = preview.filtered.size;
    const why = filtered > 0 ? `: the filter removes all ${filtered} items read` : ': no item has this key';
    return { level: 'warn', message: `Finds nothing with the example arguments${why}` };
  }
  return null;
}
