// A pattern's expected load, as its rate declares it.
import type { AccessPattern } from '../model/schema.ts';

/** Requests per second a pattern's rate declares (perSecond, else perDay spread evenly); undefined without. */
export function requestsPerSecond(pattern: AccessPattern): number | undefined {
  if (pattern.rate?.perSecond !== undefined) return pattern.rate.perSecond;
  if (pattern.rate?.perDay !== undefined) return pattern.rate.perDay / 86_400;
  return undefined;
}
