// The `bound` check: a measure of the design stays within `max`: its items (or an entity's), the estimate's
// monthly cost, a pattern's read units a request, the largest item's size.
import { z } from 'zod';
import { costModel } from '../../../analysis/cost.ts';
import { estimatePattern } from '../../../analysis/estimate.ts';
import type { ValidationProblem } from '../../../checks/validate.ts';
import { itemSizer } from '../../../evaluate/stored-items.ts';
import { formatBytes } from '../../../model/key-limits.ts';
import type { Design } from '../../../model/schema.ts';
import { plural } from '../../../values/text/plural.ts';
import { type CheckContext, result } from '../check-context.ts';
import { defineCheck } from '../check-definition.ts';
import type { CheckResult } from '../check-result.ts';
import { checkFields, nonNegative, patternId } from '../lesson-fields.ts';

/** A measure of the design stays within bounds. */
const schema = z
  .object({
    ...checkFields,
    kind: z.literal('bound'),
    /**
     * 'items': derived items of the whole design (or of `entity`); 'monthly-cost': the estimate's monthly
     * dollars; 'pattern-rcu': read units of `pattern` per request; 'max-item-bytes': the largest item's size.
     */
    measure: z.enum(['items', 'monthly-cost', 'pattern-rcu', 'max-item-bytes']),
    entity: z.string().min(1).optional(),
    pattern: patternId.optional(),
    max: nonNegative,
  })
  .strict();

export type BoundCheck = z.infer<typeof schema>;

export const boundCheck = defineCheck({ kind: 'bound', schema, check: checkBound, problems: boundProblems });

const dollars = (n: number) => `$${n.toFixed(2)}`;

function checkBound(context: CheckContext, check: BoundCheck): CheckResult {
  const { design } = context;
  const entity = check.entity === undefined ? undefined : context.entity(check.entity);
  const target = check.pattern
    ? ({ kind: 'pattern', id: check.pattern } as const)
    : entity
      ? ({ kind: 'entity', name: entity.name } as const)
      : ({ kind: 'design' } as const);
  const fail = (reason: string) => result(check, 'fail', reason, target);
  if (check.entity !== undefined && !entity) return fail(context.missingEntity(check.entity));
  const items = entity ? context.items.filter((d) => d.entity === entity.name) : context.items;
  const of = entity ? ` of ${entity.name}` : '';
  const within = (value: number, text: string, over: string) =>
    value <= check.max ? result(check, 'pass', text, target) : fail(`${text}, more than ${over}`);
  switch (check.measure) {
    case 'items':
      return within(
        items.length,
        `the design has ${plural(items.length, 'item')}${of}`,
        `${check.max}: fewer samples (or copies) will do`,
      );
    case 'max-item-bytes': {
      const size = itemSizer(design);
      let largest: { bytes: number; at: number } | undefined;
      items.forEach((d, at) => {
        const bytes = size(d.item);
        if (!largest || bytes > largest.bytes) largest = { bytes, at };
      });
      if (!largest) return result(check, 'pass', `the design has no items${of}`, target);
      const name = context.itemName(items[largest.at].item);
      return within(
        largest.bytes,
        `the largest item${of} is ${name}, ${formatBytes(largest.bytes)} bytes`,
        `${formatBytes(check.max)} bytes: move what grows (a list, a long text) to items of its own`,
      );
    }
    case 'monthly-cost': {
      const model = costModel(design, { views: context.views });
      const provisioned = design.table.billing.mode === 'PROVISIONED';
      const throughput = provisioned ? model.totals.provisioned : model.totals.onDemand;
      const total = throughput + model.totals.storage;
      const costliest = [...model.patterns].sort((a, b) => b.onDemand - a.onDemand)[0];
      const hint =
        !provisioned && costliest && costliest.onDemand > 0
          ? `; the costliest pattern is ${costliest.patternId} (${dollars(costliest.onDemand)})`
          : '';
      return within(
        total,
        `the design costs ${dollars(total)} a month (${provisioned ? 'provisioned' : 'on demand'} ${dollars(throughput)} + storage ${dollars(model.totals.storage)})`,
        `${dollars(check.max)}${hint}`,
      );
    }
    case 'pattern-rcu': {
      const id = check.pattern ?? '';
      const pattern = context.pattern(id);
      if (!pattern) return fail(context.missingPattern(id));
      const estimate = estimatePattern(design, pattern, context.views);
      if (estimate.error) return fail(`${id} has no estimate: ${estimate.error}`);
      if (estimate.kind !== 'read')
        return fail(`${id} is a ${pattern.operation}: it consumes write units, not read units`);
      const rcu = estimate.rcu ?? 0;
      return within(
        rcu,
        `${id} consumes ${rcu} RCU a request (it reads ${plural(estimate.itemsRead, 'item')}, ${formatBytes(estimate.bytesRead)} bytes)`,
        `${check.max}: read fewer or smaller items (a narrower key condition, a projected index, eventual consistency)`,
      );
    }
  }
}

/** Only pattern-rcu measures a pattern (and needs one); only items and max-item-bytes take an entity. */
function boundProblems(check: BoundCheck, _solution: Design, at: string): ValidationProblem[] {
  const problems: ValidationProblem[] = [];
  if (check.measure === 'pattern-rcu' && check.pattern === undefined)
    problems.push({ path: `${at}.pattern`, message: 'pattern-rcu measures a pattern: name it' });
  if (check.measure !== 'pattern-rcu' && check.pattern !== undefined)
    problems.push({ path: `${at}.pattern`, message: `${check.measure} measures no pattern` });
  if (check.entity !== undefined && check.measure !== 'items' && check.measure !== 'max-item-bytes')
    problems.push({
      path: `${at}.entity`,
      message: `${check.measure} is of the whole design: entity applies to items and max-item-bytes`,
    });
  return problems;
}
