// The sessions this server has issued and still knows. A cookie is honoured only while its session
// is here: an idle session expires (its tables are deleted through onExpire), and a signed cookie
// for a session that expired, or that a previous run of the server issued, starts a new session.
import { type Session, SessionSigner } from './session.ts';

export interface SessionRegistryOptions {
  signer?: SessionSigner;
  /** A session unused this long is forgotten and its tables deleted. Default 4 hours. */
  idleMs?: number;
  /** At most this many sessions at once; a new one beyond it is refused. Default 1,000. */
  maxSessions?: number;
  /** Deletes what the session left in DynamoDB; errors are the callback's to report. */
  onExpire?: (session: Session) => Promise<void> | void;
  now?: () => number;
}

export class TooManySessionsError extends Error {
  override name = 'TooManySessionsError';
}

export class SessionRegistry {
  readonly #signer: SessionSigner;
  readonly #idleMs: number;
  readonly #maxSessions: number;
  readonly #onExpire: SessionRegistryOptions['onExpire'];
  readonly #now: () => number;
  readonly #sessions = new Map<string, { session: Session; lastSeen: number }>();

  constructor(options: SessionRegistryOptions = {}) {
    this.#signer = options.signer ?? new SessionSigner();
    this.#idleMs = options.idleMs ?? 4 * 60 * 60 * 1000;
    this.#maxSessions = options.maxSessions ?? 1000;
    this.#onExpire = options.onExpire;
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#sessions.size;
  }

  get idleMs(): number {
    return this.#idleMs;
  }

  /**
   * The session a cookie value belongs to, touched; or a new session (with the cookie value to set)
   * when the cookie is missing, forged, or names a session this server does not know.
   */
  resolve(cookieValue: string | undefined): { session: Session; setCookie?: string } {
    const id = this.#signer.verify(cookieValue);
    const known = id === undefined ? undefined : this.#sessions.get(id);
    if (known && this.#now() - known.lastSeen <= this.#idleMs) {
      known.lastSeen = this.#now();
      return { session: known.session };
    }
    this.sweep();
    if (this.#sessions.size >= this.#maxSessions)
      throw new TooManySessionsError(
        `the server has ${this.#maxSessions} sessions, its limit; try again when idle ones expire`,
      );
    const { session, cookieValue: setCookie } = this.#signer.newSession();
    this.#sessions.set(session.id, { session, lastSeen: this.#now() });
    return { session, setCookie };
  }

  /** Forgets every session idle for longer than the limit and deletes what it left behind. */
  sweep(): Session[] {
    const expired: Session[] = [];
    for (const [id, entry] of this.#sessions) {
      if (this.#now() - entry.lastSeen > this.#idleMs) {
        this.#sessions.delete(id);
        expired.push(entry.session);
      }
    }
    for (const session of expired) void this.#onExpire?.(session);
    return expired;
  }

  /** Every session still known (the server deletes their tables when it is told to clean up). */
  sessions(): Session[] {
    return [...this.#sessions.values()].map((entry) => entry.session);
  }

  /** For tests: the session of an id the registry issued. */
  has(id: string): boolean {
    return this.#sessions.has(id);
  }
}
