// A design a route was sent, refused (400 InvalidDesign, its first five problems named) when it refers to
// what it does not define: an apply, load or run of it could not mean anything.

import { formatProblems, referenceProblems } from '../../src/core/checks/validate.ts';
import type { Design } from '../../src/core/model/schema.ts';
import { ApiFailure } from '../errors.ts';

export function checkDesign(design: Design): Design {
  const problems = referenceProblems(design);
  if (problems.length > 0)
    throw new ApiFailure(400, 'InvalidDesign', formatProblems(problems.slice(0, 5)), problems);
  return design;
}
