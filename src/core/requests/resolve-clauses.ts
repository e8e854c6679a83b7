// Filter and condition clauses resolved from their templates and the arguments: each operand rendered (an
// argument keeps its own type when the template is exactly it), numeric attributes' operands as numbers, and
// binary and set attributes' operands typed as they are sent, refused here when they cannot be.
import { RenderTooLongError, renderTemplate, singlePlaceholder } from '../keys/template.ts';
import { keyAttributeTypes } from '../model/indexes.ts';
import type {
  AttributeType,
  ConditionClause,
  ConditionOperator,
  Design,
  JsonValue,
} from '../model/schema.ts';
import { marshallValue } from '../values/marshall.ts';
import { RequestError } from '../values/request-error.ts';
import type { ArgumentValues } from './pattern-arguments.ts';
import type { ResolvedClause } from './read-spec.ts';
import { numericAttributes, toNumber } from './typed-arguments.ts';

/** No value in a request can be longer than an item (400 KB), so a rendered value stops there. */
const VALUE_MAX_LENGTH = 400 * 1024;

/** A template's value: an argument keeps its own type when the template is exactly it, else the rendered text. */
function templateValue(template: ConditionClause['value'] & {}, args: ArgumentValues): JsonValue | undefined {
  if (typeof template !== 'string') return template;
  const only = singlePlaceholder(template);
  if (only !== undefined) return args[only];
  try {
    return renderTemplate(template, args, VALUE_MAX_LENGTH);
  } catch (error) {
    if (error instanceof RenderTooLongError)
      throw new RequestError(`"${shortened(template)}" ${error.message}`);
    throw error;
  }
}

/** A template shortened for a message (at most 60 characters). */
export const shortened = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);

/** Attributes declared binary or a set (the first declaration wins): their operands need a type JSON lacks. */
function typedOperandAttributes(design: Design): Map<string, AttributeType> {
  const types = new Map<string, AttributeType>();
  for (const [name, type] of keyAttributeTypes(design)) if (type === 'B') types.set(name, type);
  for (const entity of design.entities) {
    for (const { name, type } of entity.attributes) {
      if (!types.has(name) && (type === 'B' || type === 'BS' || type === 'SS' || type === 'NS'))
        types.set(name, type);
    }
  }
  return types;
}

const SET_MEMBER: Partial<Record<AttributeType, AttributeType>> = { SS: 'S', NS: 'N', BS: 'B' };

/**
 * The type an operand is sent as, when its JSON type is not it: base64 text compared with a binary attribute
 * is B, an array compared with a set is that set, and contains() looks for a member of the set's type.
 */
function operandType(
  declared: AttributeType | undefined,
  op: ConditionOperator,
  value: JsonValue,
): AttributeType | undefined {
  if (declared === 'B') return typeof value === 'string' ? 'B' : undefined;
  if (declared === undefined || !(declared in SET_MEMBER)) return undefined;
  if (Array.isArray(value)) return declared;
  return op === 'contains' && declared === 'BS' && typeof value === 'string' ? 'B' : undefined;
}

/**
 * Filter or condition clauses with their templates rendered; values of numeric attributes become numbers,
 * and operands of binary and set attributes carry the type they are sent as.
 */
export function resolveClauses(
  design: Design,
  clauses: readonly ConditionClause[],
  args: ArgumentValues,
): ResolvedClause[] {
  const numeric = numericAttributes(design);
  const typed = typedOperandAttributes(design);
  return clauses.map((clause) => {
    const resolved: ResolvedClause = { attribute: clause.attribute, op: clause.op };
    for (const field of ['value', 'to'] as const) {
      const template = clause[field];
      if (template === undefined) continue;
      const value = templateValue(template, args);
      if (value === undefined)
        throw new RequestError(`${clause.attribute} ${clause.op}: "${template}" has no value`);
      resolved[field] = numeric.has(clause.attribute) ? toNumber(clause.attribute, value) : value;
    }
    const type =
      resolved.value === undefined
        ? undefined
        : operandType(typed.get(clause.attribute), clause.op, resolved.value);
    if (type) {
      resolved.type = type;
      for (const operand of [resolved.value, resolved.to]) {
        if (operand === undefined) continue;
        try {
          marshallValue(operand, type);
        } catch (error) {
          if (!(error instanceof RequestError)) throw error;
          throw new RequestError(`${clause.attribute} ${clause.op}: ${error.message}`);
        }
      }
    }
    return resolved;
  });
}
