// Timing helpers shared by the benchmarks: run a function after a warm-up, report the median and p99 of
// the runs, and print aligned tables.

export interface Timing {
  /** Milliseconds. */
  median: number;
  /** Milliseconds. */
  p99: number;
  runs: number;
}

export interface MeasureOptions {
  runs?: number;
  /** Untimed runs first, so that the JIT has compiled the code being timed. */
  warmup?: number;
}

export function measure(fn: () => unknown, { runs = 7, warmup = 2 }: MeasureOptions = {}): Timing {
  for (let i = 0; i < warmup; i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    fn();
    samples.push(performance.now() - started);
  }
  return { ...quantiles(samples), runs };
}

/** Median and p99 of samples, in any order (linear interpolation between the closest ranks). */
export function quantiles(samples: readonly number[]): { median: number; p99: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => {
    const position = (sorted.length - 1) * q;
    const below = Math.floor(position);
    const above = Math.min(below + 1, sorted.length - 1);
    return sorted[below] + (sorted[above] - sorted[below]) * (position - below);
  };
  return { median: at(0.5), p99: at(0.99) };
}

export function formatMs(ms: number): string {
  if (ms < 1) return `${(ms * 1000).toFixed(1)} µs`;
  return ms < 100 ? `${ms.toFixed(2)} ms` : `${ms.toFixed(0)} ms`;
}

/** Prints rows as a table; the first row is the header. The first and last columns align left, the rest right. */
export function printTable(rows: string[][]): void {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        column === 0 || column === widths.length - 1
          ? cell.padEnd(widths[column])
          : cell.padStart(widths[column]),
      )
      .join('  ');
  console.log(line(rows[0]).trimEnd());
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows.slice(1)) console.log(line(row).trimEnd());
}
