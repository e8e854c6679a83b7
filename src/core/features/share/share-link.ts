// A design as a link, with no server: the design (and its sample items while they fit) as exact JSON,
// deflated (fflate, the same code in the browser and Node), in base64url after a version prefix. The app puts
// it in the URL fragment (`#share=k1.…`), which browsers never send to a server. When the items would make
// the link too long for chat tools, the link carries the generator settings that recreate items instead
// (the same count per entity, from a seed and a reference day): the recipient sees generated items, not the
// sender's own. A link is untrusted input: its length, what it inflates to and every count it asks for are
// checked against the limits before any of that work is done, and refused with the limit named.
import { deflateSync, Inflate } from 'fflate';
import { validateDesign } from '../../checks/validate.ts';
import {
  designItemCount,
  ITEM_LIMIT_TEXT,
  MAX_DESIGN_ITEMS,
  MAX_SHARED_DESIGN_BYTES,
} from '../../model/design-limits.ts';
import type { Design } from '../../model/schema.ts';
import { parseExactJson, stringifyExactJson } from '../../values/exact-json.ts';
import { NestingTooDeepError } from '../../values/json-depth.ts';
import { fromBase64Url, toBase64Url } from '../live/crypto.ts';

/** The version prefix of a share token; a later format takes another prefix and this one still reads. */
export const SHARE_VERSION = 'k1';
/** The fragment parameter that holds the token: `https://host/#share=k1.…`. */
export const SHARE_PARAM = 'share';
/**
 * Links up to this many characters pass through chat tools and issue trackers (Slack, Teams, GitHub
 * comments take far longer messages; Discord's 2,000-character message limit is the exception).
 * Items are included while the whole link stays within it, unless the sender asks for them anyway.
 */
export const CHAT_SAFE_LINK_CHARS = 8_000;
/**
 * The longest link a browser is sure to open: Firefox's default `network.standard-url.max-length`
 * (1 MiB); Chromium takes up to 2 MiB (`url::kMaxURLChars`). A longer design is shared as a file.
 */
export const BROWSER_LINK_CHARS = 1_048_576;

/** How the recipient's app recreates sample items the link leaves out (core/features/share/regenerate.ts). */
export interface RegenerateSpec {
  seed: number;
  /** Items per entity, as the sender's design had them. */
  counts: Record<string, number>;
  /** The generator's reference day (ISO date), so every recipient gets the same items. */
  refDate: string;
}

export interface SharePayload {
  design: Design;
  /** Present when the design's items were left out. */
  regenerate?: RegenerateSpec;
}

export interface EncodedShare {
  /** `k1.` and the base64url of the deflated payload. */
  token: string;
  /** Sample items in the link (0 when they regenerate). */
  includedItems: number;
  regenerate?: RegenerateSpec;
}

export interface EncodeOptions {
  /** Include items when the link (of `base` + token) stays within this many characters. */
  budget?: number;
  /** Characters of the link before the token (`https://host/#share=`), counted against the budget. */
  base?: string;
  /** Include the items whatever the budget (they still must fit BROWSER_LINK_CHARS). */
  forceItems?: boolean;
  seed?: number;
  /** The reference day for regenerated items; default today (UTC). */
  refDate?: Date;
}

export class ShareLinkError extends Error {
  override name = 'ShareLinkError';
}

/** The design as a share token: with its items if they fit, else with the settings that recreate them. */
export function encodeShare(design: Design, options: EncodeOptions = {}): EncodedShare {
  const { budget = CHAT_SAFE_LINK_CHARS, base = '', forceItems = false, seed = 1 } = options;
  const items = designItemCount(design);
  const full = encodePayload({ design });
  if (items === 0 || forceItems || base.length + full.length <= budget) {
    if (base.length + full.length > BROWSER_LINK_CHARS)
      throw new ShareLinkError(tooLongMessage(base.length + full.length));
    return { token: full, includedItems: items };
  }
  const counts: Record<string, number> = {};
  for (const [entity, samples] of Object.entries(design.items))
    if (samples.length) counts[entity] = samples.length;
  const regenerate: RegenerateSpec = { seed, counts, refDate: isoDay(options.refDate ?? new Date()) };
  const token = encodePayload({ design: { ...design, items: {} }, regenerate });
  if (base.length + token.length > BROWSER_LINK_CHARS)
    throw new ShareLinkError(tooLongMessage(base.length + token.length));
  return { token, includedItems: 0, regenerate };
}

function tooLongMessage(chars: number): string {
  return `the link would be ${chars.toLocaleString('en-US')} characters, more than the ${BROWSER_LINK_CHARS.toLocaleString('en-US')} a browser is sure to open: save the design as a file instead`;
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function encodePayload(payload: SharePayload): string {
  const json = stringifyExactJson(payload);
  const deflated = deflateSync(new TextEncoder().encode(json), { level: 9 });
  return `${SHARE_VERSION}.${toBase64Url(deflated)}`;
}

/** The payload of a share token; a ShareLinkError says what is wrong with a cut or altered one. */
export function decodeShare(token: string): SharePayload {
  const dot = token.indexOf('.');
  const version = dot < 0 ? token : token.slice(0, dot);
  if (dot < 0 || !/^k\d+$/.test(version))
    throw new ShareLinkError('this is not a Keyplan share link (its data does not start with "k1.")');
  if (version !== SHARE_VERSION)
    throw new ShareLinkError(
      `this share link is of a newer format (${version}) than this Keyplan reads (${SHARE_VERSION}): open it in a newer Keyplan`,
    );
  if (token.length > BROWSER_LINK_CHARS) throw new ShareLinkError(tooLongMessage(token.length));
  const body = token.slice(dot + 1);
  if (!/^[A-Za-z0-9_-]*$/.test(body))
    throw new ShareLinkError('the link holds characters a share link never has: it was altered on the way');
  let json: string;
  try {
    json = new TextDecoder('utf-8', { fatal: true }).decode(inflateBounded(fromBase64Url(body)));
  } catch (error) {
    if (error instanceof ShareLinkError) throw error;
    throw new ShareLinkError(
      `the link's data is damaged or cut short (${body.length.toLocaleString('en-US')} characters read): copy the whole link again`,
    );
  }
  let value: unknown;
  try {
    value = parseExactJson(json);
  } catch (error) {
    // Too deep to read is said as such (the limit named); any other failure is damage.
    if (error instanceof NestingTooDeepError) throw new ShareLinkError(error.message);
    throw new ShareLinkError("the link's data is damaged: it is not a design");
  }
  if (typeof value !== 'object' || value === null || !('design' in value))
    throw new ShareLinkError('the link holds no design');
  const { design, regenerate } = value as { design: unknown; regenerate?: unknown };
  const result = validateDesign(design);
  if (!result.ok) {
    const shown = result.problems.slice(0, 3).map((p) => `${p.path}: ${p.message}`);
    throw new ShareLinkError(`the shared design is not valid: ${shown.join('; ')}`);
  }
  if (regenerate === undefined) return { design: result.design };
  return { design: result.design, regenerate: checkRegenerate(regenerate, result.design) };
}

/** Input bytes inflated at a time: one push of them writes at most about a thousand times as many. */
const INFLATE_CHUNK_BYTES = 16 * 1024;

/**
 * The inflated bytes, refused (ShareLinkError naming the limit) as soon as they pass MAX_SHARED_DESIGN_BYTES:
 * the input goes in by chunks, so a bomb is stopped after one chunk's worth of output, not after all of it.
 * Throws fflate's error for damaged data, and an Error when the data ends before its last block.
 */
function inflateBounded(deflated: Uint8Array): Uint8Array {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let ended = false;
  const inflate = new Inflate((chunk, final) => {
    size += chunk.length;
    if (size > MAX_SHARED_DESIGN_BYTES)
      throw new ShareLinkError(
        `the link's design is more than ${MAX_SHARED_DESIGN_BYTES.toLocaleString('en-US')} bytes once unpacked, the most a shared design may be: save it as a file instead`,
      );
    chunks.push(chunk);
    ended ||= final;
  });
  for (let at = 0; at < deflated.length; at += INFLATE_CHUNK_BYTES) {
    const end = Math.min(at + INFLATE_CHUNK_BYTES, deflated.length);
    inflate.push(deflated.subarray(at, end), end === deflated.length);
  }
  if (deflated.length === 0 || !ended) throw new Error('the data ends before its last block');
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/**
 * A link's regenerate settings, checked against the design it came with before any item is generated: the
 * counts name entities of the design and add up to MAX_DESIGN_ITEMS at most, the most a design may hold.
 * The recipient's app generates what a link asks for, so a short link must not be able to ask for more.
 */
export function checkRegenerate(value: unknown, design: Design): RegenerateSpec {
  const spec = value as Partial<RegenerateSpec> | null;
  const ok =
    typeof spec === 'object' &&
    spec !== null &&
    Number.isInteger(spec.seed) &&
    typeof spec.refDate === 'string' &&
    !Number.isNaN(Date.parse(spec.refDate)) &&
    typeof spec.counts === 'object' &&
    spec.counts !== null &&
    !Array.isArray(spec.counts) &&
    Object.values(spec.counts).every((n) => Number.isSafeInteger(n) && n >= 0);
  if (!ok) throw new ShareLinkError('the link\'s "regenerate" settings are damaged');
  const counts = spec.counts as Record<string, number>;
  const names = new Set(design.entities.map((entity) => entity.name));
  const unknown = Object.keys(counts).find((name) => !names.has(name));
  if (unknown !== undefined)
    throw new ShareLinkError(
      `the link asks for items of ${JSON.stringify(unknown)}, which is not an entity of its design`,
    );
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  if (total > MAX_DESIGN_ITEMS)
    throw new ShareLinkError(
      `the link asks to generate ${total.toLocaleString('en-US')} sample items, ${ITEM_LIMIT_TEXT}`,
    );
  return spec as RegenerateSpec;
}

/** The share token in a URL fragment (`#share=k1.…`, with or without the `#`), or undefined. */
export function shareTokenOf(hash: string): string | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return params.get(SHARE_PARAM) ?? undefined;
}
