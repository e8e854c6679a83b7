// The design's lint configuration as the Problems tab edits it: suppress one finding with a reason, or lift it.
import { type Suppression, suppressionSchema } from '../review-schema.ts';
import type { Design } from '../schema.ts';
import { assertValid } from './shared.ts';

const same = (a: Pick<Suppression, 'rule' | 'target'>, b: Pick<Suppression, 'rule' | 'target'>) =>
  a.rule === b.rule && a.target === b.target;

/** Adds the suppression (or gives an existing one of the same rule and target the new reason). */
export function suppressFinding(design: Design, suppression: Suppression): Design {
  assertValid(suppressionSchema, suppression, 'suppression');
  const entry = { ...suppression, reason: suppression.reason.trim() };
  const list = design.lint?.suppress ?? [];
  const at = list.findIndex((s) => same(s, entry));
  const suppress = at < 0 ? [...list, entry] : list.map((s, i) => (i === at ? entry : s));
  return { ...design, lint: { ...design.lint, suppress } };
}

/** Removes the suppression of that rule and target; an empty `lint` goes with it. */
export function unsuppressFinding(design: Design, finding: Pick<Suppression, 'rule' | 'target'>): Design {
  const list = design.lint?.suppress ?? [];
  if (!list.some((s) => same(s, finding))) return design;
  const suppress = list.filter((s) => !same(s, finding));
  const { suppress: _, ...rest } = design.lint ?? {};
  const lint = suppress.length > 0 ? { ...rest, suppress } : rest;
  const { lint: __, ...withoutLint } = design;
  return Object.keys(lint).length > 0 ? { ...withoutLint, lint } : withoutLint;
}
