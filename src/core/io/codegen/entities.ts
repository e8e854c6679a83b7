// What generated code knows of each entity: its attributes (typed, required first in signatures) and how
// its full item is built, as deriveItem builds it: the attributes that have values, every key its
// templates render (an index key only when all its placeholders have values: sparse), the type attribute.
import { placeholders } from '../../keys/template.ts';
import { copyEntity } from '../../model/copies.ts';
import { isNaturalKey, keyAttributeTypes } from '../../model/indexes.ts';
import type { AttributeType, Design, Entity, KeyType } from '../../model/schema.ts';
import {
  camelCase,
  NameScope,
  pascalCase,
  pythonIdentifier,
  snakeCase,
  typescriptIdentifier,
} from './naming.ts';
import { CodegenError, keyValue, plainEnum, type ValueExpr } from './values.ts';

export interface AttributePlan {
  name: string;
  type: AttributeType;
  required: boolean;
  enum?: (string | number)[];
  /** The Python parameter of build_/put_ functions. */
  py: string;
}

export interface KeyPlan {
  name: string;
  type: KeyType;
  value: ValueExpr;
  /** Attributes that must have values for the key to exist; empty when it always does. */
  when: string[];
}

/**
 * One item copy of an entity (see model/copies.ts): the entity stored again under its own keys, holding the
 * attributes it lists. Its build function takes the entity's attributes (its keys may use any of them).
 */
export interface CopyPlan {
  name: string;
  /** The entity as the copy stores it: the copy's keys and the attributes it holds. */
  form: Entity;
  keys: KeyPlan[];
  python: { build: string };
  typescript: { record: string; build: string };
}

export interface EntityPlan {
  entity: Entity;
  /** The entity's item copies, in the order of `copies` (the order build-write.ts writes them). */
  copies: CopyPlan[];
  /** Required attributes first, then the others, each group in the design's order. */
  attributes: AttributePlan[];
  keys: KeyPlan[];
  python: { build: string; put: string };
  typescript: { type: string; record: string; build: string; put: string; variable: string };
}

/** Names every generated Python module defines or imports; parameters and functions must not shadow them. */
export const PYTHON_MODULE_NAMES = [
  'os',
  'time',
  'boto3',
  'Any',
  'Iterator',
  'Decimal',
  'Key',
  'Attr',
  'TABLE_NAME',
  'Number',
  'make_table',
  'table',
  '_number',
  '_numbers',
  '_set',
  '_pad',
  '_text',
  '_has',
  '_paging',
  '_unique_keys',
  // Builtins the generated code calls or annotates with: a function or parameter of that name would hide them.
  'all',
  'bool',
  'bytes',
  'dict',
  'float',
  'int',
  'isinstance',
  'list',
  'min',
  'set',
  'sorted',
  'str',
  'tuple',
] as const;

/** Names generated Python functions use for their own locals. */
export const PYTHON_LOCALS = [
  'item',
  'response',
  'transact_items',
  'keys',
  'request',
  'items',
  'attempt',
  'entry',
] as const;

/** Names every generated TypeScript module defines or imports. */
export const TYPESCRIPT_MODULE_NAMES = [
  'DynamoDBClient',
  'DynamoDBClientConfig',
  'DynamoDBDocumentClient',
  'GetCommand',
  'QueryCommand',
  'ScanCommand',
  'PutCommand',
  'UpdateCommand',
  'DeleteCommand',
  'TransactWriteCommand',
  'TransactGetCommand',
  'BatchGetCommand',
  'BatchGetCommandInput',
  'BatchGetCommandOutput',
  'NativeAttributeValue',
  'QueryCommandInput',
  'ScanCommandInput',
  'paginateQuery',
  'paginateScan',
  'TABLE_NAME',
  'createClient',
  'Page',
  'ItemPage',
  'hasValues',
  'padNumber',
  'uniqueKeys',
  'Item',
  // Globals the generated code uses: an interface or function of that name would hide them.
  'Array',
  'JSON',
  'Map',
  'Math',
  'Number',
  'Object',
  'Partial',
  'Promise',
  'Record',
  'Set',
  'String',
  'process',
  'setTimeout',
] as const;

function requiredFirst<T extends { required: boolean }>(list: T[]): T[] {
  return [...list.filter((a) => a.required), ...list.filter((a) => !a.required)];
}

/** The keys of an entity's own item, or (`form`) of one of its copies, whose templates use any of its attributes. */
function planKeys(
  design: Design,
  entity: Entity,
  form: Entity = entity,
  where = `${entity.name}.keys`,
): KeyPlan[] {
  const keyTypes = keyAttributeTypes(design);
  const declared = new Map(entity.attributes.map((a) => [a.name, a]));
  const typeOf = (name: string) => declared.get(name)?.type ?? 'S';
  const keys: KeyPlan[] = [];
  for (const [name, template] of Object.entries(form.keys)) {
    const uses = placeholders(template);
    // deriveItem renders keys from the entity's attributes only: a placeholder that is none never has a value.
    if (uses.some((use) => !declared.has(use))) continue;
    // A natural key (`{user_id}` on the key user_id) is the attribute itself: the item holds it once.
    if (isNaturalKey(form, name)) continue;
    const type = keyTypes.get(name) ?? 'S';
    try {
      keys.push({
        name,
        type,
        value: keyValue(template, type, `${where}.${name}`, typeOf),
        when: uses.filter((use) => !declared.get(use)?.required),
      });
    } catch (error) {
      if (error instanceof CodegenError) throw error;
      throw new CodegenError(`${where}.${name}: ${(error as Error).message}`);
    }
  }
  return keys;
}

/** Entity plans in design order, their names claimed in the module scopes of both languages. */
export function planEntities(design: Design, python: NameScope, typescript: NameScope): EntityPlan[] {
  return design.entities.map((entity) => {
    const scope = new NameScope([...PYTHON_MODULE_NAMES, ...PYTHON_LOCALS]);
    const attributes = requiredFirst(
      entity.attributes.map((a) => {
        const py = pythonIdentifier(snakeCase(a.name));
        return {
          name: a.name,
          type: a.type,
          required: a.required === true,
          ...(plainEnum(a.enum) ? { enum: plainEnum(a.enum) } : {}),
          py: scope.claim(py, `${py}_`),
        };
      }),
    );
    const snake = snakeCase(entity.name);
    const pascal = pascalCase(entity.name);
    const names = {
      python: { build: python.claim(`build_${snake}`), put: python.claim(`put_${snake}`) },
      typescript: {
        type: typescript.claim(typescriptIdentifier(pascal)),
        record: typescript.claim(`${pascal}Record`),
        build: typescript.claim(`build${pascal}`),
        put: typescript.claim(`put${pascal}`),
        variable: typescriptIdentifier(camelCase(entity.name)),
      },
    };
    const copies = (entity.copies ?? []).map((copy): CopyPlan => {
      const form = copyEntity(entity, copy);
      const copySnake = `${snake}_${snakeCase(copy.name)}`;
      const copyPascal = `${pascal}${pascalCase(copy.name)}`;
      return {
        name: copy.name,
        form,
        keys: planKeys(design, entity, form, `${entity.name}.copies.${copy.name}.keys`),
        python: { build: python.claim(`build_${copySnake}`) },
        typescript: {
          record: typescript.claim(`${copyPascal}Record`),
          build: typescript.claim(`build${copyPascal}`),
        },
      };
    });
    return { entity, copies, attributes, keys: planKeys(design, entity), ...names };
  });
}
