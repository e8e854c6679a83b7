// Attribute names such as status, name or date are DynamoDB reserved words: an expression must name them
// through ExpressionAttributeNames (#status). Keyplan's requests always do; the finding teaches why.
import { keySchemaFor } from '../../model/indexes.ts';
import type { AccessPattern, Design, WriteAction } from '../../model/schema.ts';
import { conditionClauses } from '../../requests/pattern-arguments.ts';
import { isReservedWord } from '../../requests/reserved-words.ts';
import { patternPath } from '../lint-context.ts';
import type { LintRule, RuleFinding } from '../lint-types.ts';

/** Attribute names a pattern's expressions use, each with the JSON path of where the pattern names it. */
function expressionNames(design: Design, pattern: AccessPattern, path: string): [string, string][] {
  const out: [string, string][] = [];
  const action = (a: WriteAction, at: string) => {
    (a.set ?? []).forEach((n, k) => out.push([n, `${at}.set[${k}]`]));
    (a.remove ?? []).forEach((n, k) => out.push([n, `${at}.remove[${k}]`]));
    conditionClauses(a.condition).forEach((c, k) =>
      out.push([c.attribute, `${at}.condition[${k}].attribute`]),
    );
    if (a.condition === 'exists' || a.condition === 'not-exists')
      out.push([design.table.partitionKey.name, `${at}.condition`]);
  };
  switch (pattern.operation) {
    case 'GetItem':
    case 'Query':
    case 'Scan': {
      // A GetItem names its key in Key, not in an expression.
      if (pattern.operation === 'Query') {
        const schema = keySchemaFor(design, pattern.index);
        const { keyCondition } = pattern;
        if (schema && keyCondition.partitionKeys) {
          // A multi-attribute key names each attribute it gives.
          for (const name of Object.keys(keyCondition.partitionKeys))
            out.push([name, `${path}.keyCondition.partitionKeys.${name}`]);
          (keyCondition.sortKeys ?? []).forEach((sort, k) =>
            out.push([sort.attribute, `${path}.keyCondition.sortKeys[${k}].attribute`]),
          );
        } else {
          if (schema) out.push([schema.partitionKey.name, `${path}.keyCondition.partition`]);
          if (schema?.sortKey && keyCondition.sort)
            out.push([schema.sortKey.name, `${path}.keyCondition.sort`]);
        }
      }
      (pattern.filter ?? []).forEach((c, k) => out.push([c.attribute, `${path}.filter[${k}].attribute`]));
      (pattern.projection ?? []).forEach((n, k) => out.push([n, `${path}.projection[${k}]`]));
      break;
    }
    case 'PutItem':
    case 'DeleteItem':
    case 'UpdateItem':
      action(pattern, path);
      break;
    case 'TransactWriteItems':
      pattern.actions.forEach((a, k) => action(a, `${path}.actions[${k}]`));
      break;
    case 'TransactGetItems':
    case 'BatchGetItem':
      pattern.gets.forEach((g, k) =>
        (g.projection ?? []).forEach((n, j) => out.push([n, `${path}.gets[${k}].projection[${j}]`])),
      );
      break;
  }
  return out;
}

export const reservedWord: LintRule = {
  id: 'reserved-word',
  family: 'values',
  explanation:
    "DynamoDB reserves more than 500 words (status, name, date, data, count…) that cannot appear as attribute names in a key condition, filter, projection or update expression; such a request fails with a ValidationException. Keyplan's requests and generated code write every name as #placeholder with ExpressionAttributeNames; hand-written code, console queries and other tools must do the same, or the attribute can be renamed.",
  severity: 'info',
  description:
    'An attribute an expression uses is a DynamoDB reserved word (status, name, date…); Keyplan writes it as #name through ExpressionAttributeNames, and so must hand-written code.',
  check(design) {
    // One finding per reserved name: at its first declaration (an entity attribute), else where an
    // expression first uses it; every other declaration and use is listed as related.
    const places = new Map<string, { declared: string[]; used: [string, string, string][] }>();
    const at = (name: string) => {
      const key = name.toUpperCase();
      if (!places.has(key)) places.set(key, { declared: [], used: [] });
      return places.get(key)!;
    };
    design.entities.forEach((entity, i) =>
      entity.attributes.forEach((attribute, j) => {
        if (isReservedWord(attribute.name))
          at(attribute.name).declared.push(`entities[${i}].attributes[${j}]`);
      }),
    );
    design.accessPatterns.forEach((pattern, i) => {
      for (const [name, target] of expressionNames(design, pattern, patternPath(i)))
        if (isReservedWord(name)) at(name).used.push([target, pattern.id, name]);
    });
    const findings: RuleFinding[] = [];
    for (const [, { declared, used }] of places) {
      const [target, ...related] = [...declared, ...used.map(([path]) => path)];
      const name = declared.length > 0 ? attributeAt(design, declared[0]) : used[0][2];
      const where = used.length > 0 ? `used in an expression by ${used[0][1]}` : 'an attribute name';
      findings.push({
        target,
        ...(related.length > 0 ? { related } : {}),
        message: `${name} is a DynamoDB reserved word (${where}): every expression must name it as #${name} through ExpressionAttributeNames.`,
        fix: `Keyplan's requests and generated code write "#${name}": "${name}"; hand-written expressions must too — or rename the attribute (e.g. ${name.toLowerCase()}Value).`,
      });
    }
    return findings;
  },
};

function attributeAt(design: Design, path: string): string {
  const [, i, j] = /entities\[(\d+)\]\.attributes\[(\d+)\]/.exec(path)!;
  return design.entities[Number(i)].attributes[Number(j)].name;
}
