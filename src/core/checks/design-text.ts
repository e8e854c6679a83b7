// Reading design JSON as someone types it: a syntax error with its line, a document the schema refuses,
// or a design (which may still have reference problems, as any design being edited does).

import { type Design, designSchema } from '../model/schema.ts';
import { parseExactJson } from '../values/exact-json.ts';
import { jsonSyntaxMessage, referenceProblems, type ValidationProblem, validateDesign } from './validate.ts';

export type DesignTextResult =
  | { kind: 'syntax'; message: string; line: number; column: number }
  | { kind: 'invalid'; problems: ValidationProblem[] }
  | { kind: 'design'; design: Design; problems: ValidationProblem[] };

export function readDesignText(text: string): DesignTextResult {
  let value: unknown;
  try {
    value = parseExactJson(text);
  } catch (error) {
    const message = jsonSyntaxMessage(text, error);
    const at = /line (\d+), column (\d+)/.exec(message);
    const lines = text.split('\n');
    return {
      kind: 'syntax',
      message: message.replace(/^invalid JSON( at line \d+, column \d+)?: /, ''),
      line: at ? Number(at[1]) : lines.length,
      column: at ? Number(at[2]) : (lines[lines.length - 1]?.length ?? 0) + 1,
    };
  }
  const parsed = designSchema.safeParse(value);
  if (!parsed.success) return { kind: 'invalid', problems: validateDesign(value).problems };
  return { kind: 'design', design: parsed.data, problems: referenceProblems(parsed.data) };
}
