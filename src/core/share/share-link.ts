// A design as a link, with no server: the design (and its sample items while they fit) as exact JSON,
// deflated (fflate, the same code in the browser and Node), in base64url after a version prefix. The app puts
// it in the URL fragment (`#share=k1.…`), which browsers never send to a server. When the items would make
// the link too long for chat tools, the link carries the generator settings that recreate items instead
// (the same count per entity, from a seed and a reference day): the recipient sees generated items, not the
// sender's own.
import { deflateSync, inflateSync } from 'fflate';
import { fromBase64Url, toBase64Url } from '../live/crypto.ts';
import { designItemCount } from '../model/design-limits.ts';
import { parseExactJson, stringifyExactJson } from '../model/exact-json.ts';
import type { Design } from '../model/schema.ts';
import { validateDesign } from '../model/validate.ts';

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

/** How the recipient's app recreates sample items the link leaves out (core/share/regenerate.ts). */
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
  const body = token.slice(dot + 1);
  if (!/^[A-Za-z0-9_-]*$/.test(body))
    throw new ShareLinkError('the link holds characters a share link never has: it was altered on the way');
  let json: string;
  try {
    json = new TextDecoder('utf-8', { fatal: true }).decode(inflateSync(fromBase64Url(body)));
  } catch {
    throw new ShareLinkError(
      `the link's data is damaged or cut short (${body.length.toLocaleString('en-US')} characters read): copy the whole link again`,
    );
  }
  let value: unknown;
  try {
    value = parseExactJson(json);
  } catch {
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
  return { design: result.design, regenerate: checkRegenerate(regenerate) };
}

function checkRegenerate(value: unknown): RegenerateSpec {
  const spec = value as Partial<RegenerateSpec> | null;
  const ok =
    typeof spec === 'object' &&
    spec !== null &&
    Number.isInteger(spec.seed) &&
    typeof spec.refDate === 'string' &&
    !Number.isNaN(Date.parse(spec.refDate)) &&
    typeof spec.counts === 'object' &&
    spec.counts !== null &&
    Object.values(spec.counts).every((n) => Number.isInteger(n) && n >= 0);
  if (!ok) throw new ShareLinkError('the link\'s "regenerate" settings are damaged');
  return spec as RegenerateSpec;
}

/** The share token in a URL fragment (`#share=k1.…`, with or without the `#`), or undefined. */
export function shareTokenOf(hash: string): string | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return params.get(SHARE_PARAM) ?? undefined;
}
