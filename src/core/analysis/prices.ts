// DynamoDB prices as data, with the date they took effect and where they were read, so that updating
// them is an edit of this table and every cost says which prices it used. The UI may pass its own table.
export interface PriceTable {
  region: string;
  currency: 'USD';
  tableClass: 'Standard';
  /** When these prices took effect (YYYY-MM-DD), and when they were last compared with AWS's pages (YYYY-MM). */
  effective: string;
  checked: string;
  sources: string[];
  onDemand: {
    /** Dollars per million read request units (an eventually consistent 4 KB read is half of one). */
    perMillionReadUnits: number;
    perMillionWriteUnits: number;
  };
  provisioned: {
    /** Dollars per read (write) capacity unit and hour. */
    perReadUnitHour: number;
    perWriteUnitHour: number;
  };
  storage: {
    perGbMonth: number;
    /** Bytes DynamoDB adds to every item and every index entry for storage billing. */
    overheadBytes: number;
  };
  /** The month AWS's pricing pages use: 730 hours. */
  hoursPerMonth: number;
}

/**
 * us-east-1, Standard table class. On-demand throughput halved on 1 November 2024 (to $0.125 per million
 * read request units and $0.625 per million write request units); provisioned capacity ($0.00013 per RCU-hour,
 * $0.00065 per WCU-hour) and storage ($0.25 per GB-month, first 25 GB free, not deducted here) unchanged.
 */
export const US_EAST_1_PRICES: PriceTable = {
  region: 'us-east-1',
  currency: 'USD',
  tableClass: 'Standard',
  effective: '2024-11-01',
  checked: '2026-11',
  sources: [
    'https://aws.amazon.com/dynamodb/pricing/on-demand/',
    'https://aws.amazon.com/dynamodb/pricing/provisioned/',
    'https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html',
  ],
  onDemand: { perMillionReadUnits: 0.125, perMillionWriteUnits: 0.625 },
  provisioned: { perReadUnitHour: 0.00013, perWriteUnitHour: 0.00065 },
  storage: { perGbMonth: 0.25, overheadBytes: 100 },
  hoursPerMonth: 730,
};
