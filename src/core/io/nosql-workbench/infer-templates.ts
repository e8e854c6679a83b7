// Templates inferred for one key attribute from the values its items hold, best first, each to be fitted
// (fit-template.ts) in turn:
//   `{attr}` when an attribute holds the whole value, a literal when the value is the same on every item,
//   else the value split on "#" with each part a literal, an attribute, or a new attribute for the part
//   that varies (`USER#{userId}`), and at worst one new attribute holding the whole value.
// An attribute stands for a value or part only on evidence all the items give: it holds that part on
// every item, and the part varies from item to item with it, or the model names it there (the facet's
// key alias, "SubId#SKU", or the word before the part: `SKU#{SKU}`). One item where an account id and a
// subscription id are both "123" is no evidence that they are the same; the part then gets its own
// attribute, named by the alias where it names one.

import { formatPlaceholderValue } from '../../keys/template.ts';
import { type EntityDraft, type KeySpec, type KeyValues, present } from './fit-template.ts';
import { camelNameFrom, uniqueName } from './names.ts';

const PLACEHOLDER_NAME = /^[A-Za-z0-9_.-]+$/;
const LETTERS = /^[A-Za-z_]+$/;
const ALL_CAPS_WORD = /^[A-Z][A-Z_]*$/;

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
export const isName = (text: string) => /[A-Za-z]/.test(text) && PLACEHOLDER_NAME.test(text);

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

export function inferredTemplates(
  draft: EntityDraft,
  key: KeySpec,
  values: KeyValues,
  alias?: string,
): string[] {
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
