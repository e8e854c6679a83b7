// The designs every export is tested on: both built-in examples and a fixture with every table feature
// (LSIs, TTL, INCLUDE projections, stream, point-in-time recovery, provisioned billing) and one of
// multi-attribute GSI keys. Tests only.

import { validateDesign } from '../checks/validate.ts';
import { EXAMPLES } from '../features/examples/index.ts';
import fullFeatured from '../io/golden/full-featured.keyplan.json' with { type: 'json' };
import multiAttribute from '../io/golden/multi-attribute.keyplan.json' with { type: 'json' };
import type { Design } from '../model/schema.ts';

function valid(name: string, input: unknown): Design {
  const result = validateDesign(input);
  if (!result.ok) throw new Error(`${name} must validate: ${JSON.stringify(result.problems)}`);
  return result.design;
}

/** Each name is also the folder of the design's golden files. */
export const EXPORT_DESIGNS: { name: string; design: Design }[] = [
  ...EXAMPLES.map((example) => ({ name: example.name, design: valid(example.name, example.design) })),
  { name: 'full-featured', design: valid('full-featured', fullFeatured) },
  { name: 'multi-attribute', design: valid('multi-attribute', multiAttribute) },
];
