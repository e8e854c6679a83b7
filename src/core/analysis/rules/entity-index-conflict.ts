// An item has one value per key attribute. When two patterns read one entity from the same index with key
// conditions no single template can satisfy (orders by status want GSI1PK = ORDERSTATUS#{status}, orders
// by date GSI1PK = ORDERBYDATE), one of them cannot be served from that index.
import { type KeySchema, TABLE_INDEX } from '../../model/indexes.ts';
import type { KeyedReadPattern } from '../../model/schema.ts';
import { type EntityRef, keyPath, type LintContext } from '../lint-context.ts';
import type { LintRule, RuleFinding } from '../lint-types.ts';
import { anyIntersect, type KeyShape, templateShapes } from '../template-match.ts';
import { list } from './wording.ts';

interface Need {
  pattern: KeyedReadPattern;
  template: string;
  shapes: KeyShape[];
  partition?: KeyShape[];
}

/** Needs that one template can meet together: each group's members overlap the group's first. */
function groups(needs: Need[]): Need[][] {
  const out: Need[][] = [];
  for (const need of needs) {
    const group = out.find((g) => anyIntersect(g[0].shapes, need.shapes));
    if (group) group.push(need);
    else out.push([need]);
  }
  return out;
}

function conflict(ref: EntityRef, keyName: string, found: Need[][], schema: KeySchema): RuleFinding {
  const asks = found.map((g) => `${g[0].template} for ${list([...new Set(g.map((n) => n.pattern.id))])}`);
  const where = schema.kind === 'table' ? 'a GSI' : 'another index';
  return {
    target: keyPath(ref, keyName),
    message: `${ref.entity.name} needs two ${keyName} templates: ${list(asks)}. An item has one ${keyName}, so one template cannot serve them all: read one of these patterns from ${where} with keys of its own.`,
  };
}

/**
 * Whether each group of needs is met by a template of some stored form of the entity (its own item or a
 * copy, entity.copies): then the copies serve the patterns between them and there is no conflict.
 */
function servedByForms(context: LintContext, ref: EntityRef, keyName: string, found: Need[][]): boolean {
  const forms = context.forms().filter((form) => form.index === ref.index);
  if (forms.length < 2) return false;
  return found.every((group) =>
    forms.some((form) => {
      const shapes = context.entityShapes(form, keyName);
      return shapes !== undefined && group.every((need) => anyIntersect(shapes, need.shapes));
    }),
  );
}

/**
 * A read of several entities that finds the others in that partition but not this one: listing it is the
 * pattern's mistake (pattern-unserved reports it), not a second template the entity needs.
 */
function listedByMistake(
  context: LintContext,
  ref: EntityRef,
  pattern: KeyedReadPattern,
  keyName: string,
  shapes: KeyShape[],
): boolean {
  const returns = pattern.returns ?? [];
  if (returns.length < 2) return false;
  const own = context.entityShapes(ref, keyName);
  if (own !== undefined && anyIntersect(own, shapes)) return false;
  return returns.some((name) => {
    const other = name === ref.entity.name ? undefined : context.entityRef(name);
    const theirs = other && context.entityShapes(other, keyName);
    return theirs !== undefined && anyIntersect(theirs, shapes);
  });
}

type Reads = Map<KeySchema['name'], { schema: KeySchema; patterns: KeyedReadPattern[] }>;

/** Per entity name, the keyed reads that return it, by the index they read: one pass over the patterns. */
function readsByEntity(context: LintContext): Map<string, Reads> {
  const schemas = new Map(context.schemas.map((schema) => [schema.name, schema]));
  const out = new Map<string, Reads>();
  for (const pattern of context.design.accessPatterns) {
    if (pattern.operation !== 'GetItem' && pattern.operation !== 'Query') continue;
    const schema = schemas.get((pattern.operation === 'Query' ? pattern.index : undefined) ?? TABLE_INDEX);
    if (!schema) continue;
    for (const name of new Set(pattern.returns ?? [])) {
      let byIndex = out.get(name);
      if (!byIndex) {
        byIndex = new Map();
        out.set(name, byIndex);
      }
      const entry = byIndex.get(schema.name) ?? { schema, patterns: [] };
      entry.patterns.push(pattern);
      byIndex.set(schema.name, entry);
    }
  }
  return out;
}

export const entityIndexConflict: LintRule = {
  id: 'entity-index-conflict',
  family: 'keys',
  explanation:
    'An item has exactly one value for each key attribute, rendered from one template. When two patterns read the same entity from the same index with key conditions that need different shapes of that key (USER#{userId} for one, ORDER#{orderId} for the other), no template can serve both: one of the patterns finds nothing. Give one pattern an index of its own (another GSI with its own key templates), or change one pattern to the key the entity already writes.',
  severity: 'error',
  description:
    'Patterns read one entity from the same index with key conditions no single template can meet, so the entity would need two templates for one key attribute.',
  check(_design, context) {
    const findings: RuleFinding[] = [];
    const reads = readsByEntity(context);
    for (const ref of context.entities()) {
      for (const { schema, patterns } of reads.get(ref.entity.name)?.values() ?? []) {
        if (patterns.length < 2) continue;
        const partitionNeeds: Need[] = [];
        const sortNeeds: Need[] = [];
        for (const pattern of patterns) {
          const { partition, sort } = pattern.keyCondition;
          if (partition === undefined) continue; // a multi-attribute key: each attribute is its own template
          const shapes = schema.partitionKey.type === 'S' ? templateShapes(partition) : undefined;
          if (!shapes || listedByMistake(context, ref, pattern, schema.partitionKey.name, shapes)) continue;
          partitionNeeds.push({ pattern, template: partition, shapes });
          if (sort && schema.sortKey?.type === 'S' && (sort.op === '=' || sort.op === 'begins_with')) {
            const sortShapes = templateShapes(sort.value, undefined, sort.op === 'begins_with');
            const template = sort.op === 'begins_with' ? `${sort.value}…` : sort.value;
            if (sortShapes) sortNeeds.push({ pattern, template, shapes: sortShapes, partition: shapes });
          }
        }
        const byPartition = groups(partitionNeeds);
        if (byPartition.length > 1 && !servedByForms(context, ref, schema.partitionKey.name, byPartition))
          findings.push(conflict(ref, schema.partitionKey.name, byPartition, schema));
        // Sort needs conflict only between patterns that read the same partition.
        const sortGroups = groups(sortNeeds);
        const clash =
          sortGroups.length > 1 &&
          sortGroups.some((a) =>
            sortGroups.some((b) => a !== b && anyIntersect(a[0].partition!, b[0].partition!)),
          );
        if (clash && schema.sortKey && !servedByForms(context, ref, schema.sortKey.name, sortGroups))
          findings.push(conflict(ref, schema.sortKey.name, sortGroups, schema));
      }
    }
    return findings;
  },
};
