// Maps every failure to `{ error: { code, message } }` with the right status: 4xx for the caller's
// mistakes, 503 when DynamoDB cannot be reached, 500 only for Keyplan's own bugs.
import { EvaluationError } from '../src/core/evaluate/evaluation-error.ts';
import { RequestError } from '../src/core/values/request-error.ts';
import { KeySchemaChangedError } from './dynamodb/apply.ts';
import { DynamoRequestError, toErrorBody } from './dynamodb/execute.ts';
import { PartiqlRefused } from './partiql.ts';

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EPIPE',
]);

export function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const e = error as Error & { code?: string };
  if (e.code && UNREACHABLE.has(e.code)) return true;
  if (error.name === 'TimeoutError' || error.name === 'DynamoUnavailableError') return true;
  const cause = (error as { cause?: unknown }).cause;
  return isUnreachable(cause);
}

export function toApiFailure(error: unknown): ApiFailure {
  if (error instanceof ApiFailure) return error;
  if (error instanceof KeySchemaChangedError)
    return new ApiFailure(409, 'RecreateRequired', error.message, error.differences);
  if (error instanceof RequestError) return new ApiFailure(400, 'InvalidArguments', error.message);
  // The evaluator refuses what DynamoDB would, in DynamoDB's words.
  if (error instanceof EvaluationError) return new ApiFailure(400, 'ValidationException', error.message);
  if (error instanceof PartiqlRefused) return new ApiFailure(400, 'PartiqlRefused', error.message);
  const dynamoBody = error instanceof DynamoRequestError ? error.body : toErrorBody(error);
  if (dynamoBody) {
    const { code, message } = dynamoBody;
    if (code === 'ResourceNotFoundException') {
      return new ApiFailure(
        404,
        'TableNotFound',
        `${message}: apply the design to create its table first`,
        dynamoBody,
      );
    }
    return new ApiFailure(400, code, message, dynamoBody);
  }
  const e = error as Error & { code?: string; statusCode?: number };
  if (e?.statusCode === 413 || e?.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new ApiFailure(413, 'PayloadTooLarge', 'the request body is larger than the server accepts');
  }
  if (e?.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return new ApiFailure(415, 'UnsupportedMediaType', 'send the body as application/json');
  if (e?.code?.startsWith('FST_ERR_CTP') || (e?.statusCode === 400 && e instanceof SyntaxError)) {
    return new ApiFailure(400, 'InvalidJson', `the request body is not valid JSON: ${e.message}`);
  }
  if (e?.code === 'FST_ERR_BAD_URL')
    return new ApiFailure(400, 'BadUrl', `the URL is malformed: ${e.message}`);
  if (e?.statusCode && e.statusCode >= 400 && e.statusCode < 500)
    return new ApiFailure(e.statusCode, e.code ?? 'BadRequest', e.message);
  if (e instanceof Error && isUnreachable(e)) {
    return new ApiFailure(503, 'DynamoDBUnavailable', `DynamoDB cannot be reached: ${e.message}`);
  }
  return new ApiFailure(500, 'InternalError', e instanceof Error ? e.message : String(error));
}
