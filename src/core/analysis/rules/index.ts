// Every lint rule, in the order findings are reported.

import type { LintRule } from '../lint-types.ts';
import { adjacentPlaceholdersRule } from './adjacent-placeholders.ts';
import { allProjection } from './all-projection.ts';
import { celebrityPartition } from './celebrity-partition.ts';
import { consistentReadGsi } from './consistent-read-gsi.ts';
import { copyOutOfStep } from './copy-out-of-step.ts';
import { entityIndexConflict } from './entity-index-conflict.ts';
import { growingList } from './growing-list.ts';
import { hotItem } from './hot-item.ts';
import { hotPartition } from './hot-partition.ts';
import { indexKeyStale } from './index-key-stale.ts';
import { indexLimits } from './index-limits.ts';
import { itemSizeRule } from './item-size.ts';
import { keyCollision } from './key-collision.ts';
import { literalDateInKey } from './literal-date-in-key.ts';
import { missingTtl } from './missing-ttl.ts';
import { missingTypeAttribute } from './missing-type-attribute.ts';
import { multiAttributeKey } from './multi-attribute-key.ts';
import { numberAsString } from './number-as-string.ts';
import { patternScan } from './pattern-scan.ts';
import { patternUnserved } from './pattern-unserved.ts';
import { prefixCollision } from './prefix-collision.ts';
import { reservedWord } from './reserved-word.ts';
import { sensitiveInIndex } from './sensitive-in-index.ts';
import { stateInKey } from './state-in-key.ts';
import { timeBucketPartition } from './time-bucket-partition.ts';
import { timestampFormat } from './timestamp-format.ts';
import { timestampSortKey } from './timestamp-sort-key.ts';
import { ttlNotEnabled } from './ttl-not-enabled.ts';
import { ttlNotNumber } from './ttl-not-number.ts';
import { unboundedQuery } from './unbounded-query.ts';
import { unconditionalPut } from './unconditional-put.ts';
import { undefinedIndex } from './undefined-index.ts';
import { unpaddedNumberInKey } from './unpadded-number-in-key.ts';
import { unsortableSortKey } from './unsortable-sort-key.ts';
import { unterminatedPlaceholder } from './unterminated-placeholder.ts';
import { unusedIndex } from './unused-index.ts';

export const LINT_RULES: readonly LintRule[] = [
  patternUnserved,
  patternScan,
  prefixCollision,
  keyCollision,
  entityIndexConflict,
  hotPartition,
  unsortableSortKey,
  unterminatedPlaceholder,
  adjacentPlaceholdersRule,
  indexKeyStale,
  copyOutOfStep,
  consistentReadGsi,
  reservedWord,
  indexLimits,
  itemSizeRule,
  unusedIndex,
  multiAttributeKey,
  missingTypeAttribute,
  undefinedIndex,
  unconditionalPut,
  ttlNotNumber,
  ttlNotEnabled,
  missingTtl,
  numberAsString,
  unpaddedNumberInKey,
  timestampFormat,
  literalDateInKey,
  timeBucketPartition,
  hotItem,
  timestampSortKey,
  growingList,
  unboundedQuery,
  celebrityPartition,
  stateInKey,
  allProjection,
  sensitiveInIndex,
];
