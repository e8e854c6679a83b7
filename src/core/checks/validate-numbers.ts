// Numbers DynamoDB would refuse, wherever a design writes one: a sample value (N, NS members, numbers inside
// L and M), an enum value of an N attribute, a literal N key template, a filter or condition literal. DynamoDB keeps 38 significant digits
// and magnitudes from 1E-130 to 9.9999999999999999999999999999999999999E+125 (numberLimitProblem).

import { placeholders, TemplateSyntaxError } from '../keys/template.ts';
import { keyAttributeTypes } from '../model/indexes.ts';
import type { ConditionClause, Design, JsonValue } from '../model/schema.ts';
import { isNumeric, numberLimitProblem } from '../values/compare.ts';
import { isExactNumber } from '../values/exact-json.ts';
import { checkSamplesOnce, samplesCache } from './validate-cache.ts';

export function checkNumberLimits(design: Design, add: (path: string, message: string) => void): void {
  const keyTypes = keyAttributeTypes(design);
  design.entities.forEach((entity, i) => {
    entity.attributes.forEach((attribute, j) => {
      attribute.enum?.forEach((value, k) => {
        const problem = typeof value === 'string' ? undefined : numberLimitProblem(value);
        if (problem) add(`entities[${i}].attributes[${j}].enum[${k}]`, problem);
      });
    });
    for (const [keyName, template] of Object.entries(entity.keys)) {
      if (keyTypes.get(keyName) !== 'N' || !isNumeric(template.trim())) continue;
      if (literal(template)) {
        const problem = numberLimitProblem(template.trim());
        if (problem) add(`entities[${i}].keys.${keyName}`, problem);
      }
    }
  });
  design.accessPatterns.forEach((pattern, i) => {
    for (const field of ['filter', 'condition'] as const) {
      const clauses = (pattern as { [key in typeof field]?: unknown })[field];
      if (!Array.isArray(clauses)) continue;
      clauses.forEach((clause: ConditionClause, j) => {
        for (const operand of ['value', 'to'] as const) {
          const value = clause[operand];
          const problem =
            typeof value === 'number' || isExactNumber(value) ? numberLimitProblem(value) : undefined;
          if (problem) add(`accessPatterns[${i}].${field}[${j}].${operand}`, problem);
        }
      });
    }
  });
  for (const [entityName, samples] of Object.entries(design.items)) {
    checkSamplesOnce(checkedSamples, samples, [entityName], add, (add) =>
      samples.forEach((sample, i) => {
        for (const name in sample) {
          const value = sample[name];
          // Most values are text: no number in them, and no path to build.
          if (typeof value !== 'string' && typeof value !== 'boolean' && value !== null)
            visit(value, `items.${entityName}[${i}].${name}`, add);
        }
      }),
    );
  }
}

const checkedSamples = samplesCache();

function literal(template: string): boolean {
  try {
    return placeholders(template).length === 0;
  } catch (error) {
    if (error instanceof TemplateSyntaxError) return false;
    throw error;
  }
}

function visit(value: JsonValue, path: string, add: (path: string, message: string) => void): void {
  if (typeof value === 'number' || isExactNumber(value)) {
    const problem = numberLimitProblem(value);
    if (problem) add(path, problem);
  } else if (Array.isArray(value)) {
    value.forEach((member, i) => visit(member, `${path}[${i}]`, add));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, member] of Object.entries(value)) visit(member, `${path}.${key}`, add);
  }
}
