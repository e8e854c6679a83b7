// The built-in examples as the start screen and the File menu offer them: validated, with or without items.

import { validateDesign } from '../../../core/checks/validate.ts';
import { EXAMPLES, type ExampleName, getExample } from '../../../core/features/examples/index.ts';
import { deriveItems } from '../../../core/items/derive.ts';
import type { Design } from '../../../core/model/schema.ts';

export interface ExampleSummary {
  name: ExampleName;
  title: string;
  description: string;
  entities: number;
  patterns: number;
  items: number;
  indexes: number;
}

function parsed(name: string): Design {
  const example = getExample(name);
  if (!example) throw new Error(`no example named ${name}`);
  const result = validateDesign(example.design);
  if (!result.ok) throw new Error(`example ${name} is invalid: ${result.problems[0]?.message}`);
  return result.design;
}

/** A fresh copy of the example; without items when only its schema is wanted. */
export function loadExample(name: string, withItems: boolean): Design {
  const design = parsed(name);
  return withItems ? design : { ...design, items: {} };
}

let summaries: ExampleSummary[] | undefined;

export function exampleSummaries(): ExampleSummary[] {
  summaries ??= EXAMPLES.map((example) => {
    const design = parsed(example.name);
    return {
      name: example.name,
      title: example.title,
      description: example.description,
      entities: design.entities.length,
      patterns: design.accessPatterns.length,
      items: deriveItems(design).length,
      indexes: design.table.globalSecondaryIndexes.length + design.table.localSecondaryIndexes.length,
    };
  });
  return summaries;
}
