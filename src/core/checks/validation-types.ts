// What a validation of a design answers: the design, or the problems found, each at a path of the document.
import type { Design } from '../model/schema.ts';

export interface ValidationProblem {
  path: string;
  message: string;
}

export type ValidationResult =
  | { ok: true; design: Design; problems: [] }
  | { ok: false; design?: undefined; problems: ValidationProblem[] };
