// Designs the analysis tests share: the built-in examples and the seed-000 fixture, validated, each
// optionally edited first as a raw document (so a test states only what it changes); and a bare table
// whose items are padded to exact sizes, for capacity estimates.

import seed000 from '../analysis/fixtures/seed-000.keyplan.json' with { type: 'json' };
import { type Finding, type LintRule, lintDesign } from '../analysis/lint.ts';
import { formatProblems, validateDesign } from '../checks/validate.ts';
import { itemSizer } from '../evaluate/stored-items.ts';
import { ecommerce } from '../features/examples/ecommerce.ts';
import { onlineStore } from '../features/examples/online-store.ts';
import { deriveItem } from '../items/derive-item.ts';
import { type AccessPattern, type Design, type DesignInput, designSchema } from '../model/schema.ts';

type EntityInput = NonNullable<DesignInput['entities']>[number];
type Doc = DesignInput & { entities: EntityInput[]; accessPatterns: AccessPattern[] };
export type DesignEdit = (doc: Doc) => void;

function load(base: unknown, edit?: DesignEdit): Design {
  const doc = structuredClone(base) as Doc;
  edit?.(doc);
  const result = validateDesign(doc);
  if (!result.ok) throw new Error(`invalid test design:\n${formatProblems(result.problems)}`);
  return result.design;
}

export const storeDesign = (edit?: DesignEdit) => load(onlineStore, edit);
export const ecommerceDesign = (edit?: DesignEdit) => load(ecommerce, edit);
export const seed000Design = (edit?: DesignEdit) => load(seed000, edit);

/** The entity or pattern of that name/id in a raw document being edited. */
export function entityIn(doc: Doc, name: string): EntityInput {
  const entity = doc.entities.find((e) => e.name === name);
  if (!entity) throw new Error(`no entity ${name}`);
  return entity;
}

export function patternIn<T extends AccessPattern['operation']>(
  doc: Doc,
  id: string,
  operation?: T,
): Extract<AccessPattern, { operation: T }> {
  const pattern = doc.accessPatterns.find((p) => p.id === id);
  if (!pattern || (operation && pattern.operation !== operation))
    throw new Error(`no ${operation} pattern ${id}`);
  return pattern as Extract<AccessPattern, { operation: T }>;
}

/** One rule's findings as `[severity, target]` pairs, the shape most rule tests assert. */
export function findingsOf(rule: LintRule, design: Design): Finding[] {
  return lintDesign(design, [rule]);
}

export const where = (findings: Finding[]) => findings.map((f) => [f.severity, f.target]);

export interface Thing {
  id: string;
  bytes: number;
  group?: string;
  tag?: string;
  rank?: string;
}

/** A table (GSI1 ALL, GSI2 KEYS_ONLY, LSI1 KEYS_ONLY) holding Things padded to `bytes` each, and `patterns`. */
export function paddedDesign(things: Thing[], patterns: AccessPattern[]): Design {
  const doc = {
    format: 'keyplan/1',
    name: 'sizes',
    table: {
      name: 'Things',
      partitionKey: { name: 'PK', type: 'S' },
      sortKey: { name: 'SK', type: 'S' },
      globalSecondaryIndexes: [
        { name: 'GSI1', partitionKey: { name: 'GSI1PK', type: 'S' }, sortKey: { name: 'GSI1SK', type: 'S' } },
        { name: 'GSI2', partitionKey: { name: 'GSI2PK', type: 'S' }, projection: { type: 'KEYS_ONLY' } },
      ],
      localSecondaryIndexes: [
        { name: 'LSI1', sortKey: { name: 'LSK', type: 'S' }, projection: { type: 'KEYS_ONLY' } },
      ],
    },
    entities: [
      {
        name: 'Thing',
        attributes: ['group', 'id', 'body', 'tag', 'rank'].map((name) => ({ name, type: 'S' })),
        keys: {
          PK: 'G#{group}',
          SK: 'T#{id}',
          GSI1PK: 'TAG#{tag}',
          GSI1SK: 'T#{id}',
          GSI2PK: 'R#{rank}',
          LSK: 'L#{id}',
        },
      },
    ],
    accessPatterns: patterns,
    items: { Thing: things.map(({ bytes: _, ...values }) => ({ group: 'g', ...values, body: '' })) },
  };
  const bare = designSchema.parse(doc);
  const size = itemSizer(bare);
  doc.items.Thing.forEach((values, i) => {
    values.body = 'x'.repeat(things[i].bytes - size(deriveItem(bare, bare.entities[0], values)));
  });
  return designSchema.parse(doc);
}
