// Derived data, computed from the design on demand and memoized on its identity (designs are immutable,
// so a new object means a change). Never stored in the store.
import { buildViewsFor, type IndexViews } from '../core/indexes/views.ts';
import type { Design } from '../core/model/schema.ts';
import { type ValidationProblem, validateDesign } from '../core/model/validate.ts';
import { useStore } from './index.ts';

/** Remembers the last argument and result: enough when every caller asks about the current design. */
export function memoizeLast<A extends object, R>(compute: (arg: A) => R): (arg: A) => R {
  let lastArg: A | undefined;
  let lastResult: R;
  return (arg) => {
    if (arg !== lastArg) {
      lastResult = compute(arg);
      lastArg = arg;
    }
    return lastResult;
  };
}

export const viewsOf = memoizeLast((design: Design): IndexViews => buildViewsFor(design));
export const problemsOf = memoizeLast(
  (design: Design): ValidationProblem[] => validateDesign(design).problems,
);

export function useViews(): IndexViews | null {
  const design = useStore((s) => s.design);
  return design ? viewsOf(design) : null;
}

export function useProblems(): ValidationProblem[] {
  const design = useStore((s) => s.design);
  return design ? problemsOf(design) : [];
}
