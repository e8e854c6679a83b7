// An ALL projection copies every attribute of every item in the index: storage again, and a write to the
// index whenever any attribute changes. When every pattern on the index asks for a few attributes, INCLUDE
// of those is the same reads for less.
import type { LintRule, RuleFinding } from '../lint-types.ts';

/** A projection that keeps at most this share of the entities' attributes is "few". */
const FEW_SHARE = 0.5;

export const allProjection: LintRule = {
  id: 'all-projection',
  family: 'projections',
  severity: 'info',
  description:
    'A GSI projects ALL though every pattern reading it asks for a few attributes: INCLUDE of those costs less storage and fewer index writes.',
  explanation:
    'A GSI with projection ALL stores a full copy of each item in it, and every update of any attribute of such an item is also written to the index (more write units). When every access pattern reading the index names the attributes it needs (projection), INCLUDE of exactly those serves the same reads with smaller index items, less storage and no index write when an unprojected attribute changes.',
  check(design, context) {
    const findings: RuleFinding[] = [];
    design.table.globalSecondaryIndexes.forEach((gsi, i) => {
      if (gsi.projection.type !== 'ALL') return;
      const readers = design.accessPatterns.filter(
        (p) => (p.operation === 'Query' || p.operation === 'Scan') && p.index === gsi.name,
      );
      if (readers.length === 0) return;
      const asked = new Set<string>();
      for (const p of readers) {
        if (p.operation !== 'Query' && p.operation !== 'Scan') return;
        if (!p.projection) return;
        for (const n of p.projection) asked.add(n);
      }
      const schema = context.schemas.find((s) => s.name === gsi.name);
      if (!schema) return;
      const attributes = new Set(
        context.inIndex(schema).flatMap((ref) => ref.entity.attributes.map((a) => a.name)),
      );
      if (attributes.size === 0 || asked.size > attributes.size * FEW_SHARE) return;
      const include = [...asked];
      findings.push({
        target: `table.globalSecondaryIndexes[${i}].projection`,
        message: `${gsi.name} projects ALL, but its ${readers.length} pattern${readers.length > 1 ? 's read' : ' reads'} only ${include.slice(0, 4).join(', ')}${include.length > 4 ? '…' : ''}.`,
        fix: `Set ${gsi.name}'s projection to INCLUDE ${include.join(', ')}.`,
      });
    });
    return findings;
  },
};
