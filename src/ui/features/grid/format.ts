// How values read in grid cells: short, single-line, with the full form kept for tooltips and copying.

import type { JsonValue } from '../../../core/model/schema.ts';
import { isExactNumber, stringifyExactJson } from '../../../core/values/exact-json.ts';

/** `840 B`, `1.2 KB`, `3.4 MB` (DynamoDB counts KB as 1,024 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export type ValueKind = 'string' | 'number' | 'boolean' | 'null' | 'list' | 'map';

export function valueKind(value: JsonValue): ValueKind {
  if (value === null) return 'null';
  if (isExactNumber(value)) return 'number';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'object') return 'map';
  return typeof value as 'string' | 'number' | 'boolean';
}

/** The text a cell shows: scalars as they are (a number with all its digits), lists and maps as `[5]` and `{3}` badges. */
export function valueLabel(value: JsonValue): string {
  if (value === null) return 'null';
  if (isExactNumber(value)) return value.value;
  if (Array.isArray(value)) return `[${value.length}]`;
  if (typeof value === 'object') return `{${Object.keys(value).length}}`;
  return String(value);
}

/** The full value for a tooltip, capped so a huge map does not make a huge tooltip. */
export function valueTitle(value: JsonValue, max = 600): string {
  const text = typeof value === 'string' ? value : stringifyExactJson(value, 1);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Cuts the end of a long attribute value (keys are cut in the middle instead, see middleTruncate). */
export function endTruncate(text: string, maxChars: number): string {
  return text.length > maxChars ? `${text.slice(0, Math.max(0, maxChars - 1))}…` : text;
}

/** Character budget of a monospace cell of this width (12px monospace ≈ 7.3px a character). */
export function charsFor(width: number, padding = 18): number {
  return Math.max(4, Math.floor((width - padding) / 7.3));
}
