// The Export panel offers every target the core exports, each once: a target added to the core and not to
// FORMAT_GROUPS fails here instead of silently missing from the panel.
import { describe, expect, it } from 'vitest';
import { EXPORT_TARGETS } from '../../../core/io/export.ts';
import { FORMAT_GROUPS, formatOf, targetFor } from './export-targets.ts';

describe('FORMAT_GROUPS', () => {
  it('offers every export target exactly once, and each format variant leads back to its target', () => {
    const offered = FORMAT_GROUPS.flatMap((g) => g.formats.flatMap((f) => f.variants.map((v) => v.target)));
    expect([...offered].sort()).toEqual([...EXPORT_TARGETS].sort());
    for (const target of EXPORT_TARGETS) {
      const found = formatOf(target);
      expect(found, target).toBeDefined();
      if (found) expect(targetFor(found.format, found.values)).toBe(target);
    }
  });
});
