// Sessions are issued by the server and only by it. A session id is 256 random bits; the cookie
// carries it with an HMAC under a secret made when the server starts, so a forged or guessed cookie
// fails verification, and one the server no longer knows (expired, or from before a restart) starts
// a new session instead of reviving the old one. What other people can see of a session (its table
// names, DynamoDB Local's database for it) is derived from the id through a hash, so seeing it
// reveals nothing that would let anyone become that session.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SESSION_COOKIE = 'keyplan_session';

export interface Session {
  /** Secret: only ever in the session's own cookie. */
  readonly id: string;
  /** The prefix of the session's table names, e.g. `kp-3fa81c09d2e4-`. */
  readonly namespace: string;
  /**
   * The access key the server signs this session's DynamoDB requests with. DynamoDB Local (run
   * without -sharedDb) keeps one database per access key, so no request of this session, PartiQL
   * included, can reach another session's tables.
   */
  readonly accessKeyId: string;
}

function digest(label: string, id: string): string {
  return createHash('sha256').update(`${label}:${id}`).digest('hex');
}

export function sessionFromId(id: string): Session {
  return {
    id,
    namespace: `kp-${digest('namespace', id).slice(0, 12)}-`,
    accessKeyId: `KP${digest('dynamodb', id).slice(0, 18).toUpperCase()}`,
  };
}

const COOKIE_VALUE = /^([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})$/;

/** Issues and verifies signed session cookies. */
export class SessionSigner {
  readonly #secret: Buffer;

  constructor(secret: Buffer = randomBytes(32)) {
    this.#secret = secret;
  }

  #mac(id: string): string {
    return createHmac('sha256', this.#secret).update(id).digest('base64url');
  }

  newSession(): { session: Session; cookieValue: string } {
    const id = randomBytes(32).toString('base64url');
    return { session: sessionFromId(id), cookieValue: `${id}.${this.#mac(id)}` };
  }

  /** The session id a cookie value carries, when its signature is this server's; otherwise undefined. */
  verify(cookieValue: string | undefined): string | undefined {
    const match = cookieValue ? COOKIE_VALUE.exec(cookieValue) : null;
    if (!match) return undefined;
    const [, id, mac] = match;
    const expected = Buffer.from(this.#mac(id));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given) ? id : undefined;
  }
}

/** The Set-Cookie value for a session: never readable by scripts, never sent cross-site, only to the API. */
export function sessionCookieHeader(cookieValue: string): string {
  return `${SESSION_COOKIE}=${cookieValue}; Path=/api; HttpOnly; SameSite=Strict`;
}

/** The session cookie's value in a Cookie request header, if there is one. */
export function sessionCookieOf(cookieHeader: string | undefined): string | undefined {
  return /(?:^|;\s*)keyplan_session=([^;]*)/.exec(cookieHeader ?? '')?.[1];
}
