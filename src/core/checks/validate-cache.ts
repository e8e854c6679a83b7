// Checks of one entity's samples, kept per samples array. Designs are immutable and an edit keeps the arrays
// it does not change, so validating after an edit checks again only the edited entity's samples (100,000
// samples take about a second): the same array, checked with the same inputs, has the same problems.
import type { ValidationProblem } from './validation-types.ts';

type Add = (path: string, message: string) => void;

export interface SamplesCache {
  get(samples: object): { inputs: unknown[]; problems: ValidationProblem[] } | undefined;
  set(samples: object, value: { inputs: unknown[]; problems: ValidationProblem[] }): void;
}

export function samplesCache(): SamplesCache {
  return new WeakMap();
}

/**
 * Runs `check` on `samples`, or gives the problems it found last time for this array when every one of
 * `inputs` (what else the check reads, compared with ===) is the same.
 */
export function checkSamplesOnce(
  cache: SamplesCache,
  samples: object,
  inputs: unknown[],
  add: Add,
  check: (add: Add) => void,
): void {
  let found = cache.get(samples);
  if (
    !found ||
    found.inputs.length !== inputs.length ||
    found.inputs.some((input, i) => input !== inputs[i])
  ) {
    const problems: ValidationProblem[] = [];
    check((path, message) => problems.push({ path, message }));
    found = { inputs, problems };
    cache.set(samples, found);
  }
  for (const { path, message } of found.problems) add(path, message);
}
