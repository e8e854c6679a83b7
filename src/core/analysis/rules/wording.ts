// Phrases the rules' messages share, so that every finding names things the same way.
import type { EntityRef } from '../lint-context.ts';

/** `a`, `a and b`, `a, b and c`. */
export function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** `Order writes ORDERSTATUS#{status}, Product writes CATEGORY#{category}` for one key attribute. */
export function writes(refs: readonly EntityRef[], keyName: string): string {
  const written = refs.filter((ref) => ref.entity.keys[keyName] !== undefined);
  if (written.length === 0) return `no entity has a ${keyName} template`;
  return list(written.map((ref) => `${ref.entity.name} writes ${ref.entity.keys[keyName]}`));
}

export function names(refs: readonly EntityRef[]): string {
  return list(refs.map((ref) => ref.entity.name));
}
