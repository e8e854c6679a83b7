// Identifiers for generated code: pattern ids, entity and attribute names become snake_case (Python) or
// camelCase / PascalCase (TypeScript) names that are legal, not keywords, and unique in their scope.

/** Words of a name: `customer-orders` → customer, orders; `GSI1PK` → gsi1pk; `orderId` → order, id. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export function snakeCase(name: string): string {
  return words(name).join('_');
}

export function camelCase(name: string): string {
  const [first = '', ...rest] = words(name);
  return first + rest.map(capitalize).join('');
}

export function pascalCase(name: string): string {
  return words(name).map(capitalize).join('');
}

/** English plural of the last word, enough for parameter names (`lineItem` → `lineItems`, `category` → `categories`). */
export function plural(name: string): string {
  if (/[^aeiou]y$/i.test(name)) return `${name.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(name)) return `${name}es`;
  return `${name}s`;
}

const PYTHON_KEYWORDS = new Set(
  (
    'False None True and as assert async await break class continue def del elif else except finally for ' +
    'from global if import in is lambda nonlocal not or pass raise return try while with yield'
  ).split(' '),
);

// Reserved words and the names strict mode or module code forbids as bindings.
const TYPESCRIPT_RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally ' +
    'for function if import in instanceof new null return super switch this throw true try typeof var void ' +
    'while with implements interface let package private protected public static yield await arguments eval'
  ).split(' '),
);

const PYTHON_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const TS_IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A legal Python identifier from `base` (already snake_case): a leading digit or a keyword gets a fix. */
export function pythonIdentifier(base: string): string {
  const name = base === '' ? 'value' : /^[0-9]/.test(base) ? `_${base}` : base;
  return PYTHON_KEYWORDS.has(name) ? `${name}_` : name;
}

/** A legal TypeScript binding from `base` (already camelCase or PascalCase). */
export function typescriptIdentifier(base: string): string {
  const name = base === '' ? 'value' : /^[0-9]/.test(base) ? `_${base}` : base;
  return TYPESCRIPT_RESERVED.has(name) ? `${name}_` : name;
}

/** True when a name can be written bare as a TypeScript property (`args.orderId`, not `args['gift-note']`). */
export function isTypescriptIdentifier(name: string): boolean {
  return TS_IDENTIFIER.test(name);
}

export function isPythonIdentifier(name: string): boolean {
  return PYTHON_IDENTIFIER.test(name) && !PYTHON_KEYWORDS.has(name);
}

/**
 * Names taken in one scope (a module, or a function's parameters and locals). A name already taken gets
 * `_2`, `_3`… (or `2`, `3`… in TypeScript style), so that two patterns whose ids differ only in punctuation
 * still get two functions.
 */
export class NameScope {
  readonly #taken = new Set<string>();

  constructor(
    reserved: Iterable<string> = [],
    readonly separator = '_',
  ) {
    for (const name of reserved) this.#taken.add(name);
  }

  /** `base`, else `preferred` (such as `limit_`), else `base_2`, `base_3`… */
  claim(base: string, preferred?: string): string {
    if (this.#taken.has(base) && preferred !== undefined && !this.#taken.has(preferred)) {
      this.#taken.add(preferred);
      return preferred;
    }
    let name = base;
    for (let n = 2; this.#taken.has(name); n++) name = `${base}${this.separator}${n}`;
    this.#taken.add(name);
    return name;
  }

  names(): string[] {
    return [...this.#taken];
  }
}
