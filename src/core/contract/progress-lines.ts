// The lines of a streamed apply or load (`Accept: application/x-ndjson`, server/plugins/progress.ts): any
// number of progress lines, then one result line (the route's own answer) or one error line. Defined once
// for the server, which checks every line against these before writing it, and the SPA, which reads them
// (src/api/client.ts).
import { z } from 'zod';

export const progressLineSchema = z.strictObject({
  progress: z.strictObject({ written: z.number(), total: z.number() }),
});
export type ProgressLine = z.infer<typeof progressLineSchema>;

/** The last line of a stream that failed: the error a plain JSON answer would have had, and its status. */
export const errorLineSchema = z.strictObject({
  error: z.strictObject({ code: z.string(), message: z.string(), status: z.number().int() }),
});
export type ErrorLine = z.infer<typeof errorLineSchema>;

/** The last line of a stream that succeeded: the route's answer, in its route's response schema. */
export function resultLineSchema<T extends z.ZodType>(result: T) {
  return z.strictObject({ result });
}

/** Any line of a stream whose result is a T. */
export type StreamLine<T> = ProgressLine | { result: T } | ErrorLine;
