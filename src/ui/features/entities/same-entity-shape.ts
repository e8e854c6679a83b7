import type { Entity } from '../../../core/model/schema.ts';

/** For memo: the attribute and sample tables read only these, and a template edit changes neither. */
export function sameNameAndAttributes(a: Entity, b: Entity): boolean {
  return a.name === b.name && a.attributes === b.attributes;
}
