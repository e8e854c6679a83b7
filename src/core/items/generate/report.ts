// What a generation did for one entity, for the UI and the CLI to say: how many items it made of how many
// asked for, and when fewer, why — mostly a primary key whose templates hold fewer distinct keys than asked
// for (ITEM#{lineNo:3} under 8 orders: 8 × 1,001), counted from the values the generator draws.
import { placeholders } from '../../keys/template.ts';
import { primaryKeyNames } from '../../model/indexes.ts';
import type { Design, Entity } from '../../model/schema.ts';
import { plural } from '../../values/text/plural.ts';
import type { Space } from './values.ts';

/** One placeholder's share of a key space: `lineNo` takes 1,001 values, `0–1000`. */
export interface KeyFactor extends Space {
  attribute: string;
}

/** One primary key attribute's template and the distinct values it renders to. */
export interface KeySpacePart {
  key: string;
  template: string;
  /** Product of its factors (1 for a constant template). */
  size: number;
  /** Its placeholders not already counted in an earlier part. */
  factors: KeyFactor[];
}

/** The distinct primary keys an entity's generated items can have: the product of its parts. */
export interface KeySpace {
  size: number;
  parts: KeySpacePart[];
}

export interface GenerateResult {
  entity: string;
  requested: number;
  generated: number;
  /** Primary keys already used by the entity's existing samples (0 when they are replaced). */
  taken: number;
  /** Why fewer than `requested` were generated; absent when all were. */
  reason?: string;
  /** The primary key's distinct values, when the generated values bound them. */
  keySpace?: KeySpace;
}

const fmt = (n: number) => n.toLocaleString('en-US');

/** The entity's primary key templates, `PK = ORDER#{orderId}`, in key order. */
function primaryTemplates(design: Design, entity: Entity): { key: string; template: string }[] {
  return primaryKeyNames(design).flatMap((key) =>
    entity.keys[key] === undefined ? [] : [{ key, template: entity.keys[key] }],
  );
}

/**
 * The distinct primary keys the entity's generated items can take, given the set each attribute's values
 * come from (`spaceOf` undefined: practically unbounded, and then so is the key space).
 */
export function keySpace(
  design: Design,
  entity: Entity,
  spaceOf: (attribute: string) => Space | undefined,
): KeySpace | undefined {
  const counted = new Set<string>();
  const parts: KeySpacePart[] = [];
  let size = 1;
  for (const { key, template } of primaryTemplates(design, entity)) {
    const factors: KeyFactor[] = [];
    for (const attribute of placeholders(template)) {
      if (counted.has(attribute)) continue;
      counted.add(attribute);
      const space = spaceOf(attribute);
      if (!space) return undefined;
      factors.push({ attribute, ...space });
    }
    const partSize = factors.reduce((product, factor) => product * factor.size, 1);
    parts.push({ key, template, size: partSize, factors });
    size *= partSize;
  }
  return { size, parts };
}

/** Why `generated` + `taken` fell short of what was asked for; `keys` is the bounded key space if any. */
export function shortfallReason(
  design: Design,
  entity: Entity,
  { generated, taken, keySpace: keys }: Pick<GenerateResult, 'generated' | 'taken' | 'keySpace'>,
): string {
  const used = taken > 0 ? `${fmt(taken)} of them already used by existing samples` : undefined;
  if (keys) {
    const parts = keys.parts.map(({ key, template, size, factors }) => {
      if (factors.length === 0) return `${key} = ${template} is constant`;
      const each = factors.map((f) =>
        factors.length === 1
          ? `${f.attribute}: ${f.values}`
          : `${f.attribute}: ${plural(f.size, 'value', undefined, fmt)}, ${f.values}`,
      );
      return `${key} = ${template} takes ${fmt(size)} (${each.join('; ')})`;
    });
    const left = keys.size - taken;
    return [
      `its primary key holds only ${plural(keys.size, 'distinct key', undefined, fmt)}: ${parts.join(' × ')}`,
      used,
      generated < left
        ? `random draws reached ${fmt(generated)} of ${taken > 0 ? `the other ${fmt(left)}` : 'them'}`
        : undefined,
    ]
      .filter(Boolean)
      .join('; ');
  }
  const templates = primaryTemplates(design, entity)
    .map(({ key, template }) => `${key} = ${template}`)
    .join(', ');
  return [`new draws kept repeating primary keys (${templates}) already used`, used]
    .filter(Boolean)
    .join('; ');
}

/** One line for a person: `Generated 7,984 of 10,000 LineItem items asked for: its primary key …`. */
export function describeGenerateResult({ entity, requested, generated, reason }: GenerateResult): string {
  if (!reason) return `Generated ${plural(generated, `${entity} item`, undefined, fmt)}.`;
  return `Generated ${fmt(generated)} of ${fmt(requested)} ${entity} items asked for: ${reason}.`;
}
