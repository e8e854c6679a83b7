// A sort condition that is meant for one entity but also matches another entity's keys in the same
// partition returns items the pattern did not ask for: begins_with(SK, 'ORDER') reads ORDERITEM# items
// too, and a Query without a sort condition reads everything the partition holds.
import type { KeyedReadPattern } from '../../model/schema.ts';
import { plural } from '../../values/text/plural.ts';
import { type EntityRef, type LintContext, patternPath, type Reach } from '../lint-context.ts';
import type { LintRule, RuleFinding } from '../lint-types.ts';
import { describeSort } from './pattern-unserved.ts';
import { list, names } from './wording.ts';

const isDelimiter = (ch: string | undefined) => ch !== undefined && !/[\p{L}\p{N}]/u.test(ch);

/** Whether begins_with(value) stops at a boundary of the entity's sort template, as a prefix meant for it does. */
function meantFor(context: LintContext, ref: EntityRef, sortKey: string, value: string): boolean {
  const shapes = context.entityShapes(ref, sortKey) ?? [];
  return shapes.some(({ prefix }) => {
    if (prefix.startsWith(value))
      return prefix.length === value.length || isDelimiter(value.at(-1)) || isDelimiter(prefix[value.length]);
    return value.startsWith(prefix);
  });
}

/** The entities the pattern means to read: its `returns`, else those its begins_with prefix is made for. */
function intended(context: LintContext, pattern: KeyedReadPattern, reach: Reach): EntityRef[] | undefined {
  if (pattern.returns?.length) return reach.served.filter((r) => pattern.returns!.includes(r.entity.name));
  const sort = pattern.keyCondition.sort;
  const sortKey = reach.schema.sortKey?.name;
  if (sort?.op !== 'begins_with' || !sortKey) return undefined;
  return reach.served.filter((r) => meantFor(context, r, sortKey, sort.value));
}

function evidence(context: LintContext, i: number, extra: readonly EntityRef[]): string {
  const evaluation = context.evaluation(i);
  if (!evaluation || !('result' in evaluation)) return '';
  const typeAttribute = context.design.table.typeAttribute;
  const stray = evaluation.result.items.filter((item) =>
    extra.some((r) => r.entity.name === item[typeAttribute]),
  ).length;
  return stray > 0 ? ` With its example arguments it returns ${plural(stray, 'such item')}.` : '';
}

export const prefixCollision: LintRule = {
  id: 'prefix-collision',
  family: 'keys',
  explanation:
    "A partition in a single table often holds several entities (a customer and its orders under CUSTOMER#{id}). A Query that reads the partition without a sort condition, or with a prefix another entity's sort keys also start with, returns those items too: the application gets entities it did not ask for, pays to read them, and may mistake them for its own. Add a sort condition only the wanted entity meets (begins_with(SK, 'ORDER#')), or give the entities sort-key prefixes that do not start one another.",
  severity: 'error',
  description:
    "A Query's sort condition (a begins_with prefix, a literal, or none at all) also matches another entity's keys in the same partition, so it returns items it did not ask for.",
  check(design, context) {
    const findings: RuleFinding[] = [];
    design.accessPatterns.forEach((pattern, i) => {
      if (pattern.operation !== 'Query') return;
      const reach = context.reach(i);
      if (!reach || reach.served.length < 2) return;
      const meant = intended(context, pattern, reach);
      if (!meant || meant.length === 0) return;
      const extra = reach.served.filter((r) => !meant.includes(r));
      if (extra.length === 0) return;
      const sortKey = reach.schema.sortKey?.name ?? reach.schema.partitionKey.name;
      const sort = pattern.keyCondition.sort;
      const theirs = list(extra.map((r) => `${r.entity.name}'s ${sortKey} ${r.entity.keys[sortKey]}`));
      const ours = list(meant.map((r) => `${r.entity.name}'s ${r.entity.keys[sortKey]}`));
      const path = patternPath(i);
      const found = evidence(context, i, extra);
      if (!sort) {
        const prefixes = [...new Set(meant.map((r) => context.entityShapes(r, sortKey)?.[0]?.prefix ?? ''))];
        const condition =
          prefixes.length === 1 && prefixes[0]
            ? `begins_with(${sortKey}, '${prefixes[0]}')`
            : 'a begins_with';
        findings.push({
          target: `${path}.keyCondition`,
          message: `${pattern.id} reads the whole partition ${pattern.keyCondition.partition}, which also holds ${names(extra)} items (${theirs}), not only the ${names(meant)} it returns.${found} Add a sort condition only ${ours} meets: ${condition}.`,
        });
        return;
      }
      findings.push({
        target:
          sort.op === 'begins_with' || sort.op === '='
            ? `${path}.keyCondition.sort.value`
            : `${path}.keyCondition.sort`,
        message: `${pattern.id}'s ${describeSort(sortKey, sort)} is meant for ${ours} but also matches ${theirs}: the query returns ${names(extra)} items it did not ask for.${found} End prefixes with a delimiter and keep them distinct per entity (ORDER# and ITEM#, not ORDER and ORDERITEM#).`,
      });
    });
    return findings;
  },
};
