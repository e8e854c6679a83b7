// The `attribute` check: an entity attribute exists, with this type and requiredness ("money as exact
// numbers": type N); a failure says what the wrong type or requiredness costs.
import { z } from 'zod';
import { sameEntityName, type ValidationProblem } from '../../../checks/validate.ts';
import type { Design } from '../../../model/schema.ts';
import { type CheckContext, result } from '../check-context.ts';
import { defineCheck } from '../check-definition.ts';
import type { CheckResult } from '../check-result.ts';
import { checkFields } from '../lesson-fields.ts';

/** An entity attribute exists, with this type and requiredness ("money as exact numbers": type N). */
const schema = z
  .object({
    ...checkFields,
    kind: z.literal('attribute'),
    entity: z.string().min(1),
    attribute: z.string().min(1),
    type: z.string().min(1).optional(),
    required: z.boolean().optional(),
  })
  .strict();

export type AttributeCheck = z.infer<typeof schema>;

export const attributeCheck = defineCheck({
  kind: 'attribute',
  schema,
  check: checkAttribute,
  problems: attributeProblems,
});

function checkAttribute(context: CheckContext, check: AttributeCheck): CheckResult {
  const entity = context.entity(check.entity);
  const target = { kind: 'entity', name: entity?.name ?? check.entity } as const;
  if (!entity) return result(check, 'fail', context.missingEntity(check.entity), target);
  const attribute = entity.attributes.find((a) => a.name === check.attribute);
  const name = `${entity.name}.${check.attribute}`;
  if (!attribute)
    return result(
      check,
      'fail',
      `${entity.name} has no attribute ${check.attribute} (it has ${entity.attributes.map((a) => a.name).join(', ') || 'none'}): add it`,
      target,
    );
  if (check.type !== undefined && attribute.type !== check.type)
    return result(
      check,
      'fail',
      `${name} is of type ${attribute.type}, expected ${check.type}${check.type === 'N' && attribute.type === 'S' ? ': a number stored as text sorts as text ("10" before "9") and cannot be added to — make it N' : ''}`,
      target,
    );
  const required = attribute.required === true;
  if (check.required !== undefined && required !== check.required)
    return result(
      check,
      'fail',
      check.required
        ? `${name} is optional, expected required: an item without it drops out of every key built from it`
        : `${name} is required, expected optional: a sparse index needs items that leave it out`,
      target,
    );
  const typed = check.type ? ` of type ${attribute.type}` : '';
  const req = check.required === undefined ? '' : required ? ', required' : ', optional';
  return result(check, 'pass', `${name} exists${typed}${req}`, target);
}

/** The attribute must be one of the solution's entity (parse.ts says so when the entity is missing). */
function attributeProblems(check: AttributeCheck, solution: Design, at: string): ValidationProblem[] {
  const entity = solution.entities.find((e) => sameEntityName(e.name, check.entity));
  if (!entity || entity.attributes.some((a) => a.name === check.attribute)) return [];
  return [
    {
      path: `${at}.attribute`,
      message: `the solution's ${entity.name} has no attribute "${check.attribute}"; it has: ${entity.attributes.map((a) => a.name).join(', ') || 'none'}`,
    },
  ];
}
