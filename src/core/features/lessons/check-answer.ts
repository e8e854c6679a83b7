// A read pattern answered by the evaluator for a check, as the pattern preview and `keyplan query` answer it
// (predictPage: the first page, the pattern's Limit applied), with the arguments a check runs it with; and
// how a caught error reads inside a reason. Shared by the kinds that read (returns, served, local-run).
import { predictPage } from '../../evaluate/compare-run.ts';
import { isReadPattern } from '../../model/read-pattern.ts';
import type { AccessPattern, JsonValue } from '../../model/schema.ts';
import type { ArgumentValues } from '../../requests/pattern-arguments.ts';
import type { ReadResult } from '../../requests/read-spec.ts';
import { messageOf } from '../../values/text/message.ts';
import type { CheckContext } from './check-context.ts';

/** The arguments a check runs a pattern with: the pattern's example, then the check's own. */
export function checkArguments(
  pattern: AccessPattern,
  args: Record<string, JsonValue> | undefined,
): ArgumentValues {
  return { ...(pattern.example ?? {}), ...(args ?? {}) };
}

export type Answer =
  | { ok: true; pattern: AccessPattern; result: ReadResult; args: ArgumentValues }
  | { ok: false; reason: string };

/** A read pattern answered by the evaluator; a reason instead when it cannot be (never a throw). */
export function answerPattern(
  context: CheckContext,
  id: string,
  args: Record<string, JsonValue> | undefined,
): Answer {
  const pattern = context.pattern(id);
  if (!pattern) return { ok: false, reason: context.missingPattern(id) };
  if (!isReadPattern(pattern))
    return {
      ok: false,
      reason: `${id} is a ${pattern.operation}: only a read (GetItem, Query or Scan) returns items`,
    };
  const values = checkArguments(pattern, args);
  try {
    const page = predictPage(context.design, context.views, pattern, values);
    if (!page) return { ok: false, reason: `${id} cannot be answered in memory` };
    return { ok: true, pattern, result: page, args: values };
  } catch (error) {
    return { ok: false, reason: `${id} cannot be answered: ${reasonOf(error)}` };
  }
}

/** A caught value's message as a clause of a longer reason: without its closing period. */
export function reasonOf(error: unknown): string {
  return messageOf(error).replace(/\.$/, '');
}
