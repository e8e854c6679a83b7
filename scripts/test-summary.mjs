// Counting for `npm test`'s closing `N passed, N failed` line, from the runners' JSON reports.
// A suite that never ran is a failure, not a zero: a test file that cannot be imported counts as
// one failed, and so does a spec file Playwright could not load; a runner that exits non-zero with
// no failure in its report (it crashed, or wrote no report) counts as one failed too.

/** @typedef {{ passed: number, failed: number }} Count */

/**
 * Vitest's JSON reporter: passed and failed tests, plus one failure per file whose suite failed
 * without any failed test in it (it failed to load, or a hook at file level threw).
 * @param {any} report the parsed JSON report, or undefined when none was written
 * @param {boolean} exitedOk
 * @returns {Count}
 */
export function countVitest(report, exitedOk) {
  if (!report) return { passed: 0, failed: 1 };
  const brokenFiles = report.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  ).length;
  const failed = report.numFailedTests + brokenFiles;
  return { passed: report.numPassedTests, failed: failed + (exitedOk || failed > 0 ? 0 : 1) };
}

/**
 * Playwright's JSON reporter: expected and flaky tests pass; unexpected ones fail, and each
 * top-level error (a spec file that crashed while loading, a webServer that did not start) counts.
 * @param {any} report the parsed JSON report, or undefined when none was written
 * @param {boolean} exitedOk
 * @returns {Count}
 */
export function countPlaywright(report, exitedOk) {
  if (!report) return { passed: 0, failed: 1 };
  const { stats, errors = [] } = report;
  const failed = stats.unexpected + errors.length;
  return { passed: stats.expected + stats.flaky, failed: failed + (exitedOk || failed > 0 ? 0 : 1) };
}
