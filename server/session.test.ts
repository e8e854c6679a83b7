// Sessions come only from the server: a cookie is honoured only when this server signed it and still
// knows the session; everything derived from a session and visible to others reveals nothing.
import { describe, expect, it } from 'vitest';
import { SessionSigner, sessionCookieHeader, sessionCookieOf, sessionFromId } from './session.ts';
import { SessionRegistry, TooManySessionsError } from './session-registry.ts';

describe('sessions', () => {
  it('issues unguessable ids whose cookie verifies only with the issuing server', () => {
    const signer = new SessionSigner();
    const { session, cookieValue } = signer.newSession();
    expect(session.id).toHaveLength(43); // 256 bits, base64url
    expect(signer.verify(cookieValue)).toBe(session.id);
    expect(new SessionSigner().verify(cookieValue)).toBeUndefined();
    const [id, mac] = cookieValue.split('.');
    const flipped = `${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
    expect(signer.verify(`${id}.${flipped}`)).toBeUndefined();
    expect(signer.verify(id)).toBeUndefined();
    expect(signer.verify('0123456789abcdef')).toBeUndefined();
    expect(signer.verify(undefined)).toBeUndefined();
  });

  it('derives table names and DynamoDB keys that do not contain the id', () => {
    const { session } = new SessionSigner().newSession();
    expect(session).toEqual(sessionFromId(session.id));
    expect(session.namespace).toMatch(/^kp-[0-9a-f]{12}-$/);
    expect(session.accessKeyId).toMatch(/^KP[0-9A-F]{18}$/);
    expect(session.namespace).not.toContain(session.id.slice(0, 8));
    expect(sessionFromId(`${session.id}x`).namespace).not.toBe(session.namespace);
  });

  it('sets an HttpOnly, SameSite=Strict cookie for the API only, and reads it back', () => {
    const header = sessionCookieHeader('abc.def');
    expect(header).toBe('keyplan_session=abc.def; Path=/api; HttpOnly; SameSite=Strict');
    expect(sessionCookieOf('theme=dark; keyplan_session=abc.def; x=1')).toBe('abc.def');
    expect(sessionCookieOf('theme=dark')).toBeUndefined();
  });

  it('starts a new session for a forged, unknown or expired cookie, and deletes what an expired one left', () => {
    let now = 0;
    const expired: string[] = [];
    const signer = new SessionSigner();
    const registry = new SessionRegistry({
      signer,
      idleMs: 1000,
      now: () => now,
      onExpire: (s) => {
        expired.push(s.id);
      },
    });
    const first = registry.resolve(undefined);
    expect(first.setCookie).toBeDefined();
    now = 900;
    expect(registry.resolve(first.setCookie)).toEqual({ session: first.session });
    // Signed by this server but never issued to anyone it knows: a new session, not that id.
    const stranger = signer.newSession();
    const fromStranger = registry.resolve(stranger.cookieValue);
    expect(fromStranger.session.id).not.toBe(stranger.session.id);
    now = 2000; // first was last seen at 900: idle for 1100 ms > 1000
    const again = registry.resolve(first.setCookie);
    expect(again.session.id).not.toBe(first.session.id);
    expect(expired).toContain(first.session.id);
    expect(registry.has(first.session.id)).toBe(false);
  });

  it('at its limit, replaces the oldest session never used twice, and refuses when every one was', () => {
    const expired: string[] = [];
    const registry = new SessionRegistry({ maxSessions: 2, onExpire: (s) => void expired.push(s.id) });
    const kept = registry.resolve(undefined);
    const dropped = registry.resolve(undefined);
    registry.resolve(kept.setCookie); // used a second time: a browser that keeps its cookie
    const third = registry.resolve(undefined);
    expect(expired).toEqual([dropped.session.id]);
    expect(registry.has(kept.session.id)).toBe(true);
    registry.resolve(third.setCookie);
    expect(() => registry.resolve(undefined)).toThrowError(TooManySessionsError);
  });

  it('expires a session whose cookie never came back after 10 minutes, a used one after its idle time', () => {
    let now = 0;
    const expired: string[] = [];
    const registry = new SessionRegistry({ now: () => now, onExpire: (s) => void expired.push(s.id) });
    const cookieless = Array.from({ length: 300 }, () => registry.resolve(undefined).session.id);
    const used = registry.resolve(undefined);
    registry.resolve(used.setCookie);
    now = 10 * 60 * 1000 + 1;
    expect(registry.sweep().map((s) => s.id)).toEqual(cookieless);
    expect(expired).toEqual(cookieless);
    expect(registry.peek(used.setCookie)?.id).toBe(used.session.id);
    now += 4 * 60 * 60 * 1000;
    expect(registry.sweep().map((s) => s.id)).toEqual([used.session.id]);
    expect(registry.size).toBe(0);
  });
});
