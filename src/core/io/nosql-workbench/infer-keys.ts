// Key templates for one entity, from the key values its items hold. A template is accepted only when it
// gives back every item's key exactly (and no key where the item has none: sparse indexes), so the
// imported design derives the very items of the model. Templates a file names (Keyplan's own copy, a facet
// alias written as a template, a ModelSchema value) are tried first; otherwise one is inferred:
//   `{attr}` when an attribute holds the whole value, a literal when the value is the same on every item,
//   else the value split on "#" with each part a literal, an attribute, or a new attribute for the part
//   that varies (`USER#{userId}`), and at worst one new attribute holding the whole value.
// An attribute stands for a value or part only on evidence all the items give: it holds that part on
// every item, and the part varies from item to item with it, or the model names it there (the facet's
// key alias, "SubId#SKU", or the word before the part: `SKU#{SKU}`). One item where an account id and a
// subscription id are both "123" is no evidence that they are the same; the part then gets its own
// attribute, named by the alias where it names one.
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
import type { AttributeType, JsonValue, KeyType } from '../../model/schema.ts';
import { compareKeyValues, numberFromKeyText } from '../../values/compare.ts';
import type { KeyValue } from '../../values/item.ts';
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
      if (column) column[i] = key.type === 'N' ? (numberFromKeyText(text) ?? Number(text)) : text;
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
    // Numbers by value: an ExactNumber is a new object each time it is read.
    const same =
      rendered === values[i] ||
      (key.type === 'N' &&
        rendered !== undefined &&
        values[i] !== undefined &&
        compareKeyValues(rendered, values[i]!, 'N') === 0);
    if (!same) return mismatch;
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

function allEqual(parts: string[]): boolean {
  return parts.every((part) => part === parts[0]);
}

/** What names the value of a key or of one part of it, besides the attribute's own name. */
interface Naming {
  /** The text before the part in the template being built ("SKU" before `999` in `SKU#999`). */
  before?: string;
  /** The name the facet's key alias gives the part. */
  alias?: string;
  /** The key attribute, for a whole value. */
  key?: string;
}

const normalized = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Whether `name` is what the model calls the part: by the alias, the key's name or the word before it. */
function named(name: string, naming: Naming): boolean {
  const own = normalized(name);
  if ([naming.alias, naming.key].some((other) => other !== undefined && normalized(other) === own))
    return true;
  const word = endingWord(naming.before);
  return word !== undefined && own.startsWith(word);
}

/**
 * Attributes that hold `parts[k]` on item `rows[k]`, for every k, where that is evidence: the part takes
 * more than one value across the items, or the model names the attribute there.
 */
function attributesHolding(
  draft: EntityDraft,
  rows: number[],
  parts: string[],
  naming: Naming = {},
): string[] {
  const varies = !allEqual(parts);
  return placeholderAttributes(draft, naming.before).filter(
    (name) =>
      rows.every((row, k) => formatPlaceholderValue(draft.samples[row][name]) === parts[k]) &&
      (varies || named(name, naming)),
  );
}

/**
 * An attribute held inside the part with a fixed text around it (`{categoryId}P` for "1P", "2P"), on the
 * same evidence as a whole part: the attribute varies across the items, or the text before names it. One
 * item's "2023-06-28" beside a PaymentDay of "28" is no `2023-06-{PaymentDay}`.
 */
function affixedAttribute(
  draft: EntityDraft,
  rows: number[],
  parts: string[],
  before?: string,
): string | undefined {
  for (const name of placeholderAttributes(draft, before)) {
    const held = rows.map((row) => formatPlaceholderValue(draft.samples[row][name]));
    const affixes = rows.map((_, k) => {
      const at = held[k] ? parts[k].indexOf(held[k] as string) : -1;
      return at < 0 || !held[k]
        ? undefined
        : [parts[k].slice(0, at), parts[k].slice(at + (held[k] as string).length)];
    });
    const [first] = affixes;
    if (!first || first.join('') === '' || first.some((t) => t.includes('{'))) continue;
    if (!affixes.every((a) => a && a[0] === first[0] && a[1] === first[1])) continue;
    const evidence = !allEqual(held as string[]) || named(name, { before: `${before ?? ''}${first[0]}` });
    if (evidence) return `${first[0]}{${name}}${first[1]}`;
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

/** What a facet's key alias says of one "#"-part of the key: a literal, or the name of its value. */
type PartHint = { literal: true } | { name: string } | undefined;

/** An alias part that names a value: letters, and nothing a placeholder cannot hold. */
const isName = (text: string) => /[A-Za-z]/.test(text) && PLACEHOLDER_NAME.test(text);

/**
 * Reads a facet's key alias against the parts of the key. With as many parts as the key ("ITEMS#ItemID"
 * for "ITEMS#001", "#METEADATA#playerID" for "#METADATA#player001"), each is a literal where the items
 * agree with it (or it is a capitalised word where they all hold one), else a name. With fewer ("SubId#SKU"
 * for "SUB#123#SKU#999", "AccountId" for "ACC#123"), they name the parts that do not read as literals, in
 * order, when there are as many of those.
 */
function aliasHints(alias: string | undefined, split: string[][], items: number): PartHint[] {
  const count = split[0].length;
  const hints: PartHint[] = new Array(count).fill(undefined);
  if (!alias) return hints;
  const names = alias.split('#');
  const column = (i: number) => split.map((s) => s[i]);
  const fixed = (i: number) =>
    allEqual(column(i)) && (column(i)[0] === '' || looksFixed(column(i)[0], items, i === count - 1));
  if (names.length === count) {
    return names.map((name, i) => {
      const same = allEqual(column(i)) && name.toLowerCase() === column(i)[0].toLowerCase();
      if (same || (ALL_CAPS_WORD.test(name) && fixed(i))) return { literal: true };
      return isName(name) ? { name } : undefined;
    });
  }
  const varying = hints.flatMap((_, i) => (fixed(i) ? [] : [i]));
  if (names.length < count && varying.length === names.length && names.every(isName))
    varying.forEach((i, k) => {
      hints[i] = { name: names[k] };
    });
  return hints;
}

/** The alias's name for a new attribute, unless an attribute (or key) of that name holds something else. */
function freeName(draft: EntityDraft, name: string | undefined): string | undefined {
  if (name === undefined || draft.reserved.has(name)) return undefined;
  return draft.attributes.some((a) => a.name === name) ? undefined : name;
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
  hint: PartHint,
): string | undefined {
  const { draft, rows } = context;
  if (hint && 'literal' in hint) return parts[0];
  const aliasName = hint?.name;
  const [holder] = attributesHolding(draft, rows, parts, { before: previous, alias: aliasName });
  if (holder) return `{${holder}}`;
  if (!aliasName && allEqual(parts) && looksFixed(parts[0], rows.length, last)) return parts[0];
  const affixed = aliasName ? undefined : affixedAttribute(draft, rows, parts, previous);
  if (affixed) return affixed;
  if (parts.some((part) => part === '')) return undefined;
  const start = rows.length >= 2 ? fixedStart(parts) : '';
  const literalBefore = previous !== undefined && !previous.includes('{') ? previous : undefined;
  const base =
    freeName(draft, aliasName) ||
    (start && idName(start)) ||
    (literalBefore && idName(literalBefore)) ||
    context.fallbackName;
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
  if (split.some((s) => s.length !== count)) return fixedSegmentsTemplate(context, split, alias);
  const hints = aliasHints(alias, split, context.rows.length);
  const keyParts = key.name.split('#');
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const fallbackName =
      keyParts.length === count && count > 1 ? camelNameFrom(keyParts[i]) : camelNameFrom(key.name);
    const part = segmentPart(
      { ...context, fallbackName },
      split.map((s) => s[i]),
      out[i - 1],
      i === count - 1,
      hints[i],
    );
    if (part === undefined) return undefined;
    out.push(part);
  }
  return out.join('#');
}

/**
 * Values with different numbers of parts: the parts every value starts with, then one new attribute,
 * named by the alias when it has a name for it ("EQUIPMENTS#EquipID").
 */
function fixedSegmentsTemplate(
  context: SegmentContext,
  split: string[][],
  alias?: string,
): string | undefined {
  const shortest = Math.min(...split.map((s) => s.length));
  let fixed = 0;
  while (fixed < shortest - 1 && split.every((s) => s[fixed] === split[0][fixed] && !s[fixed].includes('{')))
    fixed++;
  if (fixed === 0) return undefined;
  const prefix = split[0].slice(0, fixed).join('#');
  const names = alias?.split('#') ?? [];
  const aliasName = names.length === fixed + 1 && isName(names[fixed]) ? names[fixed] : undefined;
  const base = freeName(context.draft, aliasName) ?? idName(split[0][fixed - 1]) ?? context.fallbackName;
  return `${prefix}#{${context.namer.next(base)}}`;
}

function inferredTemplates(draft: EntityDraft, key: KeySpec, values: KeyValues, alias?: string): string[] {
  const rows = present(values);
  const texts = rows.map((i) => String(values[i]));
  // An alias of one part is the whole value's: a literal ("METADATA") or its name ("AccountId").
  const hint =
    alias === undefined || alias.includes('#')
      ? undefined
      : aliasHints(alias, texts.length > 0 ? texts.map((t) => [t]) : [['']], rows.length)[0];
  const aliasName = hint && 'name' in hint ? hint.name : undefined;
  const fallbackName = freeName(draft, aliasName) ?? camelNameFrom(key.name);
  const whole = () => `{${new Namer(draft).next(fallbackName)}}`;
  if (rows.length === 0) return [whole()];
  const holders = attributesHolding(draft, rows, texts, { alias: aliasName, key: key.name })
    .filter((name) => key.type === 'S' || draft.attributes.find((a) => a.name === name)?.type === key.type)
    .map((name) => `{${name}}`);
  if (key.type === 'B') return [...holders, whole()];
  if (key.type === 'N')
    return [...holders, ...(allEqual(texts) && rows.length >= 2 ? texts.slice(0, 1) : []), whole()];
  const fixed = !aliasName && allEqual(texts) && looksFixed(texts[0], rows.length, true);
  const segmented = segmentedTemplate(
    { draft, rows, namer: new Namer(draft), fallbackName },
    texts,
    key,
    alias,
  );
  return [...holders, ...(fixed ? texts.slice(0, 1) : []), ...(segmented ? [segmented] : []), whole()];
}

/**
 * A named template that does not fit, as an alias: it still says what its parts are called
 * (`{timestamp}#{treatmentId}` → "timestamp#treatmentId"). Parts mixing text and placeholders say nothing.
 */
function templateAlias(template: string): string | undefined {
  const parts = template.split('#').map((part) => /^\{([^{}:]+)(?::\d+)?\}$/.exec(part)?.[1] ?? part);
  return parts.some(isName) ? parts.join('#') : undefined;
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
  const alias = options.alias ?? rejected.map((candidate) => templateAlias(candidate.template)).find(Boolean);
  for (const template of inferredTemplates(draft, key, values, alias)) {
    if (fitTemplate(draft, key, values, template) === undefined) return { template, rejected };
  }
  // The last inferred template is one new attribute holding each whole value, which always fits.
  throw new Error(`no template fits ${key.name}`);
}
