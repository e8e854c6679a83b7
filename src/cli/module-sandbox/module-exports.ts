// The exports an importer reads from a module loaded in the sandbox, the same whichever module system the
// module was written in. esbuild makes a CommonJS module's `module.exports` the bundle's only export, its
// default; here an object of exports (`exports.Schema = …`, `module.exports = { A, B }`) reads as the
// ES module `export { A, B }` would, its properties as named exports sorted by name, so that a model reads
// the same in either module system (entities in the same order, the same names in messages).

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/** Entries sorted by name, as a module namespace lists them. */
const byName = (entries: [string, unknown][]) =>
  Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/**
 * A CommonJS module's exports as an ES module namespace: when `module.exports` is a plain object, each of
 * its properties is a named export (`default` too, as tsc and esbuild write `export default` with
 * `__esModule`); any other value (an Entity, a Service, a function) is the default export alone. A plain
 * object that is itself the model (`module.exports = { version, models, … }`, a OneTable schema) is read
 * by the format from the exports as a whole (../../core/io/json-input.ts).
 */
export function commonJsExports(moduleExports: unknown): Record<string, unknown> {
  if (!isPlainObject(moduleExports)) return { default: moduleExports };
  return byName(Object.entries(moduleExports).filter(([name]) => name !== '__esModule'));
}
