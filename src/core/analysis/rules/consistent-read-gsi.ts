// A GSI is copied from the table asynchronously: DynamoDB refuses a strongly consistent read of it.
import { keySchemaFor } from '../../model/indexes.ts';
import type { LintRule, RuleFinding } from '../lint.ts';
import { patternPath } from '../lint-context.ts';

export const consistentReadGsi: LintRule = {
  id: 'consistent-read-gsi',
  family: 'patterns',
  severity: 'error',
  description:
    'A read asks for a strongly consistent read of a GSI, which DynamoDB rejects (GSIs are eventually consistent).',
  check(design) {
    const findings: RuleFinding[] = [];
    design.accessPatterns.forEach((pattern, i) => {
      if (pattern.operation !== 'Query' && pattern.operation !== 'Scan') return;
      if (!pattern.consistentRead || keySchemaFor(design, pattern.index)?.kind !== 'gsi') return;
      findings.push({
        target: `${patternPath(i)}.consistentRead`,
        message: `${pattern.id} asks for a consistent read of ${pattern.index}, which DynamoDB refuses: a GSI is updated asynchronously and is only eventually consistent. Drop consistentRead, or read the table (or an LSI) when the latest write must be seen.`,
      });
    });
    return findings;
  },
};
