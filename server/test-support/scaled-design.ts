// Designs of a chosen size in each dimension (entities, patterns, indexes, attributes, items, copies,
// comments, enum values), all valid, so a benchmark or a test can grow one dimension at a time and see how
// the checks over a design scale (bench/design-scale.ts, server/design-limits.test.ts).
import type { DesignInput } from '../../src/core/model/schema.ts';

export interface DesignSize {
  entities: number;
  /** Access patterns, spread over the entities: a Query, an UpdateItem and a transaction in turn. */
  patterns: number;
  /** GSIs (each entity has a template for each); LSIs are given apart. */
  gsis: number;
  lsis: number;
  attributesPerEntity: number;
  /** Sample items in all, spread over the entities. */
  items: number;
  copiesPerEntity: number;
  comments: number;
  /** Values of one enum attribute of each entity. */
  enumValues: number;
}

export const UNIT_SIZE: DesignSize = {
  entities: 20,
  patterns: 40,
  gsis: 1,
  lsis: 0,
  attributesPerEntity: 8,
  items: 200,
  copiesPerEntity: 0,
  comments: 20,
  enumValues: 4,
};

const pad = (n: number, width = 5) => String(n).padStart(width, '0');

/** A valid design of the given size (every entity keyed alike under its own prefix). */
export function scaledDesign(size: DesignSize): DesignInput {
  const attributes = Math.max(3, size.attributesPerEntity);
  const gsis = Array.from({ length: size.gsis }, (_, g) => ({
    name: `GSI${g + 1}`,
    partitionKey: { name: `GSI${g + 1}PK`, type: 'S' as const },
    sortKey: { name: `GSI${g + 1}SK`, type: 'S' as const },
  }));
  const lsis = Array.from({ length: size.lsis }, (_, l) => ({
    name: `LSI${l + 1}`,
    sortKey: { name: `LSI${l + 1}SK`, type: 'S' as const },
  }));
  const entityName = (e: number) => `E${pad(e)}`;
  const entities = Array.from({ length: size.entities }, (_, e) => {
    const name = entityName(e);
    const keys: Record<string, string> = { PK: `${name}#{a0}`, SK: `META#{a1}` };
    gsis.forEach((gsi, g) => {
      keys[gsi.partitionKey.name] = `${name}#{a${2 % attributes}}`;
      keys[gsi.sortKey.name] = `G${g}#{a1}`;
    });
    lsis.forEach((lsi) => {
      keys[lsi.sortKey.name] = `L#{a2}`;
    });
    return {
      name,
      attributes: Array.from({ length: attributes }, (_, a) => ({
        name: `a${a}`,
        type: 'S' as const,
        ...(a < 2 ? { required: true } : {}),
        ...(a === 2 && size.enumValues > 0
          ? { enum: Array.from({ length: size.enumValues }, (_, v) => `v${v}`) }
          : {}),
      })),
      keys,
      ...(size.copiesPerEntity > 0
        ? {
            copies: Array.from({ length: size.copiesPerEntity }, (_, c) => ({
              name: `${name}C${c}`,
              keys: { PK: `${name}C${c}#{a1}`, SK: `COPY#{a0}` },
              attributes: ['a0', 'a1'],
            })),
          }
        : {}),
    };
  });
  const accessPatterns = Array.from(
    { length: size.patterns },
    (_, p): NonNullable<DesignInput['accessPatterns']>[number] => {
      const entity = entityName(p % Math.max(1, size.entities));
      const base = { id: `p${pad(p)}`, name: `pattern ${p}` };
      if (size.entities === 0 || p % 3 === 0)
        return {
          ...base,
          operation: 'Query' as const,
          ...(gsis.length > 0 && p % 2 === 0 ? { index: gsis[p % gsis.length].name } : {}),
          keyCondition: { partition: `${entity}#{id}` },
          ...(size.entities > 0 ? { returns: [entity] } : {}),
          example: { id: 'x' },
        };
      if (p % 3 === 1)
        return {
          ...base,
          operation: 'UpdateItem' as const,
          entity,
          set: [`a${attributes - 1}`],
          condition: 'exists' as const,
          example: { a0: 'x', a1: 'y', [`a${attributes - 1}`]: 'z' },
        };
      return {
        ...base,
        operation: 'TransactWriteItems' as const,
        actions: [
          { operation: 'PutItem' as const, entity, condition: 'not-exists' as const },
          { operation: 'UpdateItem' as const, entity, set: [`a${attributes - 1}`] },
        ],
      };
    },
  );
  const items: Record<string, Record<string, string>[]> = {};
  for (let i = 0; i < size.items && size.entities > 0; i++) {
    const entity = entityName(i % size.entities);
    const sample: Record<string, string> = {};
    for (let a = 0; a < attributes; a++)
      sample[`a${a}`] = a === 2 ? `v${i % Math.max(1, size.enumValues)}` : `${a}-${i}`;
    if (size.enumValues === 0) sample.a2 = `x${i}`;
    items[entity] ??= [];
    items[entity].push(sample);
  }
  const comments = Array.from({ length: size.comments }, (_, c) => ({
    id: `c${pad(c)}`,
    target:
      size.entities > 0
        ? { kind: 'entity' as const, entity: entityName(c % size.entities) }
        : { kind: 'pattern' as const, pattern: `p${pad(c)}` },
    author: 'bench',
    text: `comment ${c}`,
    createdAt: '2026-12-01T10:30:00Z',
  }));
  return {
    format: 'keyplan/1',
    name: `scaled ${size.entities} entities`,
    table: {
      name: 'Scaled',
      partitionKey: { name: 'PK', type: 'S' },
      sortKey: { name: 'SK', type: 'S' },
      globalSecondaryIndexes: gsis,
      localSecondaryIndexes: lsis,
    },
    entities,
    accessPatterns,
    items,
    comments,
  };
}
