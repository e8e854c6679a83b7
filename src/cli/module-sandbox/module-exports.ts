// The exports an importer reads from a module loaded in the sandbox, the same whichever module system the
// module was written in. esbuild makes a CommonJS module's `module.exports` the bundle's only export, its
// default; Node's own `import()` of that module would show its properties as named exports too, and so
// does this, so that `exports.Schema = …` or `module.exports = { Schema }` reads like `export const Schema`.

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/** Entries sorted by name, as a module namespace lists them. */
const byName = (entries: [string, unknown][]) =>
  Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/**
 * A CommonJS module's exports as an ES module namespace: `module.exports` as the default and, when it is a
 * plain object, each of its properties as a named export. A module compiled from ES syntax (`__esModule`,
 * as tsc and esbuild write it) has its named exports only, its `default` among them. Any other value
 * assigned to `module.exports` (an Entity, a Service, a function) is the default alone.
 */
export function commonJsExports(moduleExports: unknown): Record<string, unknown> {
  if (!isPlainObject(moduleExports)) return { default: moduleExports };
  const named = Object.entries(moduleExports).filter(([name]) => name !== '__esModule');
  if (moduleExports.__esModule === true) return byName(named);
  return byName([...named.filter(([name]) => name !== 'default'), ['default', moduleExports]]);
}
