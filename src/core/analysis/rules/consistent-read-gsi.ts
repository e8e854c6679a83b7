// A GSI is copied from the table asynchronously: DynamoDB refuses a strongly consistent read of it.
import { keySchemaFor } from '../../model/indexes.ts';
import { patternPath } from '../lint-context.ts';
import type { LintRule, RuleFinding } from '../lint-types.ts';

export const consistentReadGsi: LintRule = {
  id: 'consistent-read-gsi',
  family: 'patterns',
  explanation:
    'A global secondary index is updated asynchronously from the table, so DynamoDB cannot offer a strongly consistent read of it: a GetItem, Query or Scan with ConsistentRead true on a GSI fails with a ValidationException every time it runs. Read the GSI eventually consistent (a just-written item may be missing for a moment), or read the table or an LSI, which support strongly consistent reads, when the pattern must see its own writes.',
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
