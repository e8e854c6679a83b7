/** A read DynamoDB would reject with a ValidationException; the message is DynamoDB's own where known. */
export class EvaluationError extends Error {
  override name = 'EvaluationError';
}
