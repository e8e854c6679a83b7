// A live room's privacy: everything a client sends (Yjs updates, snapshots, presence) is sealed with AES-GCM
// under the room's seal key before it leaves, with a fresh random IV each time. The room key is 128 random bits
// that live only in the invite link's fragment (`#live=<roomId>.<key>`), which browsers never send to a server,
// so the server stores and relays ciphertext it cannot read; the seal key is derived from it (room-keys.ts).
// Each blob is bound by GCM's additional data to where it belongs (`context`: the room, the kind, the seq a
// snapshot covers; protocol.ts), so a blob moved elsewhere (an old update replayed as a snapshot) fails to open.
// WebCrypto only (globalThis.crypto): the browser and Node share this file.

const IV_BYTES = 12;
/** A room id: 128 random bits the server makes (base64url, 22 characters). */
export const ROOM_ID = /^[A-Za-z0-9_-]{22}$/;
const ROOM_KEY = /^[A-Za-z0-9_-]{22}$/;

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** 128 random bits as base64url: a room id (the server's) or a room key (the browser's). */
export function randomToken(): string {
  return toBase64Url(globalThis.crypto.getRandomValues(new Uint8Array(16)));
}

export interface LiveLink {
  roomId: string;
  /** The room key as text (base64url of 128 bits). */
  key: string;
}

/** The fragment of an invite link. */
export function liveFragment(link: LiveLink): string {
  return `live=${link.roomId}.${link.key}`;
}

/** The room a URL fragment (`#live=<roomId>.<key>`) invites to; undefined for any other fragment. */
export function parseLiveFragment(hash: string): LiveLink | undefined {
  const match = /(?:^#?|&)live=([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)(?:&|$)/.exec(hash);
  if (!match || !ROOM_ID.test(match[1]) || !ROOM_KEY.test(match[2])) return undefined;
  return { roomId: match[1], key: match[2] };
}

const additionalData = (context: string) => new TextEncoder().encode(context);

/** IV (12 bytes) followed by the AES-GCM ciphertext and tag; `context` is authenticated, not sent. */
export async function seal(
  key: CryptoKey,
  plain: Uint8Array,
  context: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(
    await globalThis.crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: additionalData(context) },
      key,
      plain as Uint8Array<ArrayBuffer>,
    ),
  );
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return out;
}

/** The plain bytes; throws when the blob was not sealed with this key for this context, or was altered. */
export async function open(
  key: CryptoKey,
  blob: Uint8Array<ArrayBuffer>,
  context: string,
): Promise<Uint8Array<ArrayBuffer>> {
  if (blob.length <= IV_BYTES) throw new Error('not a sealed message');
  const plain = await globalThis.crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: blob.subarray(0, IV_BYTES), additionalData: additionalData(context) },
    key,
    blob.subarray(IV_BYTES),
  );
  return new Uint8Array(plain);
}
