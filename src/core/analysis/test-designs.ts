// Designs the analysis tests share: the built-in examples and the seed-000 fixture, validated, each
// optionally edited first as a raw document (so a test states only what it changes).
import { ecommerce } from '../examples/ecommerce.ts';
import { onlineStore } from '../examples/online-store.ts';
import type { AccessPattern, Design, DesignInput } from '../model/schema.ts';
import { formatProblems, validateDesign } from '../model/validate.ts';
import seed000 from './fixtures/seed-000.keyplan.json' with { type: 'json' };
import { type Finding, type LintRule, lintDesign } from './lint.ts';

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
