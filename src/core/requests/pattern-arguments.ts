// Which arguments an access pattern needs: the templates it renders (its key condition, filter and gets, or
// for a write its entity's table key, required or set attributes, recomputed index keys and condition), and
// the refusal that names every needed argument a caller left without a value.
import { placeholders } from '../keys/template.ts';
import { writtenForms } from '../model/copies.ts';
import { isNaturalKey, primaryKeyNames } from '../model/indexes.ts';
import { keyConditionTemplates } from '../model/key-conditions.ts';
import type {
  AccessPattern,
  ConditionClause,
  Design,
  Entity,
  GetAction,
  JsonValue,
  WriteAction,
  WriteCondition,
} from '../model/schema.ts';
import { RequestError } from '../values/request-error.ts';

/** Argument values by name, as a caller gives them (the CLI gives strings; a list expands a transaction). */
export type ArgumentValues = Record<string, JsonValue | undefined>;

export function findEntity(design: Design, name: string): Entity {
  const entity = design.entities.find((e) => e.name === name);
  if (!entity) throw new RequestError(`no entity is named "${name}"`);
  return entity;
}

/** The entity's templates for the table's primary key, as [key name, template]. */
export function tableKeyTemplates(design: Design, entity: Entity): [string, string][] {
  return primaryKeyNames(design).map((name) => {
    const template = entity.keys[name];
    if (template === undefined)
      throw new RequestError(`${entity.name} has no template for the table key ${name}`);
    return [name, template];
  });
}

/** The key templates a get reads: its own `key`, else its entity's table key templates. */
export function getKeyTemplates(design: Design, get: GetAction): [string, string][] {
  if (!get.key) return tableKeyTemplates(design, findEntity(design, get.entity));
  const [partition, sort] = primaryKeyNames(design);
  if (sort && get.key.sort === undefined)
    throw new RequestError(`a get of ${get.entity} needs a sort key template for ${sort}`);
  return sort
    ? [
        [partition, get.key.partition],
        [sort, get.key.sort as string],
      ]
    : [[partition, get.key.partition]];
}

export interface IndexKeyUpdate {
  key: string;
  template: string;
  /** `set` recomputes the key from the new values; `remove` drops it (the item leaves the index). */
  action: 'set' | 'remove';
}

/**
 * The index keys (GSI/LSI, never the table's primary key, which cannot change) an update must rewrite so
 * that indexes stay in step with the attributes they are built from.
 */
export function indexKeyUpdates(
  design: Design,
  entity: Entity,
  set: string[],
  remove: string[],
): IndexKeyUpdate[] {
  const primary = primaryKeyNames(design);
  const updates: IndexKeyUpdate[] = [];
  for (const [key, template] of Object.entries(entity.keys)) {
    if (primary.includes(key)) continue;
    // A natural key (the attribute itself, `{status}` on the key status) changes with its attribute's own SET or REMOVE.
    if (isNaturalKey(entity, key)) continue;
    const uses = placeholders(template);
    if (uses.some((name) => remove.includes(name))) updates.push({ key, template, action: 'remove' });
    else if (uses.some((name) => set.includes(name))) updates.push({ key, template, action: 'set' });
  }
  return updates;
}

function templatePlaceholders(value: unknown): string[] {
  return typeof value === 'string' ? placeholders(value) : [];
}

function clausePlaceholders(clauses: readonly ConditionClause[] | undefined): string[] {
  return (clauses ?? []).flatMap((c) => [...templatePlaceholders(c.value), ...templatePlaceholders(c.to)]);
}

export function conditionClauses(condition: WriteCondition | undefined): ConditionClause[] {
  return Array.isArray(condition) ? condition : [];
}

/** The single writes of a write pattern: itself, or the actions of a transaction. Undefined for reads. */
export function writeActions(pattern: AccessPattern): WriteAction[] | undefined {
  switch (pattern.operation) {
    case 'PutItem':
    case 'DeleteItem':
      return [{ operation: pattern.operation, entity: pattern.entity, condition: pattern.condition }];
    case 'UpdateItem': {
      const { entity, condition, set, remove } = pattern;
      return [{ operation: 'UpdateItem', entity, condition, set, remove }];
    }
    case 'TransactWriteItems':
      return pattern.actions;
    default:
      return undefined;
  }
}

/** The arguments one write needs (see patternArguments); a write of copies needs their keys too. */
function actionArguments(design: Design, action: WriteAction): string[] {
  const entity = findEntity(design, action.entity);
  const forms = writtenForms(entity, action);
  const tableKey = forms.flatMap((form) =>
    tableKeyTemplates(design, form.entity).flatMap(([, template]) => placeholders(template)),
  );
  let names: string[];
  if (action.operation === 'PutItem') {
    // Index keys are optional: an item without their attributes simply stays out of the (sparse) index.
    names = [...tableKey, ...entity.attributes.filter((a) => a.required).map((a) => a.name)];
  } else if (action.operation === 'UpdateItem') {
    const set = action.set ?? [];
    const recomputed = forms
      .flatMap((form) => indexKeyUpdates(design, form.entity, set, action.remove ?? []))
      .filter((update) => update.action === 'set')
      .flatMap((update) => placeholders(update.template));
    names = [...tableKey, ...set, ...recomputed];
  } else {
    names = tableKey;
  }
  return unique([...names, ...clausePlaceholders(conditionClauses(action.condition))]);
}

function unique(names: string[]): string[] {
  return [...new Set(names)];
}

/**
 * The argument names a pattern needs, in a stable order: the placeholders of its templates (key condition,
 * filter, gets); for a PutItem the table key's plus the entity's required attributes; for an
 * UpdateItem the table key's, the `set` attributes and those of every index key the update recomputes; for
 * a DeleteItem the table key's; plus those of a write condition.
 */
export function patternArguments(design: Design, pattern: AccessPattern): string[] {
  switch (pattern.operation) {
    case 'GetItem':
    case 'Query': {
      const keyed = keyConditionTemplates(pattern.keyCondition).flatMap(templatePlaceholders);
      return unique([...keyed, ...clausePlaceholders(pattern.filter)]);
    }
    case 'Scan':
      return unique(clausePlaceholders(pattern.filter));
    case 'TransactGetItems':
    case 'BatchGetItem':
      return unique(
        pattern.gets.flatMap((get) =>
          getKeyTemplates(design, get).flatMap(([, template]) => placeholders(template)),
        ),
      );
    default:
      return unique((writeActions(pattern) ?? []).flatMap((action) => actionArguments(design, action)));
  }
}

/** No value: absent, null or empty text (a CLI flag left blank). */
export function isMissing(value: JsonValue | undefined): boolean {
  return value === undefined || value === null || value === '';
}

/** Throws a RequestError naming the pattern and every needed argument that has no value. */
export function requireArguments(pattern: AccessPattern, names: string[], args: ArgumentValues): void {
  const missing = names.filter((name) => isMissing(args[name]));
  if (missing.length === 0) return;
  const noun = missing.length === 1 ? 'argument' : 'arguments';
  throw new RequestError(`pattern ${pattern.id} needs ${noun} ${missing.join(', ')}`);
}
