// Inside the sandboxed child: the `dynamodb-toolbox` a v0 module (0.x: `new Table({ name, partitionKey })`,
// `new Entity({ name, attributes, table })`) is given in place of the installed v2, which refuses v0
// constructors. Its Table and Entity only record the config they are built with, under `keyplanToolboxV0`,
// for ../../core/io/dynamodb-toolbox/import-v0.ts to read; the bundle's `dynamodb-toolbox` module is this
// value (./bundle.ts), and any other name a module reads of it is a permissive stub (./permissive-stub.ts).
import { permissiveStub } from './permissive-stub.ts';

/** Where the child puts the shim for the bundle's `dynamodb-toolbox` module to find. */
export const TOOLBOX_V0_GLOBAL = Symbol.for('keyplan.toolboxV0');

/** Properties a recorded object does not have, so that code handling it does not take it for something else. */
const ABSENT = new Set<PropertyKey>(['then', 'toJSON', '__esModule']);

/**
 * An instance that answers what it was built with, and a stub for any method a module calls at its top level
 * (`entity.query`, `table.scan`): nothing of the library runs.
 */
function recorder(kind: 'table' | 'entity', config: unknown): object {
  const record: Record<PropertyKey, unknown> = { keyplanToolboxV0: { kind, config } };
  const settings = (typeof config === 'object' && config !== null ? config : {}) as Record<string, unknown>;
  return new Proxy(record, {
    get(target, key) {
      if (key in target) return target[key];
      if (typeof key === 'symbol' || ABSENT.has(key)) return undefined;
      // v0 reads its config back as properties (`entity.name`, `table.name`, `entity.table`).
      if (key in settings) return settings[key];
      return permissiveStub(`${kind}.${key}`);
    },
    // A NestJS-style module attaches the table later (`entity.table = table`): the record keeps it.
    set(_target, key, value) {
      if (typeof key === 'string') settings[key] = value;
      return true;
    },
  });
}

class Table {
  constructor(config: unknown) {
    // biome-ignore lint/correctness/noConstructorReturn: the instance is the recording proxy.
    return recorder('table', config);
  }
}

class Entity {
  constructor(config: unknown) {
    // biome-ignore lint/correctness/noConstructorReturn: the instance is the recording proxy.
    return recorder('entity', config);
  }
}

/** The shim module's exports: Table and Entity, anything else a stub (a CommonJS view reads it through the prototype). */
export function toolboxV0Module(): object {
  const exports = Object.create(permissiveStub('dynamodb-toolbox') as object) as Record<string, unknown>;
  exports.Table = Table;
  exports.Entity = Entity;
  return exports;
}
