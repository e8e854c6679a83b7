// What the lint rules share, computed once per lintDesign call and only when a rule asks: derived items,
// index views, template shapes, which entities each keyed read can reach, and each read pattern's answer
// to its example arguments.
import { EvaluationError, evaluateRead } from '../evaluate/evaluate.ts';
import { buildViews, type IndexViews } from '../indexes/views.ts';
import { deriveItems } from '../items/derive.ts';
import { placeholders } from '../keys/template.ts';
import { storedForms } from '../model/copies.ts';
import { type KeySchema, keySchemaFor, keySchemas } from '../model/indexes.ts';
import { keyConditionParts, type SortPart } from '../model/key-conditions.ts';
import { isReadPattern } from '../model/read-pattern.ts';
import type {
  AccessPattern,
  Attribute,
  Design,
  Entity,
  KeyedReadPattern,
  WriteAction,
} from '../model/schema.ts';
import type { ReadResult } from '../requests/read-spec.ts';
import { resolvePattern } from '../requests/resolve.ts';
import type { DerivedItem } from '../values/item.ts';
import { RequestError } from '../values/request-error.ts';
import { PrefixIndex } from './prefix-index.ts';
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
  /** Built when first read: only a pattern that serves nothing asks for it. */
  readonly bySort: EntityRef[];
  /** Entities whose items the key condition can return. */
  served: EntityRef[];
}

export type Evaluation = { result: ReadResult } | { error: string };

export class LintContext {
  readonly #design: Design;
  #derived?: DerivedItem[];
  #views?: IndexViews;
  readonly #shapes = new Map<string, KeyShape[] | undefined>();
  /** The shapes of one template text with one entity's enums: entities keyed alike share them (meets()). */
  readonly #shapesOf = new Map<string, KeyShape[] | undefined>();
  readonly #meets = new WeakMap<KeyShape[], WeakMap<KeyShape[], boolean>>();
  readonly #inIndex = new Map<string, EntityRef[]>();
  readonly #inIndexPositions = new Map<string, Map<EntityRef, number>>();
  readonly #byPrefix = new Map<string, PrefixIndex<EntityRef>>();
  #entityPositions?: Map<string, number>;
  #ownDerived?: Map<string, DerivedItem[]>;
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
    if (!this.#entityPositions) {
      this.#entityPositions = new Map();
      this.#design.entities.forEach((e, i) => {
        if (!this.#entityPositions!.has(e.name)) this.#entityPositions!.set(e.name, i);
      });
    }
    const index = this.#entityPositions.get(name);
    return index === undefined ? undefined : { entity: this.#design.entities[index], index };
  }

  /** The entity's own derived items (not its copies'), in sample order. */
  ownDerived(name: string): DerivedItem[] {
    if (!this.#ownDerived) {
      this.#ownDerived = new Map();
      for (const d of this.derived) {
        if (d.copy) continue;
        const list = this.#ownDerived.get(d.entity);
        if (list) list.push(d);
        else this.#ownDerived.set(d.entity, [d]);
      }
    }
    return this.#ownDerived.get(name) ?? [];
  }

  /** Whether two lists of shapes share a string (anyIntersect), asked once per pair of shape lists. */
  meets(a: KeyShape[], b: KeyShape[]): boolean {
    let row = this.#meets.get(a);
    if (!row) {
      row = new WeakMap();
      this.#meets.set(a, row);
    }
    let met = row.get(b);
    if (met === undefined) {
      met = anyIntersect(a, b);
      row.set(b, met);
    }
    return met;
  }

  /**
   * The forms of `forms` that have a template for `keyName`, indexed by their shapes' literal prefixes (one
   * that does not parse under '', where every lookup finds it): see prefix-index.ts.
   */
  prefixIndex(refs: readonly EntityRef[], keyName: string, id: string): PrefixIndex<EntityRef> {
    let index = this.#byPrefix.get(`${id}\u0000${keyName}`);
    if (!index) {
      index = new PrefixIndex();
      for (const ref of refs) {
        if (ref.entity.keys[keyName] === undefined) continue;
        const shapes = this.entityShapes(ref, keyName);
        const prefixes = new Set(shapes ? shapes.map((shape) => shape.prefix) : ['']);
        for (const prefix of prefixes) index.add(prefix, ref);
      }
      this.#byPrefix.set(`${id}\u0000${keyName}`, index);
    }
    return index;
  }

  /** The shapes of an entity's template for a key attribute; undefined when it has none (or it does not parse). */
  entityShapes(ref: EntityRef, keyName: string): KeyShape[] | undefined {
    const id = `${ref.index}\u0000${ref.copy?.index ?? ''}\u0000${keyName}`;
    if (!this.#shapes.has(id)) {
      const template = ref.entity.keys[keyName];
      // A copy's templates may use every attribute of its entity, held or not.
      const { attributes: all } = this.#design.entities[ref.index];
      const attributes = new Map<string, Attribute>(all.map((a) => [a.name, a]));
      this.#shapes.set(id, template === undefined ? undefined : this.#sharedShapes(template, attributes));
    }
    return this.#shapes.get(id);
  }

  #sharedShapes(template: string, attributes: ReadonlyMap<string, Attribute>): KeyShape[] | undefined {
    // What the shapes depend on: the text and the enum values of the placeholders it names.
    let names: string[] = [];
    try {
      names = placeholders(template);
    } catch {
      // it does not parse: templateShapes says so
    }
    const enums = names.flatMap((name) => {
      const values = attributes.get(name)?.enum;
      return values ? [[name, values]] : [];
    });
    const id = JSON.stringify([template, enums]);
    if (!this.#shapesOf.has(id)) this.#shapesOf.set(id, templateShapes(template, attributes));
    return this.#shapesOf.get(id);
  }

  /**
   * Entities with templates for the partition key and (when there is one) the sort key of a key schema; an
   * entity's copy is there as a form of its own (ref.copy). The same list for every caller: do not change it.
   */
  inIndex(schema: KeySchema): EntityRef[] {
    let members = this.#inIndex.get(schema.name);
    if (!members) {
      const keys = [...schema.partitionKeys, ...schema.sortKeys];
      members = this.forms().filter((ref) => keys.every((key) => ref.entity.keys[key.name] !== undefined));
      this.#inIndex.set(schema.name, members);
    }
    return members;
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
    const byPartition = this.#candidates(schema, inIndex, partition).filter((ref) =>
      partition.every((part) => this.partitionMatches(ref, schema, part.template, part.attribute)),
    );
    const served = byPartition.filter((ref) => this.sortMatches(ref, schema, pattern));
    let bySort: EntityRef[] | undefined;
    const sortMatches = (ref: EntityRef) => this.sortMatches(ref, schema, pattern);
    return {
      schema,
      inIndex,
      byPartition,
      get bySort() {
        bySort ??= inIndex.filter(sortMatches);
        return bySort;
      },
      served,
    };
  }

  /**
   * The members of the index that a partition condition can reach at all, in the index's order: those whose
   * template for the narrowest string partition attribute has a prefix that meets the one asked (all of
   * them when no part is a string template).
   */
  #candidates(
    schema: KeySchema,
    inIndex: EntityRef[],
    partition: ReturnType<typeof keyConditionParts>['partition'],
  ): EntityRef[] {
    let narrowest: { index: PrefixIndex<EntityRef>; prefix: string; count: number } | undefined;
    for (const part of partition) {
      if (part.attribute.type !== 'S') continue;
      const shapes = templateShapes(part.template);
      const asked = shapes?.length === 1 ? shapes[0] : undefined;
      if (!asked) continue;
      const index = this.prefixIndex(inIndex, part.attribute.name, `index ${schema.name}`);
      const count = index.count(asked.prefix);
      if (!narrowest || count < narrowest.count) narrowest = { index, prefix: asked.prefix, count };
    }
    if (!narrowest || narrowest.count >= inIndex.length) return inIndex;
    let position = this.#inIndexPositions.get(schema.name);
    if (!position) {
      position = new Map(inIndex.map((ref, i) => [ref, i]));
      this.#inIndexPositions.set(schema.name, position);
    }
    return [...new Set(narrowest.index.meeting(narrowest.prefix))].sort(
      (a, b) => position.get(a)! - position.get(b)!,
    );
  }

  /** Whether the entity's partition template can produce the value a partition template asks for. */
  partitionMatches(ref: EntityRef, schema: KeySchema, template: string, key = schema.partitionKey): boolean {
    if (key.type !== 'S') return true;
    const entity = this.entityShapes(ref, key.name);
    const asked = templateShapes(template);
    return !entity || !asked || this.meets(entity, asked);
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
    if (!isReadPattern(pattern)) return undefined;
    try {
      const spec = resolvePattern(this.#design, pattern, pattern.example ?? {});
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
