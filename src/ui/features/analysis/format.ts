// How the Cost tab writes money, sizes and rates, and reads the rate a user types. No cost math here: the
// figures come from the core's costModel and estimates.
import type { AccessPattern } from '../../../core/model/schema.ts';

export type PatternRate = NonNullable<AccessPattern['rate']>;
export type RateUnit = 'second' | 'day';

/** `$0`, `$0.0042`, `$1.64`, `$12,345.60`: cents from a cent up, two significant digits below it. */
export function formatUsd(dollars: number): string {
  if (dollars === 0) return '$0';
  if (dollars < 0.01) return `$${Number(dollars.toPrecision(2))}`;
  return `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** `86 B`, `1.2 KB`, `3.4 MB`, `1.25 GB` (1 KB = 1,024 bytes, as DynamoDB counts). */
export function formatStorage(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${Math.round(value)} B`;
  return `${value.toLocaleString('en-US', { maximumFractionDigits: value < 10 ? 2 : value < 100 ? 1 : 0 })} ${units[unit]}`;
}

/** A count in words people read at a glance: `950`, `12.5K`, `3.2M`, `1.1B`. */
export function formatCount(n: number): string {
  if (n < 1000) return n.toLocaleString('en-US', { maximumFractionDigits: 2 });
  const steps: [number, string][] = [
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ];
  for (const [size, suffix] of steps)
    if (n >= size) return `${Number((n / size).toPrecision(3)).toLocaleString('en-US')}${suffix}`;
  return String(n);
}

/** The unit a pattern's rate is entered in: per day when it says so, per second otherwise. */
export function rateUnit(rate: PatternRate | undefined): RateUnit {
  return rate?.perDay !== undefined && rate.perSecond === undefined ? 'day' : 'second';
}

/** The number shown in the rate field, in its unit; empty without a rate. */
export function rateText(rate: PatternRate | undefined): string {
  const value = rateUnit(rate) === 'day' ? rate?.perDay : rate?.perSecond;
  return value === undefined ? '' : String(value);
}

/**
 * The rate a typed number means in a unit: empty removes the rate; anything else must be a number ≥ 0
 * (commas and spaces as thousands separators are accepted).
 */
export function parseRate(
  text: string,
  unit: RateUnit,
): { rate: PatternRate | undefined } | { error: string } {
  const trimmed = text.trim().replace(/[,\s_]/g, '');
  if (trimmed === '') return { rate: undefined };
  const value = Number(trimmed);
  if (!Number.isFinite(value) || value < 0) return { error: 'a number of calls, 0 or more' };
  return { rate: unit === 'day' ? { perDay: value } : { perSecond: value } };
}

/**
 * An item count as typed: `1000000`, `1,000,000`, `2.5M`, `10k`, `1e6`; empty removes it. Whole numbers
 * only, 0 or more.
 */
export function parseCount(text: string): { count: number | undefined } | { error: string } {
  const trimmed = text.trim().replace(/[,\s_]/g, '');
  if (trimmed === '') return { count: undefined };
  const match = /^(\d+(?:\.\d+)?(?:e\d+)?)([kmb])?$/i.exec(trimmed);
  const scale = { k: 1e3, m: 1e6, b: 1e9 }[(match?.[2] ?? '').toLowerCase()] ?? 1;
  const value = match ? Number(match[1]) * scale : Number.NaN;
  if (!Number.isFinite(value) || value < 0) return { error: 'a number of items, such as 250000 or 2.5M' };
  if (!Number.isInteger(value)) return { error: 'a whole number of items' };
  return { count: value };
}
