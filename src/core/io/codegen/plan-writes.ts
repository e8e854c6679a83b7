// Writes and multi-item reads for generated code: the same Key, condition and update expressions as
// core/requests/build-write.ts, in the same order, with values as ValueExprs. build-write.ts renders
// concrete values and has no symbolic form, so its order of names and values is followed here; the
// TypeScript run test compares every generated request with buildRequest's, which keeps the two in step.
import { placeholders } from '../../keys/template.ts';
import { holds, type StoredForm, writtenForms } from '../../model/copies.ts';
import { keyAttributeTypes } from '../../model/indexes.ts';
import type { AttributeType, Design, GetAction, WriteAction } from '../../model/schema.ts';
import {
  conditionClauses,
  findEntity,
  getKeyTemplates,
  indexKeyUpdates,
  tableKeyTemplates,
} from '../../requests/pattern-arguments.ts';
import { declaredTypes } from '../../requests/typed-arguments.ts';
import { RequestError } from '../../values/request-error.ts';
import type { CopyPlan, EntityPlan } from './entities.ts';
import type { ListPlan } from './plan-types.ts';
import {
  type ClausePlan,
  CodegenError,
  clausePlan,
  type Expressions,
  keyValue,
  SymbolicExpressions,
  type ValueExpr,
} from './values.ts';

export interface PatternContext {
  design: Design;
  entities: EntityPlan[];
  typeOf: (name: string) => AttributeType;
  numeric: Set<string>;
  /** The pattern's example arguments: a list value there makes an action repeat per element. */
  example: Record<string, unknown>;
}

export type ProjectionPlan = { text: string; names?: Record<string, string> };

export interface ActionPlan {
  operation: WriteAction['operation'];
  entity: EntityPlan;
  /** The item copy this action writes; absent for the entity's own item. */
  copy?: CopyPlan;
  /** The arguments that are lists (one action per element), and the parameter that carries them. */
  listFields: string[];
  list?: ListPlan;
  key: [string, ValueExpr][];
  condition?: 'exists' | 'not-exists' | ClausePlan[];
  /** As the core writes them: update expression, then condition (TypeScript; Python transactions). */
  expressions: Expressions & { update?: string; condition?: string };
  /** The update expression alone: Python's update_item takes the condition as a boto3 Attr. */
  updateOnly?: Expressions & { update: string };
}

export interface GetPlan {
  entity: EntityPlan;
  listFields: string[];
  list?: ListPlan;
  key: [string, ValueExpr][];
  projection?: ProjectionPlan;
}

/** Attribute types whose value is a JSON array: a list for them is one value (as in build-write.ts). */
const COLLECTION_TYPES: ReadonlySet<AttributeType> = new Set(['L', 'SS', 'NS', 'BS']);

function listFields(context: PatternContext, names: string[], types: Map<string, AttributeType>): string[] {
  return [...new Set(names)].filter((name) => {
    const type = types.get(name);
    return Array.isArray(context.example[name]) && !(type && COLLECTION_TYPES.has(type));
  });
}

function entityPlan(context: PatternContext, name: string): EntityPlan {
  const found = context.entities.find((e) => e.entity.name === name);
  if (!found) throw new RequestError(`no entity is named "${name}"`);
  return found;
}

function keyValues(context: PatternContext, templates: [string, string][]): [string, ValueExpr][] {
  const types = keyAttributeTypes(context.design);
  return templates.map(([name, template]) => [
    name,
    keyValue(template, types.get(name) ?? 'S', name, context.typeOf),
  ]);
}

function clausePlans(context: PatternContext, action: WriteAction): ClausePlan[] {
  return conditionClauses(action.condition).map((clause) => clausePlan(clause, context.numeric));
}

/** As build-write.ts: `exists` and `not-exists` guard every copy, clauses only the entity's own item. */
function conditionText(
  context: PatternContext,
  expressions: SymbolicExpressions,
  action: WriteAction,
  copy = false,
): string | undefined {
  const partitionKey = context.design.table.partitionKey.name;
  if (action.condition === 'exists') return expressions.compare(partitionKey, 'exists', []);
  if (action.condition === 'not-exists') return expressions.compare(partitionKey, 'not_exists', []);
  if (action.condition === undefined || copy) return undefined;
  return expressions.condition(clausePlans(context, action));
}

/**
 * SET and REMOVE clauses: the `set` attributes, the `remove` ones, then the index keys they change. A copy
 * (`form`) is written only the attributes it holds, with its own index keys, as build-write.ts does.
 */
function updateText(
  context: PatternContext,
  action: WriteAction,
  form: StoredForm,
  expressions: SymbolicExpressions,
): string {
  const { design } = context;
  const { entity } = form;
  const set = action.set ?? [];
  const remove = action.remove ?? [];
  if (set.length + remove.length === 0)
    throw new RequestError('an UpdateItem needs attributes to set or remove');
  const keyAttributes = tableKeyTemplates(design, entity).flatMap(([, template]) => placeholders(template));
  const keyChange = [...set, ...remove].find((name) => keyAttributes.includes(name));
  if (keyChange)
    throw new RequestError(
      form.copy === undefined
        ? `cannot update a key attribute: ${keyChange} is part of the table's primary key`
        : `cannot update ${keyChange}: it is part of the primary key of ${entity.name}'s copy ${form.copy}`,
    );
  const types = declaredTypes(design, entity);
  const keyTypes = keyAttributeTypes(design);
  // A key-only attribute is stored in the keys it builds only.
  const stored = (name: string) =>
    holds(form, name) && !entity.attributes.some((a) => a.name === name && a.keyOnly);
  const assignments = set
    .filter(stored)
    .map(
      (name) =>
        `${expressions.name(name)} = ${expressions.value(name, { kind: 'arg', name, type: types.get(name) })}`,
    );
  const removals = remove.filter(stored).map((name) => expressions.name(name));
  for (const update of indexKeyUpdates(design, entity, set, remove)) {
    if (update.action === 'remove') {
      removals.push(expressions.name(update.key));
      continue;
    }
    const value = keyValue(update.template, keyTypes.get(update.key) ?? 'S', update.key, context.typeOf);
    assignments.push(`${expressions.name(update.key)} = ${expressions.value(update.key, value)}`);
  }
  const clauses = [];
  if (assignments.length > 0) clauses.push(`SET ${assignments.join(', ')}`);
  if (removals.length > 0) clauses.push(`REMOVE ${removals.join(', ')}`);
  return clauses.join(' ');
}

function planAction(context: PatternContext, action: WriteAction, form: StoredForm): ActionPlan {
  const { design } = context;
  const entity = findEntity(design, action.entity);
  const owner = entityPlan(context, action.entity);
  const copy = owner.copies.find((c) => c.name === form.copy);
  const conditionNames = conditionClauses(action.condition).flatMap((clause) =>
    [clause.value, clause.to].flatMap((v) => (typeof v === 'string' ? placeholders(v) : [])),
  );
  const plan: ActionPlan = {
    operation: action.operation,
    entity: owner,
    ...(copy ? { copy } : {}),
    listFields: listFields(
      context,
      [...entity.attributes.map((a) => a.name), ...conditionNames],
      declaredTypes(design, entity),
    ),
    key: keyValues(context, tableKeyTemplates(design, form.entity)),
    expressions: { values: [] },
  };
  if (action.condition !== undefined && !(copy && Array.isArray(action.condition)))
    plan.condition = Array.isArray(action.condition) ? clausePlans(context, action) : action.condition;
  const expressions = new SymbolicExpressions();
  const fields: { update?: string; condition?: string } = {};
  if (action.operation === 'UpdateItem') {
    fields.update = updateText(context, action, form, expressions);
    const alone = new SymbolicExpressions();
    plan.updateOnly = { update: updateText(context, action, form, alone), ...alone.result() };
  }
  fields.condition = conditionText(context, expressions, action, copy !== undefined);
  if (action.operation === 'ConditionCheck' && fields.condition === undefined)
    throw new RequestError('a ConditionCheck needs a condition');
  plan.expressions = { ...fields, ...expressions.result() };
  return plan;
}

/** Each action's writes: its entity's own item, then each copy it writes too (writtenForms), as build-write.ts. */
export function planWrites(context: PatternContext, actions: WriteAction[]): ActionPlan[] {
  return actions.flatMap((action) => {
    const forms = writtenForms(findEntity(context.design, action.entity), action);
    const plans = forms.map((form) => planAction(context, action, form));
    if (plans.length > 1 && plans[0].listFields.length > 0)
      throw new CodegenError(
        `${action.entity} is stored with item copies and the example repeats its write over a list, which generated code does not write yet; keyplan requests gives the TransactWriteItems to send`,
      );
    return plans;
  });
}

export function projectionOf(attributes: string[] | undefined): ProjectionPlan | undefined {
  if (!attributes?.length) return undefined;
  const expressions = new SymbolicExpressions();
  const text = expressions.projection(attributes);
  const { names } = expressions.result();
  return names ? { text, names } : { text };
}

export function planGets(context: PatternContext, gets: GetAction[]): GetPlan[] {
  const { design } = context;
  return gets.map((get) => {
    const templates = getKeyTemplates(design, get);
    const names = templates.flatMap(([, template]) => placeholders(template));
    const plan: GetPlan = {
      entity: entityPlan(context, get.entity),
      listFields: listFields(context, names, declaredTypes(design, findEntity(design, get.entity))),
      key: keyValues(context, templates),
    };
    const projection = projectionOf(get.projection);
    if (projection) plan.projection = projection;
    return plan;
  });
}

/** BatchGetItem has one projection per table: the union of the gets', or none when one wants whole items. */
export function batchProjection(gets: GetAction[]): ProjectionPlan | undefined {
  if (gets.some((get) => !get.projection?.length)) return undefined;
  return projectionOf([...new Set(gets.flatMap((get) => get.projection ?? []))]);
}
