// Reference checks of an entity's copies (entity.copies, see copies.ts): unique names, attributes the entity
// has, key templates checked as the entity's own are (by validate-entities.ts's check, passed in), and no copy
// stored under the same primary key templates as the entity or another copy (it would replace that item).
import { keyAttributeTypes, primaryKeyNames } from '../model/indexes.ts';
import type { Design, Entity } from '../model/schema.ts';

type Add = (path: string, message: string) => void;

/** validate-entities.ts's check of one entity's attributes and key templates, reporting at `path`. */
export type EntityCheck = (entity: Entity, path: string, add: Add) => void;

export function checkCopies(
  design: Design,
  entity: Entity,
  path: string,
  add: Add,
  checkEntity: EntityCheck,
) {
  const copies = entity.copies ?? [];
  if (copies.length === 0) return;
  const names = new Set(entity.attributes.map((a) => a.name));
  const keyNames = keyAttributeTypes(design);
  const primary = primaryKeyNames(design);
  const primaryOf = (keys: Record<string, string>) => JSON.stringify(primary.map((name) => keys[name]));
  const storedUnder = new Map<string, string>([[primaryOf(entity.keys), `the entity's own item`]]);
  // Looked up, never searched: an entity may have many copies, and a copy many attributes.
  const firstNamed = new Map<string, number>();
  copies.forEach((copy, j) => {
    const copyPath = `${path}.copies[${j}]`;
    const first = firstNamed.get(copy.name) ?? j;
    if (first === j) firstNamed.set(copy.name, j);
    else add(`${copyPath}.name`, `duplicate copy name "${copy.name}" (copies[${first}])`);
    const held = new Set(copy.attributes ?? names);
    const listed = new Set<string>();
    copy.attributes?.forEach((name, k) => {
      if (!names.has(name)) add(`${copyPath}.attributes[${k}]`, `${entity.name} has no attribute "${name}"`);
      else if (listed.has(name)) add(`${copyPath}.attributes[${k}]`, `"${name}" is listed twice`);
      listed.add(name);
    });
    // The copy's templates may use every attribute of the entity; an attribute that is itself a key (a natural
    // key) and that the copy holds must be that key in the copy too.
    const form: Entity = {
      name: entity.name,
      attributes: entity.attributes.filter((a) => held.has(a.name) || !keyNames.has(a.name)),
      keys: copy.keys,
    };
    const keysPath = `${copyPath}.keys`;
    checkEntity(form, copyPath, (at, message) => {
      // Problems of the attributes themselves are reported once, on the entity.
      if (at === keysPath || at.startsWith(`${keysPath}.`)) add(at, message);
    });
    if (primary.every((name) => copy.keys[name] !== undefined)) {
      const key = primaryOf(copy.keys);
      const other = storedUnder.get(key);
      if (other)
        add(
          keysPath,
          `copy ${copy.name} has the same primary key templates as ${other}: each sample would be stored once, the later item replacing the earlier`,
        );
      else storedUnder.set(key, `copy ${copy.name}`);
    }
  });
}
