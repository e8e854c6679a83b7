// A request body checked against the core's contract schema: a design past the item limit is refused
// first (with the message the app and the CLI give), then every problem is named by its path.
import type { ZodType } from 'zod';
import { designItemCount, itemLimitMessage } from '../src/core/model/design-limits.ts';
import { ApiFailure } from './errors.ts';

export function parseBody<T>(schema: ZodType<T>, body: unknown): T {
  // A body's design past the limit is refused before its samples are checked one by one; the message is
  // the one the app and the CLI give.
  const tooMany = itemLimitMessage(designItemCount((body as { design?: unknown } | null)?.design));
  if (tooMany) throw new ApiFailure(400, 'TooManyItems', tooMany);
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (i) => `${i.path.map(String).join('.') || '(body)'}: ${i.message}`,
    );
    throw new ApiFailure(400, 'InvalidRequest', problems.slice(0, 5).join('; '), problems);
  }
  return parsed.data;
}
