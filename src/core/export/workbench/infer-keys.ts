// Key templates for one entity, from the key values its items hold. A template is accepted only when it
// gives back every item's key exactly (and no key where the item has none: sparse indexes), so the
// imported design derives the very items of the model. Templates a file names (Keyplan's own copy, a facet
// alias written as a template, a ModelSchema value) are tried first; otherwise one is inferred:
//   `{attr}` when an attribute holds the whole value, a literal when the value is the same on every item,
//   else the value split on "#" with each part a literal, an attribute, or a new attribute for the part
//   that varies (`USER#{userId}`), and at worst one new attribute holding the whole value.
// New attributes get the part of each item's key as their sample value.
import {
  formatPlaceholderValue,
  parseKey,
  parseTemplate,
  placeholders,
  RenderTooLongError,
  renderKeyValue,
  singlePlaceholder,
  type TemplatePart,
} from '../../keys/template.ts';
import type { KeyValue } from '../../model/item.ts';
import type { AttributeType, JsonValue, KeyType } from '../../model/schema.ts';
import { camelNameFrom, uniqueName } from './names.ts';

export interface DraftAttribute {
  name: string;
  type: AttributeType;
  /** Created here to carry part of a key, not read from the model. */
  synthetic: boolean;
}

export interface EntityDraft {
  attributes: DraftAttribute[];
  /** One per item: the entity's attribute values (keys and the type attribute excluded). */
  samples: Record<string, JsonValue>[];
  /** Key attribute names and the type attribute: never an entity attribute, never a placeholder. */
  reserved: ReadonlySet<string>;
}

export interface KeySpec {
  name: string;
  type: KeyType;
}

export interface TemplateCandidate {
  template: string;
  /** Where the template comes from, for the warning when it does not fit the data. */
  source: string;
}

const PLACEHOLDER_NAME = /^[A-Za-z0-9_.-]+$/;
const LETTERS = /^[A-Za-z_]+$/;
const ALL_CAPS_WORD = /^[A-Z][A-Z_]*$/;

/** Values per item of one key attribute; undefined where the item has none. */
export type KeyValues = readonly (KeyValue | undefined)[];

function present(values: KeyValues): number[] {
  return values.flatMap((value, i) => (value === undefined ? [] : [i]));
}

/**
 * Accepts `template` for `key` when it renders every item's value exactly and nothing where an item has
 * none; placeholders that are not attributes yet become attributes holding their part of each key.
 * Returns why it does not fit, or undefined once accepted.
 */
export function fitTemplate(
  draft: EntityDraft,
  key: KeySpec,
  values: KeyValues,
  template: string,
): string | undefined {
  let parts: TemplatePart[];
  try {
    parts = parseTemplate(template);
  } catch (error) {
    return (error as Error).message;
  }
  const names = placeholders(template);
  if (template === '') return 'it is empty';
  const reserved = names.find((name) => draft.reserved.has(name));
  if (reserved)
    return `{${reserved}} is a key attribute (or the type attribute), which a Keyplan template cannot use`;
  const existing = new Map(draft.attributes.map((a) => [a.name, a]));
  if (key.type !== 'S') {
    const only = singlePlaceholder(template);
    const literalNumber = key.type === 'N' && names.length === 0 && Number.isFinite(Number(template));
    if (!literalNumber && (!only || (existing.has(only) && existing.get(only)?.type !== key.type)))
      return `${key.name} is of type ${key.type}: its template must be one placeholder of that type`;
  }
  const widths = new Map<string, number | undefined>();
  for (const part of parts) if (part.kind === 'placeholder') widths.set(part.name, part.width);
  const added = new Map<string, (JsonValue | undefined)[]>(
    names.filter((name) => !existing.has(name)).map((name) => [name, []]),
  );
  const mismatch = "it does not give back the items' keys";
  for (const i of present(values)) {
    const parsed = parseKey(template, String(values[i]));
    if (!parsed) return mismatch;
    for (const [name, text] of Object.entries(parsed)) {
      const column = added.get(name);
      if (column) column[i] = key.type === 'N' ? Number(text) : text;
      else if (formatPlaceholderValue(draft.samples[i][name], widths.get(name)) !== text) return mismatch;
    }
  }
  for (let i = 0; i < values.length; i++) {
    const withAdded = { ...draft.samples[i] };
    for (const [name, column] of added) if (column[i] !== undefined) withAdded[name] = column[i] as JsonValue;
    let rendered: ReturnType<typeof renderKeyValue>;
    try {
      rendered = renderKeyValue(template, withAdded, key.type);
    } catch (error) {
      // A key longer than DynamoDB takes: no template of Keyplan's gives it back.
      if (error instanceof RenderTooLongError) return mismatch;
      throw error;
    }
    if (values[i] === undefined && rendered !== undefined)
      return `it gives ${key.name} to items that have none`;
    if (rendered !== values[i]) return mismatch;
  }
  for (const [name, column] of added) {
    draft.attributes.push({ name, type: key.type, synthetic: true });
    column.forEach((value, i) => {
      if (value !== undefined) draft.samples[i][name] = value;
    });
  }
  return undefined;
}

/** Names for new attributes within one template: unique in the entity and in the template. */
class Namer {
  private readonly taken = new Set<string>();
  constructor(private readonly draft: EntityDraft) {}
  next(base: string): string {
    const name = uniqueName(
      base,
      (n) =>
        this.taken.has(n) || this.draft.reserved.has(n) || this.draft.attributes.some((a) => a.name === n),
    );
    this.taken.add(name);
    return name;
  }
}

/** The word a literal ends with ("P" of "{categoryId}P", "USER" of "USER-"), lowercased. */
function endingWord(literal: string | undefined): string | undefined {
  return literal
    ?.replace(/^.*\}/, '')
    .replace(/[^A-Za-z0-9]+$/, '')
    .match(/[A-Za-z]+$/)?.[0]
    .toLowerCase();
}

/**
 * The attributes a template may name, those named like the literal before the part first: after "P#",
 * productId comes before categoryId, for when both happen to hold the same value on every item.
 */
function placeholderAttributes(draft: EntityDraft, before?: string): string[] {
  const word = endingWord(before);
  const rank = (name: string) => (word && name.toLowerCase().startsWith(word) ? 0 : 1);
  return draft.attributes
    .map((a) => a.name)
    .filter((name) => PLACEHOLDER_NAME.test(name))
    .sort((a, b) => rank(a) - rank(b));
}

/** Attributes that hold `parts[k]` on item `rows[k]`, for every k. */
function attributesHolding(draft: EntityDraft, rows: number[], parts: string[], before?: string): string[] {
  return placeholderAttributes(draft, before).filter((name) =>
    rows.every((row, k) => formatPlaceholderValue(draft.samples[row][name]) === parts[k]),
  );
}

function allEqual(parts: string[]): boolean {
  return parts.every((part) => part === parts[0]);
}

/** An attribute held inside the part with a fixed text around it (`{categoryId}P` for "1P", "2P"). */
function affixedAttribute(
  draft: EntityDraft,
  rows: number[],
  parts: string[],
  before?: string,
): string | undefined {
  for (const name of placeholderAttributes(draft, before)) {
    const affixes = rows.map((row, k) => {
      const held = formatPlaceholderValue(draft.samples[row][name]);
      const at = held ? parts[k].indexOf(held) : -1;
      return at < 0 || !held ? undefined : [parts[k].slice(0, at), parts[k].slice(at + held.length)];
    });
    const [first] = affixes;
    if (!first || first.join('') === '' || first.some((t) => t.includes('{'))) continue;
    if (affixes.every((a) => a && a[0] === first[0] && a[1] === first[1]))
      return `${first[0]}{${name}}${first[1]}`;
  }
  return undefined;
}

/** The common start of every part, cut after its last non-alphanumeric character ("USER-" of "USER-1"). */
function fixedStart(parts: string[]): string {
  let start = parts[0];
  for (const part of parts) while (!part.startsWith(start)) start = start.slice(0, -1);
  const cut = start.search(/[^A-Za-z0-9][A-Za-z0-9]*$/);
  start = cut < 0 ? '' : start.slice(0, cut + 1);
  // A word prefix ("USER-"), not the shared digits of dates or numbers ("2021-08-").
  const wordPrefix = /[A-Za-z]/.test(start) && !/[0-9{]/.test(start);
  return wordPrefix && parts.every((part) => part.length > start.length) ? start : '';
}

/**
 * A value the same on every item is a literal, unless it holds a digit: "C1" or "12345" on every item of
 * the sample still reads as an id. One item cannot show what varies: there an all-caps word ("META"), or a
 * word before the last part ("USER" of "USER#u1"), reads as fixed.
 */
function looksFixed(value: string, items: number, last: boolean): boolean {
  if (/[0-9{]/.test(value)) return false;
  return items >= 2 || ALL_CAPS_WORD.test(value) || (!last && LETTERS.test(value));
}

interface SegmentContext {
  draft: EntityDraft;
  rows: number[];
  namer: Namer;
  /** Name for a new attribute when nothing around it names it. */
  fallbackName: string;
}

/** "USER" → "userId", "USER-" → "userId": the word a literal ends with names the value after it. */
function idName(literal: string): string | undefined {
  const word = literal.replace(/[^A-Za-z0-9]+$/, '').match(/[A-Za-z][A-Za-z0-9_]*$/)?.[0];
  return word ? `${camelNameFrom(word)}Id` : undefined;
}

/** One "#"-separated part of the template: literal, `{attr}`, affixed attribute or a new attribute. */
function segmentPart(
  context: SegmentContext,
  parts: string[],
  previous: string | undefined,
  last: boolean,
): string | undefined {
  const { draft, rows } = context;
  const [holder] = attributesHolding(draft, rows, parts, previous);
  if (holder) return `{${holder}}`;
  if (allEqual(parts) && looksFixed(parts[0], rows.length, last)) return parts[0];
  const affixed = affixedAttribute(draft, rows, parts, previous);
  if (affixed) return affixed;
  if (parts.some((part) => part === '')) return undefined;
  const start = rows.length >= 2 ? fixedStart(parts) : '';
  const literalBefore = previous !== undefined && !previous.includes('{') ? previous : undefined;
  const base = (start && idName(start)) || (literalBefore && idName(literalBefore)) || context.fallbackName;
  return `${start}{${context.namer.next(base)}}`;
}

/** `PART#PART…` with each part a literal, an attribute or a new attribute; undefined when parts differ in number. */
function segmentedTemplate(
  context: SegmentContext,
  texts: string[],
  key: KeySpec,
  alias?: string,
): string | undefined {
  const split = texts.map((t) => t.split('#'));
  const count = split[0].length;
  if (split.some((s) => s.length !== count)) return fixedSegmentsTemplate(context, split);
  const keyParts = key.name.split('#');
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const fallbackName =
      keyParts.length === count && count > 1
        ? camelNameFrom(keyParts[i])
        : i === 0 && alias
          ? camelNameFrom(alias)
          : camelNameFrom(key.name);
    const part = segmentPart(
      { ...context, fallbackName },
      split.map((s) => s[i]),
      out[i - 1],
      i === count - 1,
    );
    if (part === undefined) return undefined;
    out.push(part);
  }
  return out.join('#');
}

/** Values with different numbers of parts: the parts every value starts with, then one new attribute. */
function fixedSegmentsTemplate(context: SegmentContext, split: string[][]): string | undefined {
  const shortest = Math.min(...split.map((s) => s.length));
  let fixed = 0;
  while (fixed < shortest - 1 && split.every((s) => s[fixed] === split[0][fixed] && !s[fixed].includes('{')))
    fixed++;
  if (fixed === 0) return undefined;
  const prefix = split[0].slice(0, fixed).join('#');
  const base = idName(split[0][fixed - 1]) ?? context.fallbackName;
  return `${prefix}#{${context.namer.next(base)}}`;
}

function inferredTemplates(draft: EntityDraft, key: KeySpec, values: KeyValues, alias?: string): string[] {
  const rows = present(values);
  const texts = rows.map((i) => String(values[i]));
  const fallbackName = camelNameFrom(alias ?? key.name);
  const whole = () => `{${new Namer(draft).next(fallbackName)}}`;
  if (rows.length === 0) return [whole()];
  const holders = attributesHolding(draft, rows, texts)
    .filter((name) => key.type === 'S' || draft.attributes.find((a) => a.name === name)?.type === key.type)
    .map((name) => `{${name}}`);
  if (key.type === 'B') return [...holders, whole()];
  if (key.type === 'N')
    return [...holders, ...(allEqual(texts) && rows.length >= 2 ? texts.slice(0, 1) : []), whole()];
  const constant = allEqual(texts) && looksFixed(texts[0], rows.length, true) ? texts.slice(0, 1) : [];
  const segmented = segmentedTemplate(
    { draft, rows, namer: new Namer(draft), fallbackName },
    texts,
    key,
    alias,
  );
  return [...holders, ...constant, ...(segmented ? [segmented] : []), whole()];
}

export interface ChosenTemplate {
  template: string | undefined;
  /** Named candidates that do not fit, and why. */
  rejected: (TemplateCandidate & { why: string })[];
}

/**
 * The template for one key attribute of the entity. `infer` false (an index key no item of the entity
 * has) tries only the named candidates: without data there is nothing to infer, and no template keeps the
 * entity out of the index.
 */
export function chooseTemplate(
  draft: EntityDraft,
  key: KeySpec,
  values: KeyValues,
  options: { candidates: TemplateCandidate[]; alias?: string; infer: boolean },
): ChosenTemplate {
  const rejected: ChosenTemplate['rejected'] = [];
  for (const candidate of options.candidates) {
    const why = fitTemplate(draft, key, values, candidate.template);
    if (why === undefined) return { template: candidate.template, rejected };
    rejected.push({ ...candidate, why });
  }
  if (!options.infer) return { template: undefined, rejected };
  for (const template of inferredTemplates(draft, key, values, options.alias)) {
    if (fitTemplate(draft, key, values, template) === undefined) return { template, rejected };
  }
  // The last inferred template is one new attribute holding each whole value, which always fits.
  throw new Error(`no template fits ${key.name}`);
}
