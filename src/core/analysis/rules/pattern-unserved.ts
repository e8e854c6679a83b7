// A read whose key condition no entity's keys can satisfy returns nothing, however much data there is:
// the pattern asks for a prefix nobody writes, a sort key no entity in that partition has, or an index the
// entity it wants is not in.
import { primaryKeyNames } from '../../model/indexes.ts';
import type { KeyCondition } from '../../model/schema.ts';
import { type EntityRef, indexLabel, type LintContext, patternPath } from '../lint-context.ts';
import type { LintRule, RuleFinding } from '../lint-types.ts';
import { anyIntersect, templateShapes } from '../template-match.ts';
import { list, names, writes } from './wording.ts';

export function describeSort(sortKey: string, sort: NonNullable<KeyCondition['sort']>): string {
  if (sort.op === 'begins_with') return `begins_with(${sortKey}, ${sort.value})`;
  if (sort.op === 'between') return `${sortKey} between ${sort.value} and ${sort.to}`;
  return `${sortKey} ${sort.op} ${sort.value}`;
}

function keyedRead(context: LintContext, i: number, add: (f: RuleFinding) => void): void {
  const design = context.design;
  const pattern = design.accessPatterns[i];
  if (pattern.operation !== 'GetItem' && pattern.operation !== 'Query') return;
  const reach = context.reach(i);
  if (!reach) return;
  const { schema, inIndex, byPartition, bySort, served } = reach;
  const path = patternPath(i);
  const pk = schema.partitionKey.name;
  const sk = schema.sortKey?.name;
  const { sort, partitionKeys } = pattern.keyCondition;
  // A multi-attribute partition key reads as its attributes' templates.
  const partition =
    pattern.keyCondition.partition ??
    Object.entries(partitionKeys ?? {})
      .map(([name, template]) => `${name} ${template}`)
      .join(', ');
  const where = indexLabel(schema);
  if (inIndex.length === 0) {
    const keys = sk ? `${pk} and ${sk}` : pk;
    add({
      target: schema.kind === 'table' ? `${path}.keyCondition` : `${path}.index`,
      message: `${pattern.id} reads ${where}, but no entity is in it: none has templates for ${keys}. Give the entity it reads ${keys} templates.`,
    });
    return;
  }
  if (byPartition.length === 0) {
    add({
      target: `${path}.keyCondition.partition`,
      message: `${pattern.id} asks ${pk} = ${partition} on ${where}, but no entity writes such a ${pk}: ${writes(inIndex, pk)}. Change the pattern to a prefix an entity writes, or give the entity it reads a ${pk} template that produces ${partition}${schema.kind === 'table' ? '' : ` (or read it from another index: an item has one ${pk})`}.`,
    });
  }
  if (sort && sk && bySort.length === 0) {
    add({
      target: `${path}.keyCondition.sort`,
      message: `${pattern.id} asks ${describeSort(sk, sort)} on ${where}, but no entity's ${sk} can match it: ${writes(inIndex, sk)}. Make the condition match the ${sk} the entity writes, or write the ${sk} it asks for.`,
    });
  }
  if (byPartition.length > 0 && bySort.length > 0 && served.length === 0) {
    const keys = (refs: EntityRef[]) =>
      list(
        refs.map((r) => `${r.entity.name} has ${pk} ${r.entity.keys[pk]}, ${sk} ${r.entity.keys[sk ?? pk]}`),
      );
    const returned = (pattern.returns ?? []).flatMap((name) => context.entityRef(name) ?? []);
    const under = (r: EntityRef) =>
      `${r.entity.name}, written under ${pk} ${r.entity.keys[pk]}, ${sk} ${r.entity.keys[sk ?? pk]}`;
    const wanted = returned.length > 0 ? ` It returns ${list(returned.map(under))}.` : '';
    add({
      target: `${path}.keyCondition`,
      message: `${pattern.id} asks ${pk} = ${partition}${sort && sk ? ` and ${describeSort(sk, sort)}` : ''}: no entity has both (${keys([...byPartition, ...bySort.filter((r) => !byPartition.includes(r))])}), so nothing is ever written under that key.${wanted} Query the keys the entity is written under, or write it under the keys the pattern asks.`,
    });
  }
  if (served.length === 0 || pattern.operation === 'GetItem' || !pattern.returns) return;
  pattern.returns.forEach((name, k) => {
    const ref = context.entityRef(name);
    if (!ref || served.some((s) => s.index === ref.index)) return;
    add({ target: `${path}.returns[${k}]`, message: missing(pattern.id, ref, reach, partition, where) });
  });
}

function missing(
  id: string,
  ref: EntityRef,
  reach: NonNullable<ReturnType<LintContext['reach']>>,
  partition: string,
  where: string,
): string {
  const { schema } = reach;
  const pk = schema.partitionKey.name;
  const sk = schema.sortKey?.name;
  const name = ref.entity.name;
  if (!reach.inIndex.some((r) => r.index === ref.index)) {
    return `${id} returns ${name}, but ${name} is not in ${where}: it has no ${sk ? `${pk} and ${sk} templates` : `${pk} template`}. Give ${name} them, or read it from where it is.`;
  }
  const keys = [pk, ...(sk ? [sk] : [])].map((k) => `${k} ${ref.entity.keys[k]}`).join(', ');
  return `${id} returns ${name}, but no ${name} item can match ${pk} = ${partition}${sk ? ' and its sort condition' : ''} (${name} has ${keys}): the query finds ${names(reach.served)} only. Move ${name} into that partition or read it with a pattern of its own.`;
}

function gets(context: LintContext, i: number, add: (f: RuleFinding) => void): void {
  const design = context.design;
  const pattern = design.accessPatterns[i];
  if (pattern.operation !== 'BatchGetItem' && pattern.operation !== 'TransactGetItems') return;
  const keyNames = primaryKeyNames(design);
  pattern.gets.forEach((get, k) => {
    const ref = context.entityRef(get.entity);
    if (!ref || !get.key) return;
    const asked = [get.key.partition, get.key.sort];
    const fits = keyNames.every((keyName, j) => {
      const entity = context.entityShapes(ref, keyName);
      const wanted = asked[j] === undefined ? undefined : templateShapes(asked[j] as string);
      return !entity || !wanted || anyIntersect(entity, wanted);
    });
    if (fits) return;
    const has = keyNames.map((keyName) => `${keyName} ${ref.entity.keys[keyName]}`).join(', ');
    add({
      target: `${patternPath(i)}.gets[${k}].key`,
      message: `${pattern.id} gets ${ref.entity.name} by ${asked.filter((x) => x !== undefined).join(' / ')}, but ${ref.entity.name} items have ${has}: the get finds nothing. Use ${ref.entity.name}'s own key templates (omit "key").`,
    });
  });
}

export const patternUnserved: LintRule = {
  id: 'pattern-unserved',
  family: 'patterns',
  explanation:
    "An access pattern is served when the items it asks for are written under the keys it reads. A key condition whose prefix no entity writes, a sort condition no entity in that partition can meet, or an index the entity does not appear in returns nothing in DynamoDB, with no error: the application sees an empty page. Change the pattern to read the keys the entity is written under, or change the entity's templates (or add an index) so it is written where the pattern reads.",
  severity: 'error',
  description:
    "A read's key condition matches no entity's keys (a prefix nobody writes, a sort key no entity in that partition has, an index the entity is not in), or a returned entity cannot be among its items.",
  check(design, context) {
    const findings: RuleFinding[] = [];
    const add = (f: RuleFinding) => findings.push(f);
    design.accessPatterns.forEach((_, i) => {
      keyedRead(context, i, add);
      gets(context, i, add);
    });
    return findings;
  },
};
