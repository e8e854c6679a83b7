// A request body checked against the core's contract schema: a design past one of its limits (items, or the
// structure's DESIGN_LIMITS) is refused first (with the message the app and the CLI give), then every problem
// is named by its path.
import type { ZodType } from 'zod';
import { designLimitProblem } from '../src/core/model/design-limits.ts';
import { ApiFailure } from './errors.ts';

export function parseBody<T>(schema: ZodType<T>, body: unknown): T {
  // A body's design past a limit is refused before any part of it is checked; the message is the one the
  // app and the CLI give: 400 for its items (as before), 413 for a part of its structure.
  const tooLarge = designLimitProblem((body as { design?: unknown } | null)?.design);
  if (tooLarge?.limit === 'items') throw new ApiFailure(400, 'TooManyItems', tooLarge.message);
  if (tooLarge)
    throw new ApiFailure(413, 'DesignTooLarge', `design.${tooLarge.path}: ${tooLarge.message}`, tooLarge);
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (i) => `${i.path.map(String).join('.') || '(body)'}: ${i.message}`,
    );
    throw new ApiFailure(400, 'InvalidRequest', problems.slice(0, 5).join('; '), problems);
  }
  return parsed.data;
}
