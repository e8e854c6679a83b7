/**
 * A request that cannot be built from a pattern and its arguments (a missing argument, a value of the wrong
 * type, an update of a key attribute…). The message is meant for the user as it is.
 */
export class RequestError extends Error {
  override name = 'RequestError';
}
