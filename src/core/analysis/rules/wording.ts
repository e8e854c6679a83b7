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
  return list(written.map((ref) => `${formName(ref)} writes ${ref.entity.keys[keyName]}`));
}

/** `Order`, or `Order's copy ById` for one of its copies. */
export function formName(ref: EntityRef): string {
  return ref.copy ? `${ref.entity.name}'s copy ${ref.copy.name}` : ref.entity.name;
}

export function names(refs: readonly EntityRef[]): string {
  return list([...new Set(refs.map((ref) => ref.entity.name))]);
}
