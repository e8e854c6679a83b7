// The built-in designs (`keyplan example NAME`, the app's "open example" menu). Each is validated by
// examples.test.ts; treat them as read-only and work on what validateDesign returns.
import type { DesignInput } from '../../model/schema.ts';
import { ecommerce } from './ecommerce.ts';
import { onlineStore } from './online-store.ts';

export const EXAMPLE_NAMES = ['ecommerce', 'online-store'] as const;
export type ExampleName = (typeof EXAMPLE_NAMES)[number];

export interface Example {
  name: ExampleName;
  title: string;
  description: string;
  design: DesignInput;
}

export const EXAMPLES: readonly Example[] = [
  {
    name: 'ecommerce',
    title: 'E-commerce (single table, three GSIs)',
    description:
      'Users, orders, order items and products: an overloaded GSI, a sparse GSI of published products, ' +
      'month-bucketed orders by date, a transactional order creation and a conditional status update.',
    design: ecommerce,
  },
  {
    name: 'online-store',
    title: 'Online store (access patterns first)',
    description:
      'Customers, their orders newest first by ISO timestamp in the sort key, line items, and orders by ' +
      'status through one GSI.',
    design: onlineStore,
  },
];

/** The built-in example of that name; undefined for an unknown name (the CLI lists EXAMPLE_NAMES then). */
export function getExample(name: string): Example | undefined {
  return EXAMPLES.find((example) => example.name === name);
}
