// How the checks over one design grow with each part of it: every dimension (entities, patterns, GSIs,
// attributes, items, copies, comments, enum values) is grown 1x → 16x from a base design, the others
// kept, and each check a server, CLI or app runs on a design is timed: the limit pre-check and validation
// (what every boundary does first), lint, item derivation, Apply's item check, and building every pattern's
// request. A check linear in a dimension takes ~16x at 16x; the target is ≤ 20x (O(n log n) at most).
import os from 'node:os';
import { type DesignSize, scaledDesign } from '../server/test-support/scaled-design.ts';
import { lintDesign } from '../src/core/analysis/lint.ts';
import { writableItems } from '../src/core/apply/writable.ts';
import { validateDesign } from '../src/core/checks/validate.ts';
import { deriveItems } from '../src/core/items/derive.ts';
import { designLimitProblem } from '../src/core/model/design-limits.ts';
import type { Design } from '../src/core/model/schema.ts';
import { buildRequest } from '../src/core/requests/build.ts';
import { coerceArguments } from '../src/core/requests/typed-arguments.ts';
import { formatMs, measure, printTable } from './measure.ts';

/** The base design: each dimension at 1/16 of a size near its limit (DESIGN_LIMITS), the rest small. */
const BASE: DesignSize = {
  entities: 60,
  patterns: 120,
  gsis: 1,
  lsis: 0,
  attributesPerEntity: 8,
  items: 6_000,
  copiesPerEntity: 1,
  comments: 600,
  enumValues: 60,
};
const DIMENSIONS = Object.keys(BASE).filter((d) => d !== 'lsis') as (keyof DesignSize)[];
const FACTORS = [1, 16];
const TARGET = 20;

interface Check {
  name: string;
  run: (raw: unknown, design: Design) => unknown;
}

const CHECKS: Check[] = [
  { name: 'validate', run: (raw) => designLimitProblem(raw) ?? validateDesign(raw) },
  { name: 'lint', run: (_, design) => lintDesign(design) },
  { name: 'derive', run: (_, design) => deriveItems(design) },
  { name: 'apply items', run: (_, design) => writableItems(design) },
  {
    name: 'requests',
    run: (_, design) => {
      for (const pattern of design.accessPatterns) {
        try {
          buildRequest(design, pattern, coerceArguments(design, pattern.example ?? {}));
        } catch {
          // an argument the example lacks: the request is refused, which is work done too
        }
      }
    },
  },
];

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');

export function runDesignScaleBench(): void {
  console.log(`load average (1/5/15 min) at the start: ${load()}; ${os.cpus().length} cores\n`);
  const rows = [['dimension', '1x → 16x', ...CHECKS.map((c) => `${c.name} 1x / 16x (ratio)`), 'worst ratio']];
  const failures: string[] = [];
  for (const dimension of DIMENSIONS) {
    const times = FACTORS.map((factor) => {
      const size = { ...BASE, [dimension]: BASE[dimension] * factor };
      const raw = JSON.parse(JSON.stringify(scaledDesign(size)));
      const result = validateDesign(raw);
      if (!result.ok) throw new Error(`${dimension} ×${factor}: ${result.problems[0].message}`);
      // The large design once (seconds each on a busy machine), the small one as the median of five.
      const big = factor === 16;
      return CHECKS.map(
        (check) => measure(() => check.run(raw, result.design), { runs: big ? 1 : 5, warmup: 1 }).median,
      );
    });
    const ratios = CHECKS.map((_, c) => times[1][c] / Math.max(times[0][c], 0.05));
    const worst = Math.max(...ratios);
    if (worst > TARGET) failures.push(dimension);
    rows.push([
      dimension,
      `${BASE[dimension]} → ${BASE[dimension] * 16}`,
      ...CHECKS.map(
        (_, c) => `${formatMs(times[0][c])} / ${formatMs(times[1][c])} (${ratios[c].toFixed(1)}x)`,
      ),
      `${worst.toFixed(1)}x ${worst <= TARGET ? 'PASS' : 'FAIL'}`,
    ]);
    console.log(`${dimension}: worst ${worst.toFixed(1)}x (load ${load()})`);
  }
  printTable(rows);
  console.log(
    `\nTarget: every check ≤ ${TARGET}x at 16x each dimension. ${failures.length === 0 ? 'PASS' : `FAIL: ${failures.join(', ')}`}.`,
  );
  console.log(`load average at the end: ${load()}`);
}
