// The value that stands in, inside the sandboxed child, for what Keyplan cannot give a module for real: a
// package its project imports that is not installed here (./package-stubs.ts bundles a stub module in its
// place), and the client a factory function is called with (./factory-exports.ts). A model module mostly
// needs those only to build a client it hands to the library, so the stub lets any use of it go on: it can
// be called, constructed, read at any property, coerced to a string, and awaited (it is not a thenable, so
// `await stub` gives the stub back instead of waiting for ever).

/** Where the child puts `permissiveStub` for the stub modules the bundle holds to find. */
export const PERMISSIVE_STUB_GLOBAL = Symbol.for('keyplan.permissiveStub');

/** Properties a stub does not have, so that the code handling it does not take it for something else. */
const ABSENT = new Set<PropertyKey>([
  'then',
  '__esModule',
  'toJSON',
  Symbol.iterator,
  Symbol.asyncIterator,
  Symbol.hasInstance,
]);

/**
 * A stub named `name` (the package or the argument it stands for: `uuid`, `uuid.v4()`), its name being
 * its string value. Its prototype is a stub too, but one whose own prototype is null, so that `instanceof`
 * ends and an object made from it (esbuild's view of a CommonJS module as ES exports) reads stubs as well.
 */
export function permissiveStub(name: string): unknown {
  const text = () => name;
  const read = (key: PropertyKey): unknown => {
    if (ABSENT.has(key)) return undefined;
    if (key === Symbol.toPrimitive) return text;
    if (key === 'toString' || key === 'valueOf') return text;
    if (key === Symbol.toStringTag) return 'KeyplanStub';
    return permissiveStub(`${name}.${String(key)}`);
  };
  const prototype = new Proxy(Object.create(null) as object, {
    get: (_target, key) => read(key),
    getPrototypeOf: () => null,
  });
  // A `function` (not an arrow) so that the stub can be constructed as well as called.
  const target = function keyplanStub() {};
  return new Proxy(target, {
    get: (_target, key) => (key === 'prototype' ? prototype : read(key)),
    // `'send' in client` is how a library tells which client it was given: the stub has every method.
    has: (_target, key) => !ABSENT.has(key),
    getPrototypeOf: () => prototype,
    apply: () => permissiveStub(`${name}()`),
    construct: () => permissiveStub(`new ${name}()`) as object,
  });
}
