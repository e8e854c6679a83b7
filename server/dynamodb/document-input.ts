// The DocumentClient form of a request (buildRequest's documentInput) as @aws-sdk/lib-dynamodb sends it.
// The pure core holds a number a double cannot hold as an ExactNumber (lossless-json's LosslessNumber),
// which the DocumentClient refuses (a class instance); it sends every digit of a NumberValue. The core
// imports no SDK, so the conversion is here, at the server's edge.
import { NumberValue } from '@aws-sdk/lib-dynamodb';
import type { DocumentInput } from '../../src/core/requests/inputs.ts';
import { isExactNumber } from '../../src/core/values/exact-json.ts';

function convert(value: unknown): unknown {
  if (isExactNumber(value)) return NumberValue.from(value.value);
  if (Array.isArray(value)) return value.map(convert);
  if (value instanceof Set) return new Set([...value].map(convert));
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, convert(v)]));
}

/** The input to give a DynamoDBDocumentClient command: each ExactNumber a NumberValue with its digits. */
export function documentClientInput(input: DocumentInput): Record<string, unknown> {
  return convert(input) as Record<string, unknown>;
}
