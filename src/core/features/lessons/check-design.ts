// The checks on the design itself: a pattern is served without a Scan, lint has no such finding, index
// counts, bounds on items, cost, read units and item size, an attribute, a key template.
import { costModel } from '../../analysis/cost.ts';
import { estimatePattern } from '../../analysis/estimate.ts';
import { type Finding, lintDesign, SEVERITIES } from '../../analysis/lint.ts';
import { LintContext } from '../../analysis/lint-context.ts';
import { patternUnserved } from '../../analysis/rules/pattern-unserved.ts';
import { itemSizer } from '../../evaluate/stored-items.ts';
import { formatBytes } from '../../model/key-limits.ts';
import { plural } from '../../values/text/plural.ts';
import { type CheckContext, result } from './check-context.ts';
import { answerPattern } from './check-returns.ts';
import type {
  AttributeCheck,
  BoundCheck,
  CheckResult,
  IndexCountCheck,
  KeyTemplateCheck,
  LintCheck,
  ServedCheck,
} from './lesson-types.ts';

const lintCache = new WeakMap<object, Finding[]>();

function findings(context: CheckContext): Finding[] {
  let found = lintCache.get(context.design);
  if (!found) {
    found = lintDesign(context.design).filter((f) => !f.suppressed);
    lintCache.set(context.design, found);
  }
  return found;
}

/** A finding as a reason: its message, where, and its fix. */
function findingText(finding: Finding): string {
  return `${finding.rule}: ${finding.message.replace(/\.$/, '')}${finding.target ? ` (at ${finding.target})` : ''}${finding.fix ? ` Fix: ${finding.fix}` : ''}`;
}

export function checkServed(context: CheckContext, check: ServedCheck): CheckResult {
  const target = { kind: 'pattern', id: check.pattern } as const;
  const fail = (reason: string) => result(check, 'fail', reason, target);
  const pattern = context.pattern(check.pattern);
  if (!pattern) return fail(context.missingPattern(check.pattern));
  const index = context.design.accessPatterns.indexOf(pattern);
  if (pattern.operation === 'Scan')
    return fail(
      `${check.pattern} is a Scan: it reads every item${pattern.index ? ` of ${pattern.index}` : ' of the table'} and filters after — Query a key (or an index) whose partition holds exactly these items`,
    );
  if (pattern.operation === 'GetItem' || pattern.operation === 'Query') {
    const answer = answerPattern(context, check.pattern, undefined);
    if (!answer.ok) return fail(answer.reason);
  } else {
    const estimate = estimatePattern(context.design, pattern, context.views);
    if (estimate.error) return fail(`${check.pattern} cannot be sent: ${estimate.error}`);
  }
  // The keys it reads must be keys something writes: pattern-unserved, whatever the design's lint settings.
  const unserved = patternUnserved
    .check(context.design, new LintContext(context.design))
    .find((f) => f.target === `accessPatterns[${index}]` || f.target.startsWith(`accessPatterns[${index}].`));
  if (unserved) return fail(`${check.pattern} reads keys nothing is written under: ${unserved.message}`);
  const how =
    pattern.operation === 'GetItem' || pattern.operation === 'Query'
      ? `a ${pattern.operation} on ${pattern.index ? `index ${pattern.index}` : 'the table'}`
      : `a ${pattern.operation}`;
  return result(check, 'pass', `${check.pattern} is served by ${how}, without a Scan`, target);
}

/** The JSON path prefixes of what a lint check's `target` names: a pattern, an entity or an index. */
function targetPaths(context: CheckContext, name: string): string[] {
  const { design } = context;
  const paths: string[] = [];
  design.accessPatterns.forEach((p, i) => p.id === name && paths.push(`accessPatterns[${i}]`));
  design.entities.forEach((e, i) => e.name === name && paths.push(`entities[${i}]`, `items.${e.name}`));
  design.table.globalSecondaryIndexes.forEach(
    (g, i) => g.name === name && paths.push(`table.globalSecondaryIndexes[${i}]`),
  );
  design.table.localSecondaryIndexes.forEach(
    (l, i) => l.name === name && paths.push(`table.localSecondaryIndexes[${i}]`),
  );
  return paths;
}

function isUnder(path: string, prefixes: string[]): boolean {
  return prefixes.some((p) => path === p || path.startsWith(`${p}.`) || path.startsWith(`${p}[`));
}

export function checkLint(context: CheckContext, check: LintCheck): CheckResult {
  const severity = check.severity ?? 'error';
  const worst = SEVERITIES.slice(0, SEVERITIES.indexOf(severity) + 1);
  const paths = check.target === undefined ? [] : targetPaths(context, check.target);
  const about = (f: Finding) =>
    check.target === undefined ||
    (paths.length > 0
      ? [f.target, ...(f.related ?? [])].some((p) => isUnder(p, paths))
      : f.message.includes(check.target));
  const found = findings(context).filter(
    (f) => (check.rule === undefined || f.rule === check.rule) && worst.includes(f.severity) && about(f),
  );
  const what = `${check.rule ? `${check.rule} ` : ''}${severity === 'error' ? 'error' : `${severity} or worse`}${check.target ? ` about ${check.target}` : ''}`;
  const target = lintTarget(context, check.target);
  if (found.length === 0) return result(check, 'pass', `lint finds no ${what}`, target);
  const more = found.length > 1 ? ` (and ${plural(found.length - 1, 'more finding')})` : '';
  return result(
    check,
    'fail',
    `lint finds ${plural(found.length, 'finding')} (${what}): ${findingText(found[0])}${more}`,
    target,
  );
}

function lintTarget(context: CheckContext, name: string | undefined): CheckResult['target'] {
  if (name === undefined) return { kind: 'design' };
  if (context.pattern(name)) return { kind: 'pattern', id: name };
  if (context.entity(name)) return { kind: 'entity', name };
  return { kind: 'index', name };
}

export function checkIndexCount(context: CheckContext, check: IndexCountCheck): CheckResult {
  const { table } = context.design;
  const gsis = table.globalSecondaryIndexes.map((g) => g.name);
  const lsis = table.localSecondaryIndexes.map((l) => l.name);
  const names = check.index === 'gsi' ? gsis : check.index === 'lsi' ? lsis : [...gsis, ...lsis];
  const kind = check.index === 'gsi' ? 'GSI' : check.index === 'lsi' ? 'LSI' : 'index';
  const has = `the table has ${plural(names.length, kind, kind === 'index' ? 'indexes' : `${kind}s`)}${names.length ? ` (${names.join(', ')})` : ''}`;
  const target = { kind: 'design' } as const;
  if (check.max !== undefined && names.length > check.max)
    return result(
      check,
      'fail',
      check.index === 'lsi'
        ? `${has}, ${check.max === 0 ? 'none' : `at most ${check.max}`} wanted: an LSI exists only if created with the table, keeps the table's partition key and caps each partition's item collection at 10 GB — a GSI can be added or dropped later and has neither limit`
        : check.max === 0
          ? `${has}, none wanted: every index is another copy of its items to write and pay for — serve its patterns from the table's own keys or another index`
          : `${has}, at most ${check.max} wanted: every index is another copy of its items to write and pay for — can one index serve several patterns (overloading its keys)?`,
      target,
    );
  if (check.min !== undefined && names.length < check.min)
    return result(
      check,
      'fail',
      `${has}, at least ${check.min} wanted: a pattern that reads by another key needs an index with that key`,
      target,
    );
  return result(check, 'pass', has, target);
}

const dollars = (n: number) => `$${n.toFixed(2)}`;

export function checkBound(context: CheckContext, check: BoundCheck): CheckResult {
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

export function checkAttribute(context: CheckContext, check: AttributeCheck): CheckResult {
  const entity = context.entity(check.entity);
  const target = { kind: 'entity', name: entity?.name ?? check.entity } as const;
  if (!entity) return result(check, 'fail', context.missingEntity(check.entity), target);
  const attribute = entity.attributes.find((a) => a.name === check.attribute);
  const name = `${entity.name}.${check.attribute}`;
  if (!attribute)
    return result(
      check,
      'fail',
      `${entity.name} has no attribute ${check.attribute} (it has ${entity.attributes.map((a) => a.name).join(', ') || 'none'}): add it`,
      target,
    );
  if (check.type !== undefined && attribute.type !== check.type)
    return result(
      check,
      'fail',
      `${name} is of type ${attribute.type}, expected ${check.type}${check.type === 'N' && attribute.type === 'S' ? ': a number stored as text sorts as text ("10" before "9") and cannot be added to — make it N' : ''}`,
      target,
    );
  const required = attribute.required === true;
  if (check.required !== undefined && required !== check.required)
    return result(
      check,
      'fail',
      check.required
        ? `${name} is optional, expected required: an item without it drops out of every key built from it`
        : `${name} is required, expected optional: a sparse index needs items that leave it out`,
      target,
    );
  const typed = check.type ? ` of type ${attribute.type}` : '';
  const req = check.required === undefined ? '' : required ? ', required' : ', optional';
  return result(check, 'pass', `${name} exists${typed}${req}`, target);
}

export function checkKeyTemplate(context: CheckContext, check: KeyTemplateCheck): CheckResult {
  const entity = context.entity(check.entity);
  const target = { kind: 'entity', name: entity?.name ?? check.entity } as const;
  if (!entity) return result(check, 'fail', context.missingEntity(check.entity), target);
  const template = entity.keys[check.key];
  const present = check.present !== false;
  if (!present)
    return template === undefined
      ? result(check, 'pass', `${entity.name} writes no ${check.key}: it stays out of that index`, target)
      : result(
          check,
          'fail',
          `${entity.name} writes ${check.key} ${template}, expected none: every ${entity.name} then lands in the index (a sparse index leaves the key out of the items it does not want)`,
          target,
        );
  if (template === undefined)
    return result(
      check,
      'fail',
      `${entity.name} writes no ${check.key} (its keys: ${Object.keys(entity.keys).join(', ') || 'none'}): give it a ${check.key} template`,
      target,
    );
  const lacking = (check.includes ?? []).filter((part) => !template.includes(part));
  if (lacking.length > 0)
    return result(
      check,
      'fail',
      `${entity.name}'s ${check.key} is ${template}, which lacks ${lacking.map((p) => `"${p}"`).join(', ')}`,
      target,
    );
  return result(check, 'pass', `${entity.name}'s ${check.key} is ${template}`, target);
}
