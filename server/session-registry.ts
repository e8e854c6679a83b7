// The sessions this server has issued and still knows. A cookie is honoured only while its session
// is here: an idle session expires (its tables are deleted through onExpire), and a signed cookie
// for a session that expired, or that a previous run of the server issued, starts a new session.
// A session whose cookie never came back (a script that keeps no cookies: every request a new session)
// expires sooner, and is the first to go when the server has all the sessions it takes.
import { LIMITS } from './limits.ts';
import { type Session, SessionSigner, sessionFromId } from './session.ts';

export interface SessionRegistryOptions {
  signer?: SessionSigner;
  /** A session unused this long is forgotten and its tables deleted. Default LIMITS.sessionIdleMs (4 hours). */
  idleMs?: number;
  /** A session not used a second time within this is forgotten too. Default LIMITS.unconfirmedSessionMs (10 min). */
  unconfirmedMs?: number;
  /**
   * At most this many sessions at once (default LIMITS.sessions, 1,000): past it a new session takes the
   * place of the oldest one never used a second time, and is refused when there is none.
   */
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
  readonly #unconfirmedMs: number;
  readonly #maxSessions: number;
  readonly #onExpire: NonNullable<SessionRegistryOptions['onExpire']>[] = [];
  readonly #now: () => number;
  // In order of creation, so the first unconfirmed one is the oldest.
  readonly #sessions = new Map<string, { session: Session; lastSeen: number; confirmed: boolean }>();

  constructor(options: SessionRegistryOptions = {}) {
    this.#signer = options.signer ?? new SessionSigner();
    this.#idleMs = options.idleMs ?? LIMITS.sessionIdleMs;
    this.#unconfirmedMs = options.unconfirmedMs ?? LIMITS.unconfirmedSessionMs;
    this.#maxSessions = options.maxSessions ?? LIMITS.sessions;
    if (options.onExpire) this.#onExpire.push(options.onExpire);
    this.#now = options.now ?? Date.now;
  }

  /** Also calls `listener` with each session that expires (the server deletes its tables). */
  onExpire(listener: NonNullable<SessionRegistryOptions['onExpire']>): void {
    this.#onExpire.push(listener);
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
    const known = this.peek(cookieValue);
    if (known) {
      const entry = this.#sessions.get(known.id)!;
      entry.lastSeen = this.#now();
      entry.confirmed = true;
      return { session: known };
    }
    this.sweep();
    if (this.#sessions.size >= this.#maxSessions) {
      const [oldest] = [...this.#sessions].find(([, entry]) => !entry.confirmed) ?? [];
      if (oldest === undefined)
        throw new TooManySessionsError(
          `the server has ${this.#maxSessions} sessions, its limit; try again when idle ones expire`,
        );
      this.#expire([this.#forget(oldest)]);
    }
    const { session, cookieValue: setCookie } = this.#signer.newSession();
    this.#sessions.set(session.id, { session, lastSeen: this.#now(), confirmed: false });
    return { session, setCookie };
  }

  /**
   * Knows again a session a previous run of this server issued (a workshop's attendees, kept with
   * --db-path along with the signer's secret), so that its cookie is honoured after a restart.
   */
  restore(id: string): Session {
    const known = this.#sessions.get(id);
    if (known) return known.session;
    const session = sessionFromId(id);
    this.#sessions.set(id, { session, lastSeen: this.#now(), confirmed: true });
    return session;
  }

  /** The live session a cookie value names, without touching it; undefined for any other cookie. */
  peek(cookieValue: string | undefined): Session | undefined {
    const id = this.#signer.verify(cookieValue);
    const entry = id === undefined ? undefined : this.#sessions.get(id);
    return entry && !this.#expired(entry) ? entry.session : undefined;
  }

  /** The id a cookie of this server carries (its signature checked), whether its session is live or not. */
  idOf(cookieValue: string | undefined): string | undefined {
    return this.#signer.verify(cookieValue);
  }

  /** Ends a session at once: its cookie names nothing any more (the caller deletes what it left). */
  end(id: string): void {
    this.#sessions.delete(id);
  }

  #expired(entry: { lastSeen: number; confirmed: boolean }): boolean {
    return this.#now() - entry.lastSeen > (entry.confirmed ? this.#idleMs : this.#unconfirmedMs);
  }

  #forget(id: string): Session {
    const { session } = this.#sessions.get(id)!;
    this.#sessions.delete(id);
    return session;
  }

  #expire(sessions: Session[]): void {
    for (const session of sessions) for (const listener of this.#onExpire) void listener(session);
  }

  /** Forgets every session idle for longer than its limit and deletes what it left behind. */
  sweep(): Session[] {
    const expired: Session[] = [];
    for (const [id, entry] of this.#sessions) if (this.#expired(entry)) expired.push(this.#forget(id));
    this.#expire(expired);
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
