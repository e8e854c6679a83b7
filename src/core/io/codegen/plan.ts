// What each generated function does, before it is written in Python or TypeScript: its parameters and
// its request, with values as ValueExprs. Built from the core's own rules (patternArguments, key schemas,
// key templates, indexKeyUpdates, ExpressionBuilder), so that the code sends the request `keyplan run`
// sends for the same arguments; test/integration/codegen tests check that field for field.
import { parseTemplate } from '../../keys/template.ts';
import { keyAttributeTypes, keySchemaFor } from '../../model/indexes.ts';
import { keyConditionParts } from '../../model/key-conditions.ts';
import type { AccessPattern, AttributeType, Design, WriteAction } from '../../model/schema.ts';
import {
  conditionClauses,
  getKeyTemplates,
  patternArguments,
  writeActions,
} from '../../requests/pattern-arguments.ts';
import { declaredTypes } from '../../requests/typed-arguments.ts';
import { RequestError } from '../../values/request-error.ts';
import {
  type EntityPlan,
  PYTHON_LOCALS,
  PYTHON_MODULE_NAMES,
  planEntities,
  TYPESCRIPT_MODULE_NAMES,
} from './entities.ts';
import {
  camelCase,
  NameScope,
  pascalCase,
  plural,
  pythonIdentifier,
  snakeCase,
  typescriptIdentifier,
} from './naming.ts';
import { planRead, type ReadPlan } from './plan-reads.ts';
import type { ListPlan, ParamPlan } from './plan-types.ts';
import {
  type ActionPlan,
  batchProjection,
  type GetPlan,
  type PatternContext,
  type ProjectionPlan,
  planGets,
  planWrites,
} from './plan-writes.ts';
import { CodegenError, plainEnum } from './values.ts';

// The parameter plans have a module of their own: the write plans name them too.
export type { ListPlan, ParamPlan } from './plan-types.ts';

export type { ReadPlan };

export type RequestPlan =
  | ReadPlan
  | { kind: 'write'; action: ActionPlan }
  /** `copiesOf`: a PutItem, UpdateItem or DeleteItem pattern of an entity with item copies, sent as a transaction. */
  | { kind: 'transact-write'; actions: ActionPlan[]; copiesOf?: WriteAction['operation'] }
  | { kind: 'transact-get'; gets: GetPlan[] }
  | { kind: 'batch-get'; gets: GetPlan[]; projection?: ProjectionPlan };

export interface PatternPlan {
  pattern: AccessPattern;
  python: { fn: string; iterate?: string };
  typescript: { fn: string; iterate?: string; args: string; input?: string };
  /** Scalar parameters, required first. */
  params: ParamPlan[];
  lists: ListPlan[];
  request: RequestPlan;
}

export interface CodePlan {
  design: Design;
  entities: EntityPlan[];
  patterns: PatternPlan[];
  /** Patterns no code can be generated for, with the reason (also written into the code as a comment). */
  skipped: { id: string; reason: string }[];
}

/** Attributes whose values are numbers in requests (resolve.ts types clause values the same way). */
export function numericAttributes(design: Design): Set<string> {
  const names = new Set<string>();
  for (const [name, type] of keyAttributeTypes(design)) if (type === 'N') names.add(name);
  for (const entity of design.entities)
    for (const a of entity.attributes) if (a.type === 'N' || a.type === 'NS') names.add(a.name);
  return names;
}

/**
 * Argument types: the attribute of that name's declared type, else what the pattern uses it for (a
 * number key, a numeric attribute's operand or a zero-padded {n:6} is a number), else a string.
 */
function argumentTypes(design: Design, pattern: AccessPattern): (name: string) => AttributeType {
  const declared = declaredTypes(design);
  const numeric = numericAttributes(design);
  // Each template the pattern renders, with the type its value takes when the template is one placeholder.
  const uses: [template: unknown, type: AttributeType | undefined][] = [];
  if ('keyCondition' in pattern) {
    const schema = keySchemaFor(design, pattern.operation === 'GetItem' ? undefined : pattern.index);
    if (schema) {
      // Each part with its key attribute's type, a multi-attribute key's parts included.
      const { partition, sort } = keyConditionParts(schema, pattern.keyCondition);
      for (const { attribute, template } of partition) uses.push([template, attribute.type]);
      for (const { attribute, value, to } of sort) uses.push([value, attribute.type], [to, attribute.type]);
    }
  }
  const clauses = [
    ...('filter' in pattern ? (pattern.filter ?? []) : []),
    ...(writeActions(pattern) ?? []).flatMap((action) => conditionClauses(action.condition)),
  ];
  for (const clause of clauses) {
    const type = numeric.has(clause.attribute) ? 'N' : declared.get(clause.attribute);
    uses.push([clause.value, type], [clause.to, type]);
  }
  if ('gets' in pattern) {
    const keyTypes = keyAttributeTypes(design);
    for (const get of pattern.gets)
      for (const [key, template] of getKeyTemplates(design, get)) uses.push([template, keyTypes.get(key)]);
  }
  const hints = new Map<string, AttributeType>();
  for (const [template, type] of uses) {
    if (typeof template !== 'string') continue;
    const parts = parseTemplate(template);
    for (const part of parts)
      if (part.kind === 'placeholder' && part.width !== undefined) hints.set(part.name, 'N');
    const [only] = parts;
    const bare = parts.length === 1 && only.kind === 'placeholder' && only.width === undefined;
    if (bare && (type === 'N' || type === 'BOOL' || type === 'B')) hints.set(only.name, type);
  }
  return (name) => declared.get(name) ?? hints.get(name) ?? 'S';
}

/** The values an attribute is one of, as literal types; none when a value is past a double (a plain number then). */
function enumOf(design: Design, name: string): (string | number)[] | undefined {
  for (const entity of design.entities) {
    const attribute = entity.attributes.find((a) => a.name === name);
    if (attribute) return plainEnum(attribute.enum);
  }
  return undefined;
}

type Unit = ActionPlan | GetPlan;

function planRequest(context: PatternContext, pattern: AccessPattern): RequestPlan {
  switch (pattern.operation) {
    case 'GetItem':
    case 'Query':
    case 'Scan':
      return planRead(context, pattern);
    case 'TransactGetItems':
      return { kind: 'transact-get', gets: planGets(context, pattern.gets) };
    case 'BatchGetItem': {
      const projection = batchProjection(pattern.gets);
      const gets = planGets(context, pattern.gets);
      return projection ? { kind: 'batch-get', gets, projection } : { kind: 'batch-get', gets };
    }
    case 'TransactWriteItems':
      return { kind: 'transact-write', actions: planWrites(context, pattern.actions) };
    default: {
      // One item: a list in the example cannot repeat it (the core refuses such arguments). An entity with
      // item copies is written with them in one TransactWriteItems, as buildSingleWrite sends it.
      const actions = planWrites(context, writeActions(pattern) ?? []);
      for (const action of actions) action.listFields = [];
      return actions.length === 1
        ? { kind: 'write', action: actions[0] }
        : { kind: 'transact-write', actions, copiesOf: pattern.operation };
    }
  }
}

function units(request: RequestPlan): Unit[] {
  switch (request.kind) {
    case 'read':
      return [];
    case 'write':
      return [request.action];
    case 'transact-write':
      return request.actions;
    default:
      return request.gets;
  }
}

/** Locals of generated read functions, besides PYTHON_LOCALS. */
const PYTHON_PAGING = ['limit', 'exclusive_start_key', 'start_key', 'page'];
const TYPESCRIPT_LOCALS = ['client', 'args', 'page', 'response', 'item', 'items', 'keys', 'request'];

/**
 * Parameters: the pattern's arguments (patternArguments), then the optional attributes its puts also
 * write; arguments an action or a get repeats over become list parameters instead.
 */
function planParams(
  context: PatternContext,
  pattern: AccessPattern,
  request: RequestPlan,
  taken: Iterable<string>,
): Pick<PatternPlan, 'params' | 'lists'> {
  const { design } = context;
  const required = patternArguments(design, pattern);
  const optional: string[] = [];
  for (const action of writeActions(pattern) ?? []) {
    if (action.operation !== 'PutItem') continue;
    for (const { name } of design.entities.find((e) => e.name === action.entity)?.attributes ?? [])
      if (!required.includes(name) && !optional.includes(name)) optional.push(name);
  }
  const repeated = units(request).filter((unit) => unit.listFields.length > 0);
  const listed = new Set(repeated.flatMap((unit) => unit.listFields));
  const python = new NameScope([...taken, ...PYTHON_LOCALS, ...PYTHON_PAGING]);
  const properties = new NameScope([...required, ...optional], '');
  const locals = new NameScope(TYPESCRIPT_LOCALS, '');
  // A list field is no Python parameter of its own: its values are in the list's elements.
  const param = (name: string, own = true): ParamPlan => {
    const enumeration = enumOf(design, name);
    const py = pythonIdentifier(snakeCase(name));
    return {
      name,
      type: context.typeOf(name),
      required: required.includes(name),
      ...(enumeration ? { enum: enumeration } : {}),
      py: own ? python.claim(py, `${py}_`) : py,
    };
  };
  const params = [...required, ...optional].filter((name) => !listed.has(name)).map((name) => param(name));
  const lists = repeated.map((unit) => {
    const fields = unit.listFields.map((name) => param(name, false));
    const base = fields.length === 1 ? fields[0].name : unit.entity.entity.name;
    const list: ListPlan = {
      py: python.claim(pythonIdentifier(plural(snakeCase(base)))),
      ts: properties.claim(plural(camelCase(base))),
      pyItem: python.claim(pythonIdentifier(snakeCase(base))),
      tsItem: locals.claim(typescriptIdentifier(camelCase(base))),
      fields,
    };
    unit.list = list;
    return list;
  });
  return { params, lists };
}

function planPattern(
  design: Design,
  entities: EntityPlan[],
  pattern: AccessPattern,
  python: NameScope,
  typescript: NameScope,
): PatternPlan {
  const context: PatternContext = {
    design,
    entities,
    typeOf: argumentTypes(design, pattern),
    numeric: numericAttributes(design),
    example: pattern.example ?? {},
  };
  const request = planRequest(context, pattern);
  const pages = pattern.operation === 'Query' || pattern.operation === 'Scan';
  const snake = snakeCase(pattern.id);
  const pascal = pascalCase(pattern.id);
  const fn = python.claim(pythonIdentifier(snake), `${snake}_`);
  const plan: PatternPlan = {
    pattern,
    python: pages ? { fn, iterate: python.claim(`iterate_${snake}`) } : { fn },
    typescript: {
      fn: typescript.claim(typescriptIdentifier(camelCase(pattern.id))),
      args: typescript.claim(typescriptIdentifier(`${pascal}Args`)),
      ...(pages
        ? {
            iterate: typescript.claim(typescriptIdentifier(`iterate${pascal}`)),
            input: typescript.claim(typescriptIdentifier(`${camelCase(pattern.id)}Input`)),
          }
        : {}),
    },
    params: [],
    lists: [],
    request,
  };
  Object.assign(plan, planParams(context, pattern, request, python.names()));
  plan.params = [...plan.params.filter((p) => p.required), ...plan.params.filter((p) => !p.required)];
  return plan;
}

/** The plan of a design's module: its entities and one function per access pattern that can be built. */
export function planCode(design: Design): CodePlan {
  const python = new NameScope(PYTHON_MODULE_NAMES);
  const typescript = new NameScope(TYPESCRIPT_MODULE_NAMES, '');
  const entities = planEntities(design, python, typescript);
  const patterns: PatternPlan[] = [];
  const skipped: CodePlan['skipped'] = [];
  for (const pattern of design.accessPatterns) {
    try {
      patterns.push(planPattern(design, entities, pattern, python, typescript));
    } catch (error) {
      if (!(error instanceof RequestError || error instanceof CodegenError)) throw error;
      skipped.push({ id: pattern.id, reason: error.message });
    }
  }
  return { design, entities, patterns, skipped };
}
