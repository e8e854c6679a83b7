// Attribute names such as status, name or date are DynamoDB reserved words: an expression must name them
// through ExpressionAttributeNames (#status). Keyplan's requests always do; the finding teaches why.
import { keySchemaFor } from '../../model/indexes.ts';
import type { AccessPattern, Design, WriteAction } from '../../model/schema.ts';
import { isReservedWord } from '../../requests/reserved-words.ts';
import { conditionClauses } from '../../requests/resolve.ts';
import type { LintRule, RuleFinding } from '../lint.ts';
import { patternPath } from '../lint-context.ts';

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
  severity: 'info',
  description:
    'An attribute an expression uses is a DynamoDB reserved word (status, name, date…); Keyplan writes it as #name through ExpressionAttributeNames, and so must hand-written code.',
  check(design) {
    const seen = new Set<string>();
    const findings: RuleFinding[] = [];
    design.accessPatterns.forEach((pattern, i) => {
      for (const [name, target] of expressionNames(design, pattern, patternPath(i))) {
        if (seen.has(name) || !isReservedWord(name)) continue;
        seen.add(name);
        findings.push({
          target,
          message: `${name} is a DynamoDB reserved word, first used in an expression by ${pattern.id}: an expression must name it through ExpressionAttributeNames ("#${name}": "${name}"). Keyplan's requests and generated code do; hand-written expressions must too.`,
        });
      }
    });
    return findings;
  },
};
