// The checks of a request that carries a design, from its JSON text to what the route needs, in one pure
// function that a worker thread runs (design-worker.ts) for a large body, so that parsing and validating a
// design of thousands of entities or 100,000 items never holds the event loop other sessions' requests
// wait on. The same steps, in the same order, with the same refusals as the small-body path in app.ts:
// depth, JSON, prototype keys, the design's limits, the contract's schema, the design's references, its
// items' bytes and DynamoDB's refusals of them.

import { formatProblems, referenceProblems } from '../src/core/checks/validate.ts';
import { applyRequestSchema, patternRunSchema } from '../src/core/contract/contract.ts';
import { MAX_JSON_DEPTH } from '../src/core/model/design-limits.ts';
import { primaryKeyNames } from '../src/core/model/indexes.ts';
import type { Design } from '../src/core/model/schema.ts';
import { exactJsonOf } from '../src/core/values/exact-json.ts';
import { jsonNestsDeeperThan } from '../src/core/values/json-depth.ts';
import type { AttributeMap } from './dynamodb/load.ts';
import { uniqueByKey } from './dynamodb/load.ts';
import { ApiFailure, toApiFailure } from './errors.ts';
import type { Limits } from './limits.ts';
import { parseBody } from './parse-body.ts';
import { checkDesignBytes } from './quotas/table-quotas.ts';
import { buildPatternRequest, checkedItems } from './service.ts';

/** Which route's body: apply and load write the design's items, run builds one pattern's request. */
export type DesignRoute = 'apply' | 'load' | 'run';

export type DesignCheckResult =
  | { kind: 'refused'; status: number; code: string; message: string; details?: unknown }
  /** A raw run (no design): the route reads its body (given back by the worker) as any other. */
  | { kind: 'raw'; bytes?: Uint8Array }
  | {
      kind: 'apply';
      /** The design without what apply does not read (entities, patterns, samples, comments): its table. */
      design: Design;
      options: { recreate?: boolean; loadItems?: boolean; replace?: boolean };
      /** Sample items in the design (the session's item quota counts them). */
      sampleCount: number;
      /** The items to write, checked and one per primary key; absent when none are written. */
      items?: AttributeMap[];
    }
  | {
      kind: 'run';
      /** The pattern's operation (the write quota asks whether it may add items). */
      patternOperation: string;
      request: { operation: string; input: Record<string, unknown> };
    };

/** JSON.parse, refusing what Fastify's parser refuses: `__proto__` and `constructor.prototype` keys. */
function parseJson(text: string): unknown {
  if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH))
    throw new ApiFailure(400, 'TooDeep', `the JSON body nests deeper than ${MAX_JSON_DEPTH} levels`);
  let plain: unknown;
  try {
    plain = JSON.parse(text, function refuseProtoKeys(key, value) {
      if (
        key === '__proto__' ||
        (key === 'constructor' && typeof value === 'object' && value && 'prototype' in value)
      )
        throw new ApiFailure(
          400,
          'InvalidJson',
          'the request body is not valid JSON: Object contains forbidden prototype property',
        );
      return value;
    });
  } catch (error) {
    if (error instanceof ApiFailure) throw error;
    throw new ApiFailure(
      400,
      'InvalidJson',
      `the request body is not valid JSON: ${(error as Error).message}`,
    );
  }
  return exactJsonOf(text, plain);
}

function checkDesign(design: Design): Design {
  const problems = referenceProblems(design);
  if (problems.length > 0)
    throw new ApiFailure(400, 'InvalidDesign', formatProblems(problems.slice(0, 5)), problems);
  return design;
}

const tableOnly = (design: Design): Design => ({
  ...design,
  entities: [],
  accessPatterns: [],
  items: {},
  comments: undefined,
});

/** What `route` needs from the body `text` of a session of namespace `prefix`, or its refusal. */
export function checkDesignRequest(
  route: DesignRoute,
  text: string,
  prefix: string,
  limits: Limits,
): DesignCheckResult {
  try {
    const body = parseJson(text);
    if (route === 'run') {
      if (body && typeof body === 'object' && 'operation' in body) return { kind: 'raw' };
      const run = parseBody(patternRunSchema, body);
      const design = checkDesign(run.design);
      const request = buildPatternRequest(prefix, design, run);
      const patternOperation = design.accessPatterns.find((p) => p.id === run.patternId)!.operation;
      return { kind: 'run', patternOperation, request };
    }
    const { design, ...options } = parseBody(applyRequestSchema, body);
    checkDesign(design);
    const writes = route === 'load' || options.loadItems !== false;
    const sampleCount = Object.values(design.items).reduce((n, list) => n + list.length, 0);
    if (!writes) return { kind: 'apply', design: tableOnly(design), options, sampleCount: 0 };
    checkDesignBytes(design, limits);
    const items = uniqueByKey(checkedItems(design), primaryKeyNames(design));
    return { kind: 'apply', design: tableOnly(design), options, sampleCount, items };
  } catch (error) {
    const failure = toApiFailure(error);
    return {
      kind: 'refused',
      status: failure.status,
      code: failure.code,
      message: failure.message,
      details: failure.details,
    };
  }
}
