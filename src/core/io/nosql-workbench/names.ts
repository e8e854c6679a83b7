// Names from a NoSQL Workbench model made valid for a Keyplan design: entity names in PascalCase,
// attribute names in camelCase, table and index names by DynamoDB's rules, each unique where it must be.

const WORD = /[A-Za-z0-9]+/g;
const ALL_CAPS = /^[A-Z][A-Z0-9]*$/;

function words(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** "BRAND" → "Brand", "warehouseItem" → "WarehouseItem": an all-caps word is a word, not an acronym chain. */
function capitalized(word: string): string {
  const tail = ALL_CAPS.test(word) && word.length > 1 ? word.slice(1).toLowerCase() : word.slice(1);
  return word[0].toUpperCase() + tail;
}

/** A facet or type name as an entity name: PascalCase, letters and digits only, starting with a letter. */
export function entityNameFrom(label: string, fallback = 'Entity'): string {
  const name = words(label).map(capitalized).join('');
  if (name === '') return fallback;
  return /^[A-Za-z]/.test(name) ? name : `Entity${name}`;
}

/** "USER" → "user", "GSI1-PK" → "gsi1Pk", "State#Date" → "stateDate", "CustomerId" → "customerId". */
export function camelNameFrom(label: string): string {
  const parts = words(label);
  if (parts.length === 0) return 'value';
  const [first, ...rest] = parts;
  const head = ALL_CAPS.test(first) ? first.toLowerCase() : first[0].toLowerCase() + first.slice(1);
  const name = head + rest.map(capitalized).join('');
  return /^[A-Za-z]/.test(name) ? name : `v${name}`;
}

/** `base`, or `base2`, `base3`… : the first that `taken` does not hold. */
export function uniqueName(base: string, taken: (name: string) => boolean): string {
  if (!taken(base)) return base;
  for (let n = 2; ; n++) if (!taken(`${base}${n}`)) return `${base}${n}`;
}

/** A table or index name by DynamoDB's rules: 3–255 characters of letters, digits, "_", "-" and ".". */
export function dynamoName(name: string): string {
  const cleaned = name.replace(/[^a-zA-Z0-9_.-]/g, '_').slice(0, 255);
  return cleaned.length >= 3 ? cleaned : cleaned.padEnd(3, '_');
}

/** An access pattern id from its name: lowercase words joined by "-". */
export function patternIdFrom(name: string): string {
  return (
    words(name)
      .map((word) => word.toLowerCase())
      .join('-') || 'query'
  );
}
