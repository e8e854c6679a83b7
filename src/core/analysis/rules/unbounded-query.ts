// A Query with no Limit on a partition that grows forever (every order of a status, every event of a
// device) reads — and pays for — more every month, page after page. Seen from a partition key that takes
// few values (a constant, an enum, a boolean) or from expectedItems: the entity's items over its parent's.
import { isIdName } from '../../items/generate/relations.ts';
import { placeholders } from '../../keys/template.ts';
import type { Design, Entity } from '../../model/schema.ts';
import { indexLabel, patternPath } from '../lint-context.ts';
import type { LintRule, RuleFinding } from '../lint-types.ts';

/** Items per partition from which a Query without Limit is a problem. */
const LARGE_PARTITION = 1000;
const FEW_VALUES = 20;

/** Why the entity's partition under this template grows without bound; undefined when it need not. */
function growsForever(design: Design, entity: Entity, template: string): string | undefined {
  const names = placeholders(template);
  if (names.length === 0) return `${template} is one partition for every ${entity.name}`;
  let values = 1;
  for (const name of names) {
    const attribute = entity.attributes.find((a) => a.name === name);
    values *= attribute?.type === 'BOOL' ? 2 : (attribute?.enum?.length ?? Number.POSITIVE_INFINITY);
  }
  if (values <= FEW_VALUES)
    return `${template} has ${values} value${values > 1 ? 's' : ''} for every ${entity.name} ever written`;
  if (entity.expectedItems === undefined) return undefined;
  // One-to-many: the partition is a parent's id; items per partition = the entity's items over the parent's.
  const parentId = names.find(isIdName);
  const parent = design.entities.find(
    (e) =>
      e !== entity &&
      e.expectedItems !== undefined &&
      e.attributes.some((a) => a.name === parentId) &&
      Object.values(e.keys).some((t) => placeholders(t).includes(parentId!)),
  );
  if (!parent?.expectedItems) return undefined;
  const perPartition = Math.round(entity.expectedItems / parent.expectedItems);
  return perPartition >= LARGE_PARTITION
    ? `about ${perPartition.toLocaleString('en-US')} ${entity.name} per ${parent.name} by expectedItems`
    : undefined;
}

export const unboundedQuery: LintRule = {
  id: 'unbounded-query',
  family: 'growth',
  severity: 'warning',
  description:
    'A Query with no Limit and no bounding sort condition on a partition that grows forever (few partition values, or many items per parent by expectedItems).',
  explanation:
    'A Query returns up to 1 MB a page and, without Limit, the application usually reads every page. On a partition that only grows — all orders of a status, all events of a device — the read costs more every month until it times out or dominates the bill. Give the pattern a Limit and page with LastEvaluatedKey (newest first with ScanIndexForward false), or bound it with a sort condition (a date range), or move old items out (TTL, an archive partition).',
  check(design, context) {
    const findings: RuleFinding[] = [];
    design.accessPatterns.forEach((pattern, i) => {
      if (pattern.operation !== 'Query' || pattern.limit !== undefined) return;
      const op = pattern.keyCondition.sort?.op ?? pattern.keyCondition.sortKeys?.at(-1)?.op;
      if (op !== undefined && op !== 'begins_with') return;
      const reach = context.reach(i);
      if (!reach) return;
      const key = reach.schema.partitionKey.name;
      const reasons = reach.served.flatMap((ref) => {
        const template = ref.entity.keys[key];
        const why = template === undefined ? undefined : growsForever(design, ref.entity, template);
        return why ? [why] : [];
      });
      if (reasons.length === 0) return;
      // A warning on expectedItems' evidence; from the key's few values alone, advice.
      const counted = reasons.some((r) => r.includes('expectedItems'));
      findings.push({
        ...(counted ? {} : { severity: 'info' as const }),
        target: patternPath(i),
        message: `${pattern.id} has no Limit on a ${indexLabel(reach.schema)} partition that grows forever: ${reasons[0]}.`,
        fix: `Give ${pattern.id} a limit (e.g. 50) and page with LastEvaluatedKey${pattern.scanIndexForward === false ? '' : ', newest first (scanIndexForward false)'}, or bound its sort key by a range.`,
      });
    });
    return findings;
  },
};
