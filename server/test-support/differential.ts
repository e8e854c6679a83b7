// One read, sent for real to DynamoDB Local and answered by the in-memory evaluator: each side's outcome is
// the page it returns or the ValidationException it answers, so refusals compare as answers do.
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { expect } from 'vitest';
import { type Engine, EvaluationError, evaluateRead } from '../../src/core/evaluate/evaluate.ts';
import { buildViewsFor, type IndexViews } from '../../src/core/indexes/views.ts';
import type { Design } from '../../src/core/model/schema.ts';
import { buildReadInput } from '../../src/core/requests/build.ts';
import type { ReadResult, ReadSpec } from '../../src/core/requests/read-spec.ts';
import type { PlainItem } from '../../src/core/values/item.ts';
import { DynamoRequestError, execute } from '../dynamodb/execute.ts';
import { namespacedTable } from '../namespace.ts';

export type Outcome = ReadResult | { error: string };

/** DynamoDB Local's page for the read, or its ValidationException's message. */
export async function realOutcome(
  client: DynamoDBClient,
  design: Design,
  prefix: string,
  spec: ReadSpec,
): Promise<Outcome> {
  const { input } = buildReadInput(design, spec, namespacedTable(prefix, design.table.name));
  try {
    const result = await execute(client, spec.operation, input as unknown as Record<string, unknown>);
    const page: ReadResult = { items: result.items, count: result.count, scannedCount: result.scannedCount };
    if (result.lastEvaluatedKey) page.lastEvaluatedKey = result.lastEvaluatedKey;
    return page;
  } catch (error) {
    if (error instanceof DynamoRequestError && error.body.code === 'ValidationException')
      return { error: error.body.message };
    throw error;
  }
}

/** The evaluator's page for the read, or the ValidationException it answers. */
export function predictedOutcome(
  design: Design,
  views: IndexViews,
  spec: ReadSpec,
  engine?: Engine,
): Outcome {
  try {
    return evaluateRead(design, views, spec, engine);
  } catch (error) {
    if (error instanceof EvaluationError) return { error: error.message };
    throw error;
  }
}

/** Runs one read for real and in memory. */
export async function both(
  client: DynamoDBClient,
  design: Design,
  prefix: string,
  spec: ReadSpec,
): Promise<{ real: ReadResult; predicted: ReadResult }> {
  const { input } = buildReadInput(design, spec, namespacedTable(prefix, design.table.name));
  const result = await execute(client, spec.operation, input as unknown as Record<string, unknown>);
  const real: ReadResult = { items: result.items, count: result.count, scannedCount: result.scannedCount };
  if (result.lastEvaluatedKey) real.lastEvaluatedKey = result.lastEvaluatedKey;
  return { real, predicted: evaluateRead(design, buildViewsFor(design), spec) };
}

/** Walks every page of a read, comparing each page; returns how many pages it took. */
export async function comparePages(
  client: DynamoDBClient,
  design: Design,
  prefix: string,
  spec: ReadSpec,
  label: string,
): Promise<number> {
  let exclusiveStartKey: PlainItem | undefined;
  let pages = 0;
  do {
    const { real, predicted } = await both(client, design, prefix, { ...spec, exclusiveStartKey });
    expect(predicted, `${label}, page ${pages + 1}`).toEqual(real);
    exclusiveStartKey = real.lastEvaluatedKey;
    pages++;
  } while (exclusiveStartKey && pages < 200);
  return pages;
}
