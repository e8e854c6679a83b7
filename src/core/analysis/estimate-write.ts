// Write units of one PutItem, UpdateItem, DeleteItem or TransactWriteItems, simulated on the design's sample
// items: the table is charged for the larger of the item before and after, rounded up to 1 KB; each index
// for its entry: 1 write to add or remove it, 2 (delete + put) when its key changes, 1 when only projected
// attributes change, none when the item is in it neither before nor after. A transaction doubles the table
// writes; its index writes are not doubled, as measured against DynamoDB (nubo-db/dynoxide#188, agreeing
// with AWS's own agent-toolkit cost calculator).
import { matchesFilter } from '../evaluate/filter.ts';
import { indexEntry, itemSizer, storedItem } from '../evaluate/stored-items.ts';
import type { IndexViews } from '../indexes/views.ts';
import { keySchemas, primaryKeyNames } from '../model/indexes.ts';
import type { AccessPattern, Design, WriteAction } from '../model/schema.ts';
import { buildRequest } from '../requests/build.ts';
import { buildWriteActions } from '../requests/build-write.ts';
import type { TransactWriteItem, UpdateItemInput } from '../requests/inputs.ts';
import { type ArgumentValues, conditionClauses, writeActions } from '../requests/pattern-arguments.ts';
import { resolveClauses } from '../requests/resolve-clauses.ts';
import { coerceArguments, declaredTypes } from '../requests/typed-arguments.ts';
import type { PlainItem } from '../values/item.ts';
import { type AttributeMap, unmarshallItem } from '../values/marshall.ts';
import { plural } from '../values/text/plural.ts';
import { localTransactionReport } from './dynamodb-local.ts';
import {
  bytes,
  emptyEstimate,
  type PatternEstimate,
  sumTargets,
  type TargetUnits,
  totalUnits,
} from './estimate-types.ts';
import { writeUnits } from './units.ts';

interface Step {
  action: WriteAction;
  kind: 'Put' | 'Update' | 'Delete' | 'ConditionCheck';
  key: PlainItem;
  before?: PlainItem;
  after?: PlainItem;
}

/** The item an UpdateItem leaves, read from the very UpdateExpression the request builder wrote. */
function applyUpdate(before: PlainItem, input: UpdateItemInput): PlainItem {
  const names = input.ExpressionAttributeNames ?? {};
  const values = unmarshallItem(input.ExpressionAttributeValues ?? {});
  const name = (token: string) => names[token] ?? token;
  const after = { ...before };
  const match = /^(?:SET (.*?))?(?:\s*REMOVE (.*))?$/.exec(input.UpdateExpression);
  for (const assignment of match?.[1]?.split(', ') ?? []) {
    const [target, value] = assignment.split(' = ');
    after[name(target)] = values[value];
  }
  for (const target of match?.[2]?.split(', ') ?? []) delete after[name(target)];
  return after;
}

function toStep(design: Design, views: IndexViews, action: WriteAction, item: TransactWriteItem): Step {
  const [kind, input] = Object.entries(item)[0] as [
    Step['kind'],
    { Key?: AttributeMap; Item?: AttributeMap },
  ];
  const attributes = unmarshallItem((input.Item ?? input.Key) as AttributeMap);
  const key = Object.fromEntries(primaryKeyNames(design).map((k) => [k, attributes[k]]));
  const before = storedItem(views, key);
  if (kind === 'Put') return { action, kind, key, before, after: attributes };
  if (kind === 'Update')
    return { action, kind, key, before, after: applyUpdate(before ?? key, input as UpdateItemInput) };
  return { action, kind, key, before, after: kind === 'ConditionCheck' ? before : undefined };
}

function conditionHolds(design: Design, step: Step, args: ArgumentValues): boolean {
  const { condition } = step.action;
  if (condition === undefined) return true;
  if (condition === 'exists') return step.before !== undefined;
  if (condition === 'not-exists') return step.before === undefined;
  const entity = design.entities.find((e) => e.name === step.action.entity);
  return matchesFilter(
    step.before ?? {},
    resolveClauses(design, conditionClauses(condition), args),
    declaredTypes(design, entity),
  );
}

/** Index write units of one step, per index, with a line saying why. */
function indexWrites(
  design: Design,
  step: Step,
  size: (item: PlainItem) => number,
): { units: TargetUnits[]; lines: string[] } {
  const units: TargetUnits[] = [];
  const lines: string[] = [];
  if (step.kind === 'ConditionCheck') return { units, lines };
  for (const schema of keySchemas(design).slice(1)) {
    const old = indexEntry(design, schema, step.before);
    const next = indexEntry(design, schema, step.after);
    const keyOf = (e: PlainItem) =>
      [schema.partitionKey, schema.sortKey].flatMap((k) => (k ? [String(e[k.name])] : [])).join(' / ');
    let n = 0;
    let why = '';
    if (!old && next) [n, why] = [writeUnits(size(next)), `the item enters it (${bytes(size(next))})`];
    else if (old && !next) [n, why] = [writeUnits(size(old)), 'the item leaves it'];
    else if (old && next && keyOf(old) !== keyOf(next))
      [n, why] = [
        writeUnits(size(old)) + writeUnits(size(next)),
        `its key changes from ${keyOf(old)} to ${keyOf(next)}: delete + put`,
      ];
    else if (old && next && JSON.stringify(old) !== JSON.stringify(next))
      [n, why] = [writeUnits(Math.max(size(old), size(next))), 'projected attributes change'];
    if (n === 0) continue;
    units.push({ target: schema.name, units: n });
    lines.push(`${schema.name}: ${why}: ${plural(n, 'write unit')}.`);
  }
  return { units, lines };
}

const keyText = (key: PlainItem) => Object.values(key).join(' / ');

export function estimateWrite(
  design: Design,
  pattern: AccessPattern,
  views: IndexViews,
  args: ArgumentValues,
): PatternEstimate {
  // Refuses what DynamoDB would refuse, with the builder's message; a write of an entity with copies is a
  // transaction of them (build-write.ts buildSingleWrite).
  const built = buildRequest(design, pattern, args);
  const values = coerceArguments(design, args);
  const actions = writeActions(pattern) ?? [];
  const steps = actions.flatMap((action) =>
    buildWriteActions(design, action, values, design.table.name).map((item) =>
      toStep(design, views, action, item),
    ),
  );
  const transactional = built.operation === 'TransactWriteItems';
  const size = itemSizer(design);
  const estimate = emptyEstimate(pattern);
  const explanation = estimate.explanation;
  const records: TargetUnits[][] = [];
  for (const step of steps) {
    const before = step.before ? size(step.before) : 0;
    const after = step.after && step.kind !== 'ConditionCheck' ? size(step.after) : 0;
    const holds = conditionHolds(design, step, values);
    const table = writeUnits(Math.max(before, after));
    const what = `${step.kind} ${step.action.entity} ${keyText(step.key)}`;
    const sizes =
      step.before && step.after && step.kind !== 'ConditionCheck'
        ? `the larger of ${bytes(before)} before and ${bytes(after)} after`
        : bytes(Math.max(before, after));
    if (!holds && !transactional) {
      explanation.push(
        `${what}: the condition fails on the sample items; DynamoDB still charges the write of ${step.before ? bytes(before) : 'a missing item'}: ${plural(table, 'write unit')}, no index writes.`,
      );
      records.push([{ target: 'table', units: table }]);
      continue;
    }
    if (!holds)
      explanation.push(
        `${what}: the condition fails on the sample items, which would cancel the transaction; the figures are for when it holds.`,
      );
    explanation.push(
      step.before || step.after
        ? `${what}: ${sizes}: ${plural(table, 'write unit')}.`
        : `${what}: no such item; DynamoDB charges one write unit.`,
    );
    const index = indexWrites(design, step, size);
    explanation.push(...index.lines);
    records.push([{ target: 'table', units: table }, ...index.units]);
    if (step.kind !== 'Delete' && step.kind !== 'ConditionCheck') {
      estimate.itemsWritten++;
      estimate.bytesWritten += after;
    }
  }
  // AWS: a transaction doubles each table write (prepare and commit), not the index writes.
  const perIndex = sumTargets(
    records.map((r) =>
      r.map((t) => (transactional && t.target === 'table' ? { ...t, units: t.units * 2 } : t)),
    ),
  );
  if (transactional)
    explanation.push(
      `A transaction charges the table twice (prepare and commit): ${perIndex[0].units} write units; index writes are not doubled.`,
    );
  const wcu = totalUnits(perIndex);
  explanation.push(`In all: ${wcu} WCU.`);
  const result: PatternEstimate = { ...estimate, wcu, perIndex };
  if (transactional) {
    const local = localTransactionReport(records);
    if (local.total !== wcu) {
      result.dynamodbLocal = local;
      explanation.push(local.reason);
    }
  }
  return result;
}
