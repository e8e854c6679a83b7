// Inside the sandboxed child: a module that exports no entity but functions that build them from a client
// and a table name (`export function createLockEntity({ client, table })`, `createUserV2Std(client, table)`,
// `createMigrationsService(client, table)`) is read by calling each of those functions, there in the
// sandbox (a class constructed), with a stub client (./permissive-stub.ts) and a table name, in both shapes such factories take,
// and importing what they return (an entity, a Service, an object or array of them, a Promise of those). Only
// when the module exports no entity: a module that exports its entities is read as it is.

import type { FormatId } from '../../core/io/catalogue.ts';
import { importDesign } from '../../core/io/index.ts';
import type { FormatImport, FormatImportOptions } from '../../core/io/types.ts';
import { permissiveStub } from './permissive-stub.ts';

/** How long a factory's Promise is awaited before it is taken to give nothing. */
const FACTORY_WAIT_MS = 2000;
/** The table name a factory is given when the user named none (`--table`). */
const DEFAULT_TABLE = 'table';

/** The importers' answer when the exports hold nothing of the format (../../core/io/<format>/import.ts). */
const EXPORTS_NOTHING = /^(the module )?exports no /;

type Factory = (...args: unknown[]) => unknown;

interface ArgumentShape {
  args: (client: unknown, table: string) => unknown[];
  said: (table: string) => string;
}

const POSITIONAL: ArgumentShape = {
  args: (client, table) => [client, table],
  said: (table) => `(client, ${JSON.stringify(table)})`,
};
const OPTIONS_OBJECT: ArgumentShape = {
  args: (client, table) => [{ client, table, tableName: table }],
  said: (table) => `({ client, table: ${JSON.stringify(table)} })`,
};

function isFactory(value: unknown): value is Factory {
  return typeof value === 'function';
}

/**
 * A factory called, or a class constructed: a class whose constructor builds the table and entities into
 * its own fields (`class ECommerceModels { constructor() { this.usersEntity = new Entity(…) } }`) is
 * read from the instance.
 */
function build(factory: Factory, args: unknown[]): unknown {
  return /^class\b/.test(Function.prototype.toString.call(factory))
    ? Reflect.construct(factory, args)
    : factory(...args);
}

/** A factory of one parameter most likely takes an options object; of two or more, (client, table). */
function shapesFor(factory: Factory): ArgumentShape[] {
  return factory.length === 1 ? [OPTIONS_OBJECT, POSITIONAL] : [POSITIONAL, OPTIONS_OBJECT];
}

async function settled(value: unknown): Promise<unknown> {
  if (!(value instanceof Promise)) return value;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), FACTORY_WAIT_MS);
  });
  try {
    return await Promise.race([value, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The import of a module through its factories, when `direct` (its exports read as they are) found nothing
 * of the format and the module exports functions; otherwise `direct` itself.
 */
export async function importThroughFactories(
  direct: FormatImport,
  exports: Readonly<Record<string, unknown>>,
  format: FormatId,
  options: FormatImportOptions,
): Promise<FormatImport> {
  if (direct.ok || !EXPORTS_NOTHING.test(direct.message)) return direct;
  const factories = Object.entries(exports).filter((entry): entry is [string, Factory] =>
    isFactory(entry[1]),
  );
  if (factories.length === 0) return direct;
  const table = options.table ?? DEFAULT_TABLE;
  const built: Record<string, unknown> = {};
  const calls: string[] = [];
  const entityNames = new Set<string>();
  const failures: string[] = [];
  // A Promise a factory leaves behind that rejects must not end the child before it answers.
  const ignore = () => {};
  process.on('unhandledRejection', ignore);
  for (const [name, factory] of factories) {
    let threw: string | undefined;
    for (const shape of shapesFor(factory)) {
      let value: unknown;
      try {
        value = await settled(build(factory, shape.args(permissiveStub('client'), table)));
      } catch (error) {
        threw ??= `${name}${shape.said(table)} threw ${error instanceof Error ? error.message : String(error)}`;
        continue;
      }
      const read = importDesign(format, { kind: 'module', exports: { [name]: value } }, options);
      if (read.ok) {
        // Two factories that build the same entities (one calling the other) give them once.
        const names = read.design.entities.map((entity) => entity.name);
        if (names.some((entityName) => !entityNames.has(entityName))) {
          for (const entityName of names) entityNames.add(entityName);
          built[name] = value;
          calls.push(`${name}${shape.said(table)}`);
        }
        break;
      }
    }
    if (!(name in built) && threw && calls.length === 0) failures.push(threw);
  }
  process.off('unhandledRejection', ignore);
  if (calls.length === 0)
    return {
      ok: false,
      message: `${direct.message}; its functions (${factories.map(([name]) => name).join(', ')}), called with a stub client and the table name ${JSON.stringify(table)}, built none${failures.length > 0 ? `: ${failures.join('; ')}` : ''}`,
    };
  const imported = importDesign(format, { kind: 'module', exports: built }, options);
  if (!imported.ok) return imported;
  const warning = `the module exports no entity but functions that build them: read what ${calls.join(', ')} returned, called in the sandbox with a stub client (values that come from the client are unknown); pass --table to give another table name`;
  return { ...imported, warnings: [warning, ...imported.warnings] };
}
