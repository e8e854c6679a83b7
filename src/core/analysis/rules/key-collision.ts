// Items that render the same primary key overwrite each other: a PutItem of one replaces the other's item,
// and a GetItem cannot tell which one it asked for. Between two entities the templates tell (they can
// produce the same key); within one entity only the values can, so its samples are checked: the table view
// drops the items a later one replaced, as the grid's banner shows. GSI keys need not be unique, so
// items alike there are not flagged.

import { storedEntry } from '../../evaluate/stored-items.ts';
import { keyValueOf } from '../../indexes/views.ts';
import { sampleIndexer } from '../../items/sample-positions.ts';
import {
  isConstant,
  literalPrefix,
  parseTemplate,
  placeholders,
  singlePlaceholder,
} from '../../keys/template.ts';
import { primaryKeyNames, TABLE_INDEX } from '../../model/indexes.ts';
import type { Entity } from '../../model/schema.ts';
import { stringifyExactJson } from '../../values/exact-json.ts';
import type { DerivedItem } from '../../values/item.ts';
import { type EntityRef, keyPath, type LintContext } from '../lint-context.ts';
import type { LintRule, RuleFinding } from '../lint-types.ts';
import type { PrefixIndex } from '../prefix-index.ts';
import { list } from './wording.ts';

/** Runs of colliding samples named in a finding; the rest are counted. */
const EXAMPLES_SHOWN = 3;

const templatesOf = (entity: Entity, keyNames: string[]) =>
  keyNames.map((k) => `${k} ${entity.keys[k]}`).join(', ');

/** A message stays one line of at most this many characters; the fix holds the detail. */
const MESSAGE_MAX = 160;

/** Cross-entity overwrites among the samples: `i,j` (entity positions, i < j) → the two samples. */
function sampleOverwrites(context: LintContext): Map<string, string> {
  const out = new Map<string, string>();
  const position = new Map(context.design.entities.map((e, i) => [e.name, i]));
  const sampleIndexOf = sampleIndexer(context.design);
  for (const replaced of context.views.get(TABLE_INDEX)!.overwritten) {
    const kept = storedEntry(context.views, replaced.item)?.source;
    if (!kept || kept.entity === replaced.entity || replaced.copy || kept.copy) continue;
    const [a, b] = [position.get(kept.entity)!, position.get(replaced.entity)!].sort((x, y) => x - y);
    const id = `${a},${b}`;
    if (!out.has(id))
      out.set(
        id,
        `items.${kept.entity}[${sampleIndexOf(kept)}] and items.${replaced.entity}[${sampleIndexOf(replaced)}]`,
      );
  }
  return out;
}

/**
 * The literal text an entity's keys of this attribute begin with: the template's own prefix, else what all its
 * samples' keys begin with, up to the end of their leading letters (`A1`, `A2` → `A`; `purchase#…` → `purchase#`).
 */
function realPrefix(context: LintContext, ref: EntityRef, keyName: string): string {
  const own = literalPrefix(ref.entity.keys[keyName]);
  if (own) return own;
  const values = context
    .ownDerived(ref.entity.name)
    .map((d) => d.item[keyName])
    .filter((v): v is string => typeof v === 'string');
  if (values.length === 0) return '';
  let common = values[0];
  for (const v of values) while (!v.startsWith(common)) common = common.slice(0, -1);
  const letters = /^\p{L}+/u.exec(common)?.[0] ?? '';
  if (!letters) return '';
  const next = common[letters.length];
  return next !== undefined && !/[\p{L}\p{N}]/u.test(next) ? letters + next : letters;
}

/** A key value's shape: per `#`-part, whether it starts with a digit, a letter or neither (`JFK#2021-…` → `a#d`). */
const shapeOf = (value: string) =>
  value
    .split('#')
    .map((part) => (/^\p{N}/u.test(part) ? 'd' : /^\p{L}/u.test(part) ? 'a' : 'o'))
    .join('#');

/** The shapes of an entity's sample values of one key, or undefined with no sample. */
function sampleShapes(context: LintContext, entity: string, keyName: string): Set<string> | undefined {
  const values = context
    .ownDerived(entity)
    .map((d) => d.item[keyName])
    .filter((v): v is string => typeof v === 'string');
  return values.length === 0 ? undefined : new Set(values.map(shapeOf));
}

/**
 * Whether two sample shapes could be one key: the same shape, or one the start of the other when it holds a
 * `#` itself (`ORDER#2024` may well grow into `ORDER#2024-…#o1`; a phone number without `#` does not).
 */
function couldMeet(x: string, y: string): boolean {
  if (x === y) return true;
  const [short, long] = x.length < y.length ? [x, y] : [y, x];
  return short.includes('#') && long.startsWith(`${short}#`);
}

/**
 * Whether the samples show two entities' keys apart on one key: no value of one has a shape a value of the
 * other could meet (a phone number never holds the `#` of `{number}#{acctId}`, a time is not the literal `A`).
 */
function shapesApart(context: LintContext, a: Entity, b: Entity, keyNames: string[]): boolean {
  return keyNames.some((keyName) => {
    const [x, y] = [sampleShapes(context, a.name, keyName), sampleShapes(context, b.name, keyName)];
    return x !== undefined && y !== undefined && ![...x].some((p) => [...y].some((q) => couldMeet(p, q)));
  });
}

/** Literal characters of a template: the fewer, the more keys it can produce. */
const literalLength = (template: string) =>
  parseTemplate(template).reduce((n, part) => n + (part.kind === 'literal' ? part.text.length : 0), 0);

/** Union-find over entity positions: the entities whose keys may collide, one root cause per group. */
function groups(pairs: readonly [number, number][]): number[][] {
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    const p = parent.get(x) ?? x;
    if (p === x) return x;
    const root = find(p);
    parent.set(x, root);
    return root;
  };
  for (const [a, b] of pairs) parent.set(find(b), find(a));
  const out = new Map<number, number[]>();
  for (const x of new Set(pairs.flat()).values()) {
    const root = find(x);
    const group = out.get(root);
    if (group) group.push(x);
    else out.set(root, [x]);
  }
  return [...out.values()].map((g) => g.sort((x, y) => x - y));
}

/** `Customer, Account and Transaction`, shortened to `Customer and 4 more` while the message is too long. */
function fitNames(names: string[], wrap: (text: string) => string): string {
  for (let shown = names.length; shown >= 1; shown--) {
    const text =
      shown === names.length
        ? list(names)
        : `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;
    if (wrap(text).length <= MESSAGE_MAX) return wrap(text);
  }
  return wrap(`${names.length} other entities`);
}

/**
 * The positions before `ref`'s of the entities whose templates may meet its own on every key, ascending: the
 * lookup is on the key whose prefixes give the fewest (an entity without a template for a key meets none).
 */
function candidatesBefore(
  context: LintContext,
  ref: EntityRef,
  keyNames: string[],
  indexes: PrefixIndex<EntityRef>[],
): number[] {
  let narrowest: { index: PrefixIndex<EntityRef>; prefixes: string[]; count: number } | undefined;
  for (const [k, keyName] of keyNames.entries()) {
    const shapes = context.entityShapes(ref, keyName);
    if (!shapes) return [];
    const prefixes = [...new Set(shapes.map((shape) => shape.prefix))];
    const count = prefixes.reduce((n, prefix) => n + indexes[k].count(prefix), 0);
    if (!narrowest || count < narrowest.count) narrowest = { index: indexes[k], prefixes, count };
  }
  if (!narrowest) return [];
  const found = new Set<number>();
  for (const prefix of narrowest.prefixes)
    for (const other of narrowest.index.meeting(prefix)) if (other.index < ref.index) found.add(other.index);
  return [...found].sort((a, b) => a - b);
}

function betweenEntities(context: LintContext, keyNames: string[]): RuleFinding[] {
  const entities = context.entities();
  const last = keyNames[keyNames.length - 1];
  const overwrites = sampleOverwrites(context);
  const certain: RuleFinding[] = [];
  const possible: [number, number][] = [];
  // Only the pairs whose templates can meet on every key are tried: per key, the entities whose prefixes meet
  // (prefix-index.ts), looked up on the key that gives the fewest.
  const indexes = keyNames.map((keyName) => context.prefixIndex(entities, keyName, 'entities'));
  for (let j = 1; j < entities.length; j++) {
    const earlier = candidatesBefore(context, entities[j], keyNames, indexes);
    for (const i of earlier) {
      const meet = keyNames.every((keyName) => {
        const a = context.entityShapes(entities[i], keyName);
        const b = context.entityShapes(entities[j], keyName);
        return a !== undefined && b !== undefined && context.meets(a, b);
      });
      if (!meet) continue;
      const [a, b] = [entities[i].entity, entities[j].entity];
      // The same key: identical templates, a constant last key, and partition templates that name what
      // they hold (CUSTOMER#{customerId}, not a bare {PK} whose values may differ by entity).
      const same =
        keyNames.every((k) => a.keys[k] === b.keys[k]) &&
        isConstant(a.keys[last]) &&
        keyNames.every((k) => isConstant(a.keys[k]) || literalPrefix(a.keys[k]) !== '');
      const samples = overwrites.get(`${i},${j}`);
      // Certainly wrong: the same key, or samples that do replace each other.
      if (same || samples) {
        certain.push({
          target: keyPath(entities[j], last),
          related: [keyPath(entities[i], last)],
          message:
            `${a.name} and ${b.name} write the same primary key${samples ? ` (${samples})` : ` (${templatesOf(b, keyNames)})`}: one replaces the other.`.slice(
              0,
              MESSAGE_MAX,
            ),
          fix: `Give each entity a literal ${last} prefix of its own (${a.name} ${a.name.toUpperCase()}#…, ${b.name} ${b.name.toUpperCase()}#…) so their keys cannot meet.`,
        });
      } else if (!shapesApart(context, a, b, keyNames)) possible.push([i, j]);
    }
  }
  const findings: RuleFinding[] = [...certain];
  const degrees = new Map<number, number>();
  for (const [x, y] of possible) {
    degrees.set(x, (degrees.get(x) ?? 0) + 1);
    degrees.set(y, (degrees.get(y) ?? 0) + 1);
  }
  const found = groups(possible);
  const groupOf = new Map(found.flatMap((group, g) => group.map((i) => [i, g] as const)));
  const pairsOf = found.map((): [number, number][] => []);
  for (const pair of possible) pairsOf[groupOf.get(pair[0])!].push(pair);
  for (const [g, group] of found.entries()) {
    const refs = group.map((i) => entities[i]);
    const pairs = pairsOf[g];
    // The root cause: a catch-all template (one placeholder) if there is one, the one that meets the most
    // others first (a keyless hub joins entities that do not meet each other), else the least literal one.
    const degree = (r: EntityRef) => degrees.get(r.index) ?? 0;
    const widest = [...refs].sort(
      (x, y) =>
        Number(singlePlaceholder(y.entity.keys[last]) !== undefined) -
          Number(singlePlaceholder(x.entity.keys[last]) !== undefined) ||
        degree(y) - degree(x) ||
        literalLength(x.entity.keys[last]) - literalLength(y.entity.keys[last]) ||
        x.index - y.index,
    )[0];
    const others = refs.filter((r) => r !== widest);
    // Values that carry distinct prefixes on some key (P1, D1) keep two entities apart by convention.
    const prefixes = new Map(
      keyNames.map((k) => [k, new Map(refs.map((r) => [r.index, realPrefix(context, r, k)]))]),
    );
    const distinct = (k: string, x: number, y: number) => {
      const [p, q] = [prefixes.get(k)!.get(x)!, prefixes.get(k)!.get(y)!];
      return p !== '' && q !== '' && !p.startsWith(q) && !q.startsWith(p);
    };
    const apartBy = keyNames.find((k) => pairs.every(([x, y]) => distinct(k, x, y)));
    const apart = apartBy !== undefined;
    const template = widest.entity.keys[last];
    const what =
      singlePlaceholder(template) !== undefined
        ? `${widest.entity.name}'s ${last} ${template} is one placeholder: it can produce the keys of `
        : `${widest.entity.name}'s ${last} ${template} can produce the primary keys of `;
    const tail = apart ? ' too; only their values keep them apart.' : ': one item could replace another.';
    const own = prefixes.get(last)!;
    const fix = apart
      ? `Write the prefixes the values already carry into the ${apartBy} templates (${refs
          .map((r) => `${r.entity.name} ${prefixes.get(apartBy)!.get(r.index)}…`)
          .join(', ')}), so the keys, not a naming convention, keep the entities apart.`
      : `Give each entity a literal ${last} prefix no other can produce, in the template: ${refs
          .map((r) => {
            const p = own.get(r.index)!;
            const unique = p !== '' && refs.every((o) => o === r || distinct(last, r.index, o.index));
            const literal = literalPrefix(r.entity.keys[last]);
            // A literal prefix no other template begins with stays; the templates without one change.
            const kept =
              literal !== '' &&
              refs.every((o) => {
                const theirs = literalPrefix(o.entity.keys[last]);
                return (
                  o === r || theirs === '' || (!theirs.startsWith(literal) && !literal.startsWith(theirs))
                );
              });
            if (kept) return `${r.entity.name} keeps ${literal}`;
            if (unique && !literal) return `${r.entity.name} ${p}… (as its samples begin)`;
            return `${r.entity.name} ${r.entity.name.toUpperCase()}#${r.entity.keys[last]}`;
          })
          .join('; ')}.`;
    findings.push({
      severity: apart ? 'info' : 'warning',
      target: keyPath(widest, last),
      related: others.map((r) => keyPath(r, last)),
      message: fitNames(
        others.map((r) => r.entity.name),
        (names) => `${what}${names}${tail}`,
      ),
      fix,
    });
  }
  return findings;
}

/** Per entity, the samples that share a primary key with a later sample of the same entity, by that key. */
function collidingSamples(context: LintContext): Map<string, Map<DerivedItem, DerivedItem[]>> {
  const byEntity = new Map<string, Map<DerivedItem, DerivedItem[]>>();
  for (const replaced of context.views.get(TABLE_INDEX)!.overwritten) {
    const kept = storedEntry(context.views, replaced.item)?.source;
    // Another entity's item: their templates intersect, which betweenEntities reports.
    if (!kept || kept.entity !== replaced.entity) continue;
    let runs = byEntity.get(replaced.entity);
    if (!runs) {
      runs = new Map();
      byEntity.set(replaced.entity, runs);
    }
    const run = runs.get(kept);
    if (run) run.push(replaced);
    else runs.set(kept, [replaced]);
  }
  return byEntity;
}

function withinEntity(context: LintContext, keyNames: string[]): RuleFinding[] {
  const { partitionKey, sortKey } = context.design.table;
  const keys = sortKey ? [partitionKey, sortKey] : [partitionKey];
  const findings: RuleFinding[] = [];
  const sampleIndexOf = sampleIndexer(context.design);
  for (const [entityName, runs] of collidingSamples(context)) {
    const ref = context.entityRef(entityName) as EntityRef;
    const { entity } = ref;
    const examples = [...runs].map(([kept, replaced]) => {
      const samples = [...replaced, kept].map((d) => `items.${entityName}[${sampleIndexOf(d)}]`);
      const key = keys.map((k) => `${k.name} ${stringifyExactJson(keyValueOf(kept.item, k))}`).join(', ');
      return `${samples.slice(0, -1).join(', ')} and ${samples[samples.length - 1]} (${key})`;
    });
    const count = [...runs.values()].reduce((n, replaced) => n + replaced.length, 0);
    const more = examples.length > EXAMPLES_SHOWN ? `; and ${examples.length - EXAMPLES_SHOWN} more` : '';
    const used = new Set(keyNames.flatMap((k) => placeholders(entity.keys[k] ?? '')));
    const id = entity.attributes.find(
      (a) => !used.has(a.name) && (/id$/i.test(a.name) || a.format === 'uuid' || a.format === 'ulid'),
    );
    const last = keyNames[keyNames.length - 1];
    const first = `${count === 1 ? 'A sample' : `${count} samples`} of ${entityName} ${count === 1 ? 'shares' : 'share'} a primary key: `;
    const tail = '; only the last one is stored.';
    const shown = examples.length === 1 ? examples[0] : `${examples[0]}; and ${examples.length - 1} more`;
    findings.push({
      target: keyPath(ref, last),
      message:
        (first + shown + tail).length <= MESSAGE_MAX
          ? first + shown + tail
          : `${first}${examples.length === 1 ? examples[0].split(' (')[0] : `${examples.length} keys`}${tail}`,
      fix: `The key templates (${templatesOf(entity, keyNames)}) must tell two ${entityName} items apart: put what identifies one in ${last}${id ? ` (e.g. {${id.name}})` : ''}. Colliding: ${examples.slice(0, EXAMPLES_SHOWN).join('; ')}${more}.`,
    });
  }
  return findings;
}

export const keyCollision: LintRule = {
  id: 'key-collision',
  family: 'keys',
  severity: 'error',
  description:
    "Two entities' templates can produce the same full primary key, or two samples of one entity render the same one, so one item overwrites the other: an error when certain (samples that collide, one constant key), else a warning, or info when only the values' prefixes keep entities apart; one finding per group of entities.",
  explanation:
    'DynamoDB keeps one item per primary key: a PutItem of a key another item has replaces that item, whatever entity it was. ' +
    "Key templates that begin with a literal prefix of their own (ORDER#{orderId}, ITEM#{sku}) cannot meet; a template that is one placeholder ({sk}), as an imported model's often are, can produce any other entity's key in the same partition. " +
    'The collision is certain when samples do collide or two entities share a constant key; otherwise it depends on the values, and the finding is reported once, at the widest template, with the other entities in related.',
  check(design, context) {
    const keyNames = primaryKeyNames(design);
    return [...betweenEntities(context, keyNames), ...withinEntity(context, keyNames)];
  },
};
