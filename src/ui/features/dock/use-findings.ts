// The design's findings as the Problems tab lists them. Validation problems are errors without a rule;
// lint findings (rule id, severity, message, target path) have the same shape and join this list.
import { useProblems } from '../../../store/derived.ts';

export type Severity = 'error' | 'warning' | 'info';

/** The shape of a lint finding; a validation problem is one without a rule. */
export interface Finding {
  rule?: string;
  severity: Severity;
  message: string;
  /** A design path. */
  target: string;
}

export function useFindings(): Finding[] {
  const problems = useProblems();
  return problems.map((p) => ({ severity: 'error', message: p.message, target: p.path }));
}
