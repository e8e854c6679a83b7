// The analysis API the CLI and the UI use: lint findings, capacity estimates, a run's capacity beside its
// estimate, monthly cost, and the same reads with one table per entity.
export { type CapacityComparison, compareCapacity, type ReportedCapacity } from './compare-capacity.ts';
export {
  type CostModel,
  type CostOptions,
  costModel,
  type PatternCost,
  type ProvisionedTarget,
} from './cost.ts';
export { type EstimateOptions, estimateDesign, estimatePattern } from './estimate.ts';
export type { LocalReport, PatternEstimate, TargetUnits } from './estimate-types.ts';
export {
  type Finding,
  groupBySeverity,
  type LintRule,
  lintDesign,
  SEVERITIES,
  type Severity,
} from './lint.ts';
export { type PriceTable, US_EAST_1_PRICES } from './prices.ts';
export { LINT_RULES } from './rules/index.ts';
export type { EntityStorage, StorageEstimate } from './storage.ts';
export { compareTablePerEntity, type EntityRequest, type TablePerEntity } from './table-per-entity.ts';
