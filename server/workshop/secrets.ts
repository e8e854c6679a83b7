// The workshop's two secrets: the join code the room sees (short, typed by hand, so guessing it is slowed by
// the join limiter) and the presenter's key (256 random bits, only ever in the presenter URL's fragment).
// Both are compared in constant time, so the time of a refusal tells nothing about how close a guess was.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH } from '../../src/core/contract/workshop-contract.ts';

export function newJoinCode(): string {
  let code = '';
  for (let i = 0; i < JOIN_CODE_LENGTH; i++) code += JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)];
  return code;
}

export function isJoinCode(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length === JOIN_CODE_LENGTH &&
    [...value].every((c) => JOIN_CODE_ALPHABET.includes(c))
  );
}

/** 256 bits, base64url (43 characters). */
export function newPresenterKey(): string {
  return randomBytes(32).toString('base64url');
}

export function isPresenterKey(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** Equal strings, in time that does not depend on where they differ (nor on the given one's length). */
export function sameSecret(given: string, expected: string): boolean {
  const hash = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(hash(given), hash(expected));
}

/** The key of `Authorization: Bearer <key>`, or undefined. */
export function bearerKey(header: string | undefined): string | undefined {
  const match = /^Bearer ([A-Za-z0-9_-]{1,200})$/.exec(header ?? '');
  return match?.[1];
}
