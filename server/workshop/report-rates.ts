// How often and how much an attendee may report (POST /api/workshop/report): each attendee's rate and
// bytes are its own, below the session's, and the server's bytes bound them all. Counted before the body is
// read, from its declared length, so a flood of reports costs the server no parsing.
import { ApiFailure } from '../errors.ts';
import type { Limits } from '../limits.ts';
import { TokenBucket } from '../quotas/token-bucket.ts';
import type { AttendeeRecord } from './room-records.ts';

const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en-US')} KB`;

export class ReportRates {
  private readonly rates = new WeakMap<AttendeeRecord, { count: TokenBucket; bytes: TokenBucket }>();
  private readonly serverBytes: TokenBucket;

  constructor(private readonly limits: Limits) {
    this.serverBytes = new TokenBucket(
      limits.workshopServerReportBytesPerSecond,
      limits.workshopServerReportByteBurst,
    );
  }

  /** Takes one report of `contentLength` bytes (a body without a length counts as `bodyLimit`), or 429. */
  admit(attendee: AttendeeRecord, contentLength: string | undefined, bodyLimit: number): void {
    const { limits } = this;
    let rate = this.rates.get(attendee);
    if (!rate) {
      rate = {
        count: new TokenBucket(limits.workshopReportsPerSecond, limits.workshopReportBurst),
        bytes: new TokenBucket(limits.workshopReportBytesPerSecond, limits.workshopReportByteBurst),
      };
      this.rates.set(attendee, rate);
    }
    if (!rate.count.take())
      throw new ApiFailure(
        429,
        'TooManyReports',
        `an attendee reports at most ${limits.workshopReportsPerSecond} times a second (${limits.workshopReportBurst} at once); send the latest state in a moment`,
      );
    // A body without a length may be as long as the route lets in: it is counted as that.
    const length = Number(contentLength);
    const bytes = Number.isSafeInteger(length) && length >= 0 ? length : bodyLimit;
    if (!rate.bytes.available(bytes))
      throw new ApiFailure(
        429,
        'TooManyReportBytes',
        `an attendee sends at most ${kb(limits.workshopReportBytesPerSecond)} of reports a second (${kb(limits.workshopReportByteBurst)} at once, workshopReportBytesPerSecond); send the latest state in a moment`,
      );
    if (!this.serverBytes.take(bytes))
      throw new ApiFailure(
        429,
        'TooManyReportBytes',
        `the server takes at most ${kb(limits.workshopServerReportBytesPerSecond)} of reports a second from all attendees (workshopServerReportBytesPerSecond); send the latest state in a moment`,
      );
    rate.bytes.take(bytes);
  }
}
