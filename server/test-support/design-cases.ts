// The designs #26 class 2's tests send (server/design-limits.test.ts): one just past each of DESIGN_LIMITS,
// one past the items, one at every limit at once, and the 40,000 entities of the issue; built by name, so a
// client in another process (send-designs.ts) builds them without the test process's memory.
import { DESIGN_LIMITS, type DesignLimit, MAX_DESIGN_ITEMS } from '../../src/core/model/design-limits.ts';
import { type DesignSize, scaledDesign } from './scaled-design.ts';

export const SMALL: DesignSize = {
  entities: 3,
  patterns: 3,
  gsis: 1,
  lsis: 0,
  attributesPerEntity: 4,
  items: 6,
  copiesPerEntity: 0,
  comments: 1,
  enumValues: 2,
};

type Raw = ReturnType<typeof scaledDesign> & Record<string, unknown>;
export const smallDesign = (size: Partial<DesignSize> = {}) => scaledDesign({ ...SMALL, ...size }) as Raw;

/** A design just past each limit, built from a small valid one. */
export const PAST: Record<DesignLimit, () => Raw> = {
  entities: () => smallDesign({ entities: DESIGN_LIMITS.entities + 1 }),
  accessPatterns: () => smallDesign({ patterns: DESIGN_LIMITS.accessPatterns + 1 }),
  attributesPerEntity: () =>
    smallDesign({ entities: 1, attributesPerEntity: DESIGN_LIMITS.attributesPerEntity + 1 }),
  attributes: () =>
    smallDesign({
      entities: Math.ceil(DESIGN_LIMITS.attributes / DESIGN_LIMITS.attributesPerEntity) + 1,
      attributesPerEntity: DESIGN_LIMITS.attributesPerEntity,
    }),
  keysPerEntity: () => {
    const design = smallDesign();
    const keys = design.entities![0].keys;
    for (let i = 0; i <= DESIGN_LIMITS.keysPerEntity; i++) keys[`K${i}`] = 'X#{a0}';
    return design;
  },
  copiesPerEntity: () => smallDesign({ entities: 1, copiesPerEntity: DESIGN_LIMITS.copiesPerEntity + 1 }),
  copies: () =>
    smallDesign({
      entities: Math.ceil(DESIGN_LIMITS.copies / DESIGN_LIMITS.copiesPerEntity) + 1,
      copiesPerEntity: DESIGN_LIMITS.copiesPerEntity,
    }),
  globalSecondaryIndexes: () => smallDesign({ gsis: DESIGN_LIMITS.globalSecondaryIndexes + 1 }),
  localSecondaryIndexes: () => smallDesign({ lsis: DESIGN_LIMITS.localSecondaryIndexes + 1 }),
  enumValues: () => smallDesign({ entities: 1, enumValues: DESIGN_LIMITS.enumValues + 1 }),
  comments: () => smallDesign({ comments: DESIGN_LIMITS.comments + 1 }),
  nameLength: () => {
    const design = smallDesign();
    design.entities![0].name = `E${'x'.repeat(DESIGN_LIMITS.nameLength)}`;
    return design;
  },
  textLength: () => ({ ...smallDesign(), name: 'n'.repeat(DESIGN_LIMITS.textLength + 1) }),
  templateLength: () => {
    const design = smallDesign();
    design.entities![0].keys.SK = `S${'#'.repeat(DESIGN_LIMITS.templateLength)}`;
    return design;
  },
  listLength: () => {
    const design = smallDesign();
    const [first] = design.accessPatterns!;
    (first as { returns?: string[] }).returns = Array(DESIGN_LIMITS.listLength + 1).fill('E00000');
    return design;
  },
  lintEntries: () => ({
    ...smallDesign(),
    lint: {
      suppress: Array.from({ length: DESIGN_LIMITS.lintEntries + 1 }, () => ({
        rule: 'r',
        target: 't',
        reason: 'x',
      })),
    },
  }),
};

/** Designs by name: `past:<limit>`, `items`, `maximal`, `issue`; a DesignSize as JSON otherwise. */
export function designCase(name: string): Raw {
  if (name.startsWith('past:')) return PAST[name.slice(5) as DesignLimit]();
  if (name === 'items')
    return smallDesign({ entities: 1, attributesPerEntity: 3, items: MAX_DESIGN_ITEMS + 1, enumValues: 0 });
  if (name === 'issue') return smallDesign({ entities: 40_000, patterns: 0, items: 0, comments: 0 });
  if (name === 'maximal')
    // Every limit at once that the body limit (32 MB) holds: 16.5 MB of JSON.
    return scaledDesign({
      entities: DESIGN_LIMITS.entities,
      patterns: DESIGN_LIMITS.accessPatterns,
      gsis: 20, // DynamoDB's default quota: what CreateTable takes
      lsis: 5,
      attributesPerEntity: DESIGN_LIMITS.attributes / DESIGN_LIMITS.entities,
      items: 20_000,
      copiesPerEntity: DESIGN_LIMITS.copies / DESIGN_LIMITS.entities,
      comments: DESIGN_LIMITS.comments,
      enumValues: DESIGN_LIMITS.enumValues,
    }) as Raw;
  return scaledDesign(JSON.parse(name) as DesignSize) as Raw;
}
