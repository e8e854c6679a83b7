// What a room key opens, split so that proving one holds it never gives it away (issue #26, class 5). The room
// id travels in clear (a socket path, a header: proxy logs and sniffers see it), so the id alone must buy
// nothing. From the 128-bit room key of the invite link's fragment, HKDF-SHA-256 derives, under two labels,
//   - the seal key (AES-GCM) that encrypts everything the room carries, and
//   - the seed of an Ed25519 signing key, whose public half (the room's *verifier*) the server stores when the
//     room is made.
// A client proves it holds the key by signing: a fresh nonce the server sends on its socket, and each API
// request that names the room (method, path, a hash of the body, a time and a nonce). The server checks
// signatures with the public verifier, so it never holds anything that can write to, let alone read, the
// room; what goes over the wire (a public key, signatures over fresh challenges) is no use to anyone who
// records it. HKDF is one-way: neither derived key reveals the room key or the other.
// WebCrypto only (globalThis.crypto.subtle), so the browser and Node share this file.
import { fromBase64Url, toBase64Url } from './crypto.ts';

const SEAL_LABEL = 'keyplan-live/2 seal';
const SIGN_LABEL = 'keyplan-live/2 sign';
/** PKCS#8 of an Ed25519 private key is this fixed prefix followed by the 32-byte seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = [
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
];
/** A verifier: an Ed25519 public key (32 bytes) as base64url. */
export const ROOM_VERIFIER = /^[A-Za-z0-9_-]{43}$/;

export interface RoomKeys {
  /** AES-GCM: seals and opens what the room carries (crypto.ts). */
  seal: CryptoKey;
  /** Ed25519: signs proofs of holding the room key. */
  signer: CryptoKey;
  /** The signer's public key (base64url), which the server keeps to check proofs. */
  verifier: string;
}

const subtle = () => globalThis.crypto.subtle;
const utf8 = (text: string) => new TextEncoder().encode(text);

/** The keys a room key derives; refuses what is not a 128-bit room key, and says so when Ed25519 is missing. */
export async function deriveRoomKeys(key: string): Promise<RoomKeys> {
  const raw = fromBase64Url(key);
  if (raw.length !== 16) throw new Error('a room key is 128 bits');
  const base = await subtle().importKey('raw', raw, 'HKDF', false, ['deriveBits']);
  const bits = (label: string, length: number) =>
    subtle().deriveBits(
      { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: utf8(label) },
      base,
      length,
    );
  const seal = await subtle().importKey('raw', await bits(SEAL_LABEL, 128), 'AES-GCM', false, [
    'encrypt',
    'decrypt',
  ]);
  const pkcs8 = new Uint8Array(48);
  pkcs8.set(ED25519_PKCS8_PREFIX);
  pkcs8.set(new Uint8Array(await bits(SIGN_LABEL, 256)), 16);
  let extractable: CryptoKey;
  try {
    extractable = await subtle().importKey('pkcs8', pkcs8, { name: 'Ed25519' }, true, ['sign']);
  } catch (error) {
    throw new Error(
      `this browser cannot sign with Ed25519, which live rooms need to prove the room key (${(error as Error).message})`,
    );
  }
  const jwk = await subtle().exportKey('jwk', extractable);
  // The private key is kept non-extractable from here on; the JWK copy goes out of scope.
  const signer = await subtle().importKey('jwk', jwk, { name: 'Ed25519' }, false, ['sign']);
  return { seal, signer, verifier: jwk.x as string };
}

async function sign(signer: CryptoKey, text: string): Promise<string> {
  return toBase64Url(new Uint8Array(await subtle().sign({ name: 'Ed25519' }, signer, utf8(text))));
}

/** What a socket signs to join a room: the room and the server's fresh nonce (a proof is good once). */
export function joinProofText(roomId: string, nonce: string): string {
  return `keyplan-live/2 join\n${roomId}\n${nonce}`;
}

export function proveJoin(signer: CryptoKey, roomId: string, nonce: string): Promise<string> {
  return sign(signer, joinProofText(roomId, nonce));
}

/** A signed API request's proof header, `<time>.<nonce>.<signature>`. */
export const REQUEST_PROOF = /^(\d{1,16})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{86})$/;

/**
 * What an API request naming a room signs: the room, the request (method, path with its query, the SHA-256 of
 * its body, base64url) and a time and nonce, so a recorded proof cannot be used for another request, nor again.
 */
export function requestProofText(parts: {
  roomId: string;
  method: string;
  path: string;
  bodyHash: string;
  time: number;
  nonce: string;
}): string {
  const { roomId, method, path, bodyHash, time, nonce } = parts;
  return `keyplan-live/2 request\n${roomId}\n${method.toUpperCase()}\n${path}\n${bodyHash}\n${time}\n${nonce}`;
}

export async function sha256Base64Url(text: string): Promise<string> {
  return toBase64Url(new Uint8Array(await subtle().digest('SHA-256', utf8(text))));
}

/** The value of `X-Keyplan-Room-Proof` for one request (`time`: the server's clock as the client knows it). */
export async function proveRequest(
  signer: CryptoKey,
  request: { roomId: string; method: string; path: string; body: string; time: number },
): Promise<string> {
  const nonce = toBase64Url(globalThis.crypto.getRandomValues(new Uint8Array(16)));
  const time = Math.round(request.time);
  const bodyHash = await sha256Base64Url(request.body);
  const signature = await sign(signer, requestProofText({ ...request, bodyHash, time, nonce }));
  return `${time}.${nonce}.${signature}`;
}
