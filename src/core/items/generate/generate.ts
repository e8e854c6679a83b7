// Seeded sample data for a design: N items per entity, parents before children so that references point
// at generated items, primary keys distinct so that no item overwrites another.
import { base, en, Faker } from '@faker-js/faker';
import { placeholders, renderTemplate } from '../../keys/template.ts';
import { primaryKeyNames } from '../../model/indexes.ts';
import type { Attribute, Design, Entity, JsonValue, SampleValues } from '../../model/schema.ts';
import { findReferences, generationOrder, idOwners, isIdName } from './relations.ts';
import { type GenerateResult, keySpace, shortfallReason } from './report.ts';
import { type Draw, Source, type Space, valueDraw } from './values.ts';

export interface GenerateOptions {
  /** Items per entity. */
  count: number;
  /**
   * Items of the entities it names, instead of `count` (a shared link's counts, core/features/share/regenerate.ts):
   * the work is their sum, not `count` times the entities.
   */
  counts?: Readonly<Record<string, number>>;
  /** Same seed (and reference date), same items. */
  seed?: number;
  /**
   * Generated dates lie in the two years up to this moment (TTLs after it). Default: the start of the
   * current UTC day, so the same seed gives the same items all day.
   */
  refDate?: Date | number | string;
  /** Called after each entity is generated, with how many of the design's entities are done. */
  onProgress?: (done: number, total: number) => void;
}

/** The reference date of `options`, checked: a Date at or before which generated dates lie. */
export function referenceDate(refDate: GenerateOptions['refDate']): Date {
  if (refDate === undefined) {
    const now = new Date();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  }
  const date = new Date(refDate);
  if (Number.isNaN(date.getTime())) throw new RangeError(`refDate must be a date, got ${String(refDate)}`);
  return date;
}

/** Optional attributes are set this often; absent ones are what make sparse indexes visible. */
const OPTIONAL_PRESENCE = 0.8;
/** Draws in a row that repeat a primary key before an entity is taken as full (e.g. a constant key). */
const MAX_KEY_REPEATS = 100;
/** `publishedMonth` beside `publishedAt` is a bucket of it: designs store it because templates cannot cut. */
const DERIVED_BUCKET = /^(.+)(Month|Date|Day)$/;

interface Step {
  name: string;
  /** Undefined leaves the attribute out. */
  value: (sample: SampleValues) => JsonValue | undefined;
  /** The set its values come from, when bounded. */
  space?: Space;
}

interface EntityContext {
  design: Design;
  entity: Entity;
  source: Source;
  count: number;
  owners: Map<string, string>;
  /** Attribute name → the values the parent entity was generated with. */
  parentValues: Map<string, ParentValues>;
}

interface ParentValues {
  parent: string;
  values: JsonValue[];
}

/** The set each attribute's values come from (undefined: practically unbounded), by entity. */
export type AttributeSpaces = Map<string, Map<string, Space | undefined>>;

export interface Generated {
  /** Generated sample values per entity name, in the design's entity order. */
  items: Record<string, SampleValues[]>;
  /** Per entity, in the design's entity order: how many were generated, and why fewer if so. */
  results: GenerateResult[];
  spaces: AttributeSpaces;
}

/** The space of a reference's values: the distinct values of the parent's samples. */
export function parentSpace({ parent, values }: ParentValues): Space {
  return { size: new Set(values).size, values: `those of the ${parent} samples` };
}

/** Generated sample values per entity name, in the design's entity order. */
export function generateItems(design: Design, options: GenerateOptions): Record<string, SampleValues[]> {
  return generateSamples(design, options).items;
}

/** Generated sample values per entity, with what was generated of each and why fewer if so. */
export function generateSamples(
  design: Design,
  { count, counts = {}, seed = 1, refDate, onProgress }: GenerateOptions,
): Generated {
  for (const n of [count, ...Object.values(counts)])
    if (!Number.isInteger(n) || n < 0) throw new RangeError(`count must be a whole number ≥ 0, got ${n}`);
  const faker = new Faker({ locale: [en, base] });
  faker.seed(seed);
  const source = new Source(faker, referenceDate(refDate));
  const references = findReferences(design);
  const owners = idOwners(design);
  const generated = new Map<string, SampleValues[]>();
  const results = new Map<string, GenerateResult>();
  const spaces: AttributeSpaces = new Map();
  for (const entity of generationOrder(design, references)) {
    const parentValues = new Map<string, ParentValues>();
    for (const [attribute, parent] of references.get(entity.name) ?? []) {
      const values = (generated.get(parent) ?? []).flatMap((sample) => sample[attribute] ?? []);
      if (values.length > 0) parentValues.set(attribute, { parent, values });
    }
    const wanted = Object.hasOwn(counts, entity.name) ? counts[entity.name] : count;
    const run = generateEntity({ design, entity, source, count: wanted, owners, parentValues });
    generated.set(entity.name, run.samples);
    spaces.set(entity.name, run.spaces);
    const result: GenerateResult = {
      entity: entity.name,
      requested: wanted,
      generated: run.samples.length,
      taken: 0,
    };
    if (result.generated < wanted) {
      result.keySpace = keySpace(design, entity, (name) => run.spaces.get(name));
      result.reason = shortfallReason(design, entity, result);
    }
    results.set(entity.name, result);
    onProgress?.(results.size, design.entities.length);
  }
  return {
    items: Object.fromEntries(
      design.entities.map((entity) => [entity.name, generated.get(entity.name) ?? []]),
    ),
    results: design.entities.flatMap((entity) => results.get(entity.name) ?? []),
    spaces,
  };
}

/** The design with its sample items replaced by generated ones. */
export function seedDesign(design: Design, options: GenerateOptions): Design {
  return { ...design, items: generateItems(design, options) };
}

function generateEntity(context: EntityContext): {
  samples: SampleValues[];
  spaces: Map<string, Space | undefined>;
} {
  const { design, entity, count } = context;
  // The primary key templates of the entity's own item and of each copy (entity.copies): every one of them
  // must be unique per sample, so their attributes are drawn as ids.
  const keyTemplateSets = [entity.keys, ...(entity.copies ?? []).map((copy) => copy.keys)].map((keys) =>
    primaryKeyNames(design).flatMap((name) => keys[name] ?? []),
  );
  const keyed = new Set(keyTemplateSets.flat().flatMap((template) => placeholders(template)));
  const steps = entity.attributes.map((attribute) => step(context, attribute, keyed.has(attribute.name)));
  // Buckets follow their timestamp, so they are drawn after it; the output keeps the declared order.
  const ordered = [
    ...steps.filter((s) => !isDerived(entity, s.name)),
    ...steps.filter((s) => isDerived(entity, s.name)),
  ];
  const reorder = ordered.some((s, i) => s !== steps[i]);
  const samples: SampleValues[] = [];
  const keys = new Set<string>();
  for (let repeats = 0; samples.length < count && repeats < MAX_KEY_REPEATS; ) {
    const drawn: SampleValues = {};
    for (const { name, value } of ordered) {
      const v = value(drawn);
      if (v !== undefined) drawn[name] = v;
    }
    // One table holds them all: no item's key may repeat another's, the entity's or a copy's.
    const drawnKeys = keyTemplateSets.map((templates) =>
      templates.map((template) => `${renderTemplate(template, drawn)}\u0000`).join(''),
    );
    if (drawnKeys.some((key) => keys.has(key)) || new Set(drawnKeys).size < drawnKeys.length) {
      repeats++;
      continue;
    }
    for (const key of drawnKeys) keys.add(key);
    repeats = 0;
    samples.push(reorder ? inOrder(steps, drawn) : drawn);
  }
  return { samples, spaces: new Map(steps.map((s) => [s.name, s.space])) };
}

function inOrder(steps: Step[], drawn: SampleValues): SampleValues {
  const sample: SampleValues = {};
  for (const { name } of steps) if (drawn[name] !== undefined) sample[name] = drawn[name];
  return sample;
}

function sourceOfBucket(entity: Entity, name: string): string | undefined {
  const match = DERIVED_BUCKET.exec(name);
  const source = match && `${match[1]}At`;
  return source && entity.attributes.some((a) => a.name === source && a.type === 'S') ? source : undefined;
}

function isDerived(entity: Entity, name: string): boolean {
  return sourceOfBucket(entity, name) !== undefined;
}

function step(context: EntityContext, attribute: Attribute, keyed: boolean): Step {
  const { entity, source } = context;
  const { name } = attribute;
  const always = attribute.required === true || keyed;
  // Empty text is no value for a key's placeholder (the item would lack its key): a key attribute draws from
  // the rest of its enum (ElectroDB models list "" as a value: `ticketType: ["Issue", "PullRequest", ""]`).
  const nonEmpty = attribute.enum?.filter((value) => value !== '');
  const drawn =
    keyed && nonEmpty && nonEmpty.length < (attribute.enum?.length ?? 0)
      ? { ...attribute, enum: nonEmpty.length > 0 ? nonEmpty : undefined }
      : attribute;
  const draw = baseDraw(context, drawn);
  const bucketOf = attribute.type === 'S' ? sourceOfBucket(entity, name) : undefined;
  if (bucketOf) {
    const length = name.endsWith('Month') ? 7 : 10;
    // Present exactly when its timestamp is, unless it must be present anyway.
    return {
      name,
      space: source.periods(length),
      value: (sample) => {
        const at = sample[bucketOf];
        if (typeof at === 'string') return at.slice(0, length);
        return always ? String(draw()).slice(0, length) : undefined;
      },
    };
  }
  if (always) return { name, value: draw, space: draw.space };
  return {
    name,
    value: () => (source.faker.datatype.boolean(OPTIONAL_PRESENCE) ? draw() : undefined),
    space: draw.space,
  };
}

function baseDraw(context: EntityContext, attribute: Attribute): Draw {
  const { design, entity, source, count, owners, parentValues } = context;
  const existing = parentValues.get(attribute.name);
  if (existing) {
    return Object.assign(() => source.faker.helpers.arrayElement(existing.values), {
      space: parentSpace(existing),
    });
  }
  const bucketOf = attribute.type === 'S' ? sourceOfBucket(entity, attribute.name) : undefined;
  if (bucketOf) return () => source.dateTime();
  const plain = valueDraw(source, entity, attribute, attribute.name === design.table.ttlAttribute);
  if (!isIdName(attribute.name) || attribute.enum || (attribute.type !== 'S' && attribute.type !== 'N')) {
    return plain;
  }
  if (attribute.type === 'N') {
    const max = Math.max(1_000_000, count * 100);
    return unique(() => source.int(1, max));
  }
  if (attribute.format) return unique(plain);
  const owner = owners.get(attribute.name) ?? (attribute.name === 'id' ? entity.name : undefined);
  const stem = owner ?? attribute.name.replace(/_?(Id|ID|id)$/, '');
  const prefix = (stem || entity.name).charAt(0).toLowerCase();
  // Wide enough that collisions, retried below, stay rare: 5 characters up to ~600,000 items.
  const width = Math.max(5, Math.ceil(Math.log(Math.max(count, 1) * 100) / Math.log(36)));
  const space = 36 ** width - 1;
  return unique(() => `${prefix}-${source.int(0, space).toString(36).padStart(width, '0')}`);
}

/** Ids unique per entity: redraw on a repeat; a small space (a word format) falls back to a suffix. */
function unique(draw: Draw): Draw {
  const seen = new Set<JsonValue>();
  let suffix = 0;
  return () => {
    let value = draw();
    for (let tries = 1; seen.has(value); tries++) {
      if (tries < 20) value = draw();
      else value = typeof value === 'number' ? value + 1 : `${value}-${++suffix}`;
    }
    seen.add(value);
    return value;
  };
}
