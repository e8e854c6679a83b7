// What the lint rules share, computed once per lintDesign call and only when a rule asks: derived items,
// index views, template shapes, which entities each keyed read can reach, and each read pattern's answer
// to its example arguments.
import { EvaluationError, evaluateRead } from '../evaluate/evaluate.ts';
import { buildViews, type IndexViews } from '../indexes/views.ts';
import { deriveItems } from '../items/derive.ts';
import { storedForms } from '../model/copies.ts';
import { type KeySchema, keySchemaFor, keySchemas } from '../model/indexes.ts';
import type { DerivedItem } from '../model/item.ts';
import { keyConditionParts, type SortPart } from '../model/key-conditions.ts';
import type {
  AccessPattern,
  Attribute,
  Design,
  Entity,
  KeyedReadPattern,
  WriteAction,
} from '../model/schema.ts';
import { RequestError } from '../requests/errors.ts';
import type { ReadResult } from '../requests/read-spec.ts';
import { coerceArguments, resolveRead } from '../requests/resolve.ts';
import { anyIntersect, type KeyShape, rangeSatisfiable, templateShapes } from './template-match.ts';

/** An entity and its position in design.entities (for targets such as `entities[2].keys.SK`). */
export interface EntityRef {
  entity: Entity;
  index: number;
  /** For one of the entity's copies (see forms()): the copy's name and position, `entity` its form. */
  copy?: { name: string; index: number };
}

/** The same stored form: the same entity and the same copy of it (or both the entity's own item). */
export function sameForm(a: EntityRef, b: EntityRef): boolean {
  return a.index === b.index && a.copy?.index === b.copy?.index;
}

/** Which entities a GetItem or Query can reach, by its partition condition, its sort condition, and both. */
export interface Reach {
  schema: KeySchema;
  /** Entities in the index: with templates for its partition key and, if it has one, its sort key. */
  inIndex: EntityRef[];
  byPartition: EntityRef[];
  bySort: EntityRef[];
  /** Entities whose items the key condition can return. */
  served: EntityRef[];
}

export type Evaluation = { result: ReadResult } | { error: string };

export class LintContext {
  readonly #design: Design;
  #derived?: DerivedItem[];
  #views?: IndexViews;
  readonly #shapes = new Map<string, KeyShape[] | undefined>();
  readonly #reach = new Map<number, Reach | undefined>();
  readonly #evaluations = new Map<number, Evaluation | undefined>();

  constructor(design: Design) {
    this.#design = design;
  }

  get design(): Design {
    return this.#design;
  }

  get derived(): DerivedItem[] {
    this.#derived ??= deriveItems(this.#design);
    return this.#derived;
  }

  get views(): IndexViews {
    this.#views ??= buildViews(this.#design, this.derived);
    return this.#views;
  }

  get schemas(): KeySchema[] {
    return keySchemas(this.#design);
  }

  entities(): EntityRef[] {
    return this.#design.entities.map((entity, index) => ({ entity, index }));
  }

  /** Every stored form of every entity: its own item and each copy (entity.copies), which reads may reach. */
  forms(): EntityRef[] {
    return this.entities().flatMap((ref) => [
      ref,
      ...storedForms(ref.entity)
        .slice(1)
        .map((form, j) => ({ entity: form.entity, index: ref.index, copy: { name: form.copy!, index: j } })),
    ]);
  }

  entityRef(name: string): EntityRef | undefined {
    const index = this.#design.entities.findIndex((e) => e.name === name);
    return index < 0 ? undefined : { entity: this.#design.entities[index], index };
  }

  /** The shapes of an entity's template for a key attribute; undefined when it has none (or it does not parse). */
  entityShapes(ref: EntityRef, keyName: string): KeyShape[] | undefined {
    const id = `${ref.index}\u0000${ref.copy?.index ?? ''}\u0000${keyName}`;
    if (!this.#shapes.has(id)) {
      const template = ref.entity.keys[keyName];
      // A copy's templates may use every attribute of its entity, held or not.
      const { attributes: all } = this.#design.entities[ref.index];
      const attributes = new Map<string, Attribute>(all.map((a) => [a.name, a]));
      this.#shapes.set(id, template === undefined ? undefined : templateShapes(template, attributes));
    }
    return this.#shapes.get(id);
  }

  /**
   * Entities with templates for the partition key and (when there is one) the sort key of a key schema; an
   * entity's copy is there as a form of its own (ref.copy).
   */
  inIndex(schema: KeySchema): EntityRef[] {
    const keys = [...schema.partitionKeys, ...schema.sortKeys];
    return this.forms().filter((ref) => keys.every((key) => ref.entity.keys[key.name] !== undefined));
  }

  /** The reach of the pattern at this position; undefined unless it is a GetItem or Query of an existing index. */
  reach(patternIndex: number): Reach | undefined {
    if (!this.#reach.has(patternIndex)) this.#reach.set(patternIndex, this.#computeReach(patternIndex));
    return this.#reach.get(patternIndex);
  }

  #computeReach(patternIndex: number): Reach | undefined {
    const pattern = this.#design.accessPatterns[patternIndex];
    if (pattern.operation !== 'GetItem' && pattern.operation !== 'Query') return undefined;
    const schema = keySchemaFor(this.#design, pattern.operation === 'GetItem' ? undefined : pattern.index);
    if (!schema) return undefined;
    const inIndex = this.inIndex(schema);
    const { partition } = keyConditionParts(schema, pattern.keyCondition);
    const byPartition = inIndex.filter((ref) =>
      partition.every((part) => this.partitionMatches(ref, schema, part.template, part.attribute)),
    );
    const bySort = inIndex.filter((ref) => this.sortMatches(ref, schema, pattern));
    const served = byPartition.filter((ref) => bySort.includes(ref));
    return { schema, inIndex, byPartition, bySort, served };
  }

  /** Whether the entity's partition template can produce the value a partition template asks for. */
  partitionMatches(ref: EntityRef, schema: KeySchema, template: string, key = schema.partitionKey): boolean {
    if (key.type !== 'S') return true;
    const entity = this.entityShapes(ref, key.name);
    const asked = templateShapes(template);
    return !entity || !asked || anyIntersect(entity, asked);
  }

  /** Whether the entity's sort template can satisfy the pattern's sort condition (true without one). */
  sortMatches(ref: EntityRef, schema: KeySchema, pattern: KeyedReadPattern): boolean {
    return keyConditionParts(schema, pattern.keyCondition).sort.every((sort) =>
      this.#sortPartMatches(ref, sort),
    );
  }

  #sortPartMatches(ref: EntityRef, sort: SortPart): boolean {
    if (sort.attribute.type !== 'S') return true;
    const entity = this.entityShapes(ref, sort.attribute.name);
    const value = templateShapes(sort.value, undefined, sort.op === 'begins_with');
    const to = sort.to === undefined ? undefined : templateShapes(sort.to);
    if (!entity || !value || (sort.to !== undefined && !to)) return true;
    if (sort.op === '=' || sort.op === 'begins_with') return anyIntersect(entity, value);
    const { op } = sort;
    return entity.some((shape) =>
      value.some((bound) => (to ?? [undefined]).some((upper) => rangeSatisfiable(shape, op, bound, upper))),
    );
  }

  /** The pattern's answer over the design's sample items with its example arguments (reads only). */
  evaluation(patternIndex: number): Evaluation | undefined {
    if (!this.#evaluations.has(patternIndex)) {
      this.#evaluations.set(patternIndex, this.#evaluate(this.#design.accessPatterns[patternIndex]));
    }
    return this.#evaluations.get(patternIndex);
  }

  #evaluate(pattern: AccessPattern): Evaluation | undefined {
    if (pattern.operation !== 'GetItem' && pattern.operation !== 'Query' && pattern.operation !== 'Scan')
      return undefined;
    try {
      const spec = resolveRead(this.#design, pattern, coerceArguments(this.#design, pattern.example ?? {}));
      return { result: evaluateRead(this.#design, this.views, spec) };
    } catch (error) {
      if (error instanceof RequestError || error instanceof EvaluationError) return { error: error.message };
      throw error;
    }
  }
}

/** `accessPatterns[3]`, `entities[1].keys.GSI1PK`: the targets findings carry. */
export const patternPath = (index: number) => `accessPatterns[${index}]`;

/** A single write of the design: a write pattern, or one action of a TransactWriteItems, with its path. */
export interface WriteSite {
  write: WriteAction;
  path: string;
  patternId: string;
}

/** Every UpdateItem pattern and every action of every transaction, for rules that judge what a write changes. */
export function writeSites(design: Design): WriteSite[] {
  return design.accessPatterns.flatMap((pattern, i): WriteSite[] => {
    const path = patternPath(i);
    if (pattern.operation === 'UpdateItem') return [{ write: pattern, path, patternId: pattern.id }];
    if (pattern.operation !== 'TransactWriteItems') return [];
    return pattern.actions.map((write, a) => ({
      write,
      path: `${path}.actions[${a}]`,
      patternId: pattern.id,
    }));
  });
}
export const entityPath = (ref: EntityRef) => `entities[${ref.index}]`;
export const keyPath = (ref: EntityRef, keyName: string) => {
  const keys = `entities[${ref.index}]${ref.copy ? `.copies[${ref.copy.index}]` : ''}.keys`;
  return ref.entity.keys[keyName] === undefined ? keys : `${keys}.${keyName}`;
};

/** How an index is named in messages: `the table` or `GSI1`. */
export function indexLabel(schema: KeySchema): string {
  return schema.kind === 'table' ? 'the table' : schema.name;
}
