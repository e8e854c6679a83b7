// Types for test-summary.mjs, which test-all.mjs runs with plain Node (no TypeScript loader).
export interface Count {
  passed: number;
  failed: number;
}
export function countVitest(report: unknown, exitedOk: boolean): Count;
export function countPlaywright(report: unknown, exitedOk: boolean): Count;
