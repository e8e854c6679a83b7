// Where two values first differ, as a path (`entities[2].keys.SK`) with both sides there: what a failing
// comparison of parsed files or designs shows. Shared by the export-text fuzz and the wild-corpus pipeline.

const show = (value: unknown) => JSON.stringify(value)?.slice(0, 300);

/**
 * The first path whose values are not the same (Object.is for leaves), or undefined. With `keyOrder`, two
 * objects with the same entries in another order differ too (a design's key order is what it shows).
 */
export function firstDifference(
  a: unknown,
  b: unknown,
  { keyOrder = false }: { keyOrder?: boolean } = {},
  path = '',
): string | undefined {
  if (Object.is(a, b)) return undefined;
  const at = path || 'the value';
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const [keysA, keysB] = [Object.keys(a), Object.keys(b)];
    for (const key of new Set([...keysA, ...keysB])) {
      const found = firstDifference(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        { keyOrder },
        Array.isArray(a) ? `${path}[${key}]` : path ? `${path}.${key}` : key,
      );
      if (found) return found;
    }
    if (keyOrder && keysA.join('\u0000') !== keysB.join('\u0000'))
      return `${at}: keys ${show(keysA)} became ${show(keysB)}`;
    return undefined;
  }
  return `${at}: ${show(a)} became ${show(b)}`;
}
