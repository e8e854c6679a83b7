// When a read can return items of several entities (an overloaded GSI, an item collection), the type
// attribute is how the application tells them apart. An index projection or a pattern projection that
// leaves it out returns items nobody can classify.
import { keySchemaFor } from '../../model/indexes.ts';
import { patternPath } from '../lint-context.ts';
import type { LintRule, RuleFinding } from '../lint-types.ts';
import { names } from './wording.ts';

export const missingTypeAttribute: LintRule = {
  id: 'missing-type-attribute',
  family: 'table',
  explanation:
    "In a single table, a read that can return several entities needs to tell them apart: Keyplan's items carry a type attribute for that. When an index projects only some attributes (KEYS_ONLY, INCLUDE) or the pattern projects some, and the type attribute is not among them, the application receives items without it and must guess the entity from the key's text. Add the type attribute to the index's INCLUDE list or the pattern's projection.",
  severity: 'warning',
  description:
    'A read that can return several entities gets items without the type attribute, because its index projection or its own projection leaves it out.',
  check(design, context) {
    // Items stored without it (writeTypeAttribute false) are told apart by their keys: nothing to project.
    if (design.table.writeTypeAttribute === false) return [];
    const type = design.table.typeAttribute;
    const findings: RuleFinding[] = [];
    const flagged = new Set<string>();
    design.accessPatterns.forEach((pattern, i) => {
      if (pattern.operation !== 'Query' && pattern.operation !== 'Scan') return;
      const schema = keySchemaFor(design, pattern.index);
      if (!schema) return;
      const entities =
        pattern.operation === 'Query' ? (context.reach(i)?.served ?? []) : context.inIndex(schema);
      if (entities.length < 2) return;
      const { projection } = schema;
      const indexDrops =
        schema.kind !== 'table' &&
        (projection.type === 'KEYS_ONLY' ||
          (projection.type === 'INCLUDE' && !projection.attributes?.includes(type)));
      if (indexDrops && schema.kind === 'gsi' && !flagged.has(schema.name)) {
        flagged.add(schema.name);
        const at = design.table.globalSecondaryIndexes.findIndex((g) => g.name === schema.name);
        findings.push({
          target: `table.globalSecondaryIndexes[${at}].projection`,
          message: `${schema.name} projects ${projection.type}${projection.type === 'INCLUDE' ? ` without ${type}` : ''}, yet ${pattern.id} reads ${names(entities)} items from it: they come back without ${type}, so the application cannot tell them apart. Add ${type} to the projection.`,
        });
      }
      if (pattern.projection?.length && !pattern.projection.includes(type))
        findings.push({
          target: `${patternPath(i)}.projection`,
          message: `${pattern.id} can return ${names(entities)} items but its projection leaves out ${type}: add ${type} to it so each item says what it is.`,
        });
    });
    return findings;
  },
};
