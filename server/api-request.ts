// Whether a request is the API's, for every check that treats the API apart (the request quotas, the
// large-body gate, the browser guard, the workshop's and live rooms' guards). The router decodes
// percent-escapes before it matches (`/%61pi/apply` runs /api/apply), so the route that matched decides;
// the URL as sent still counts for a request no API route matched (a 404 under /api/).
import type { FastifyRequest } from 'fastify';

/** The path every API route starts with. */
export const API_PREFIX = '/api/';

export function isApiRequest(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith(API_PREFIX) === true || request.url.startsWith(API_PREFIX);
}
