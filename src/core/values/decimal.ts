// Numbers as DynamoDB holds them, up to 38 digits: parsed exactly into digits and an exponent, and written
// back in its plain form. Apart from compare.ts and exact-json.ts, which both need it, so neither imports the
// other for it.

/** A JSON number, a numeric string, or an ExactNumber (read through its digits, so no import of it). */
export type DecimalInput = string | number | { readonly value: string };

/** A decimal as 0.DIGITS × 10^exponent, digits without leading or trailing zeros (empty for zero). */
export interface Decimal {
  sign: -1 | 0 | 1;
  digits: string;
  exponent: number;
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** Parses a JSON number, an ExactNumber or a numeric string exactly; undefined when it is not a number. */
export function parseDecimal(value: DecimalInput): Decimal | undefined {
  const text =
    typeof value === 'number'
      ? Number.isFinite(value)
        ? String(value)
        : ''
      : typeof value === 'object'
        ? value.value
        : value;
  const match = DECIMAL.exec(text);
  if (!match || (!match[2] && !match[3])) return undefined;
  const integer = match[2];
  const all = integer + (match[3] ?? '');
  const leading = all.length - all.replace(/^0+/, '').length;
  const digits = all.slice(leading).replace(/0+$/, '');
  if (!digits) return { sign: 0, digits: '', exponent: 0 };
  const exponent = integer.length - leading + Number(match[4] ?? 0);
  return { sign: match[1] === '-' ? -1 : 1, digits, exponent };
}

/** A number in plain decimal notation as DynamoDB returns it: `1.50` → `1.5`, `1e3` → `1000`. */
export function canonicalNumber(value: DecimalInput): string {
  const decimal = parseDecimal(value);
  if (!decimal || decimal.sign === 0) return '0';
  const { digits, exponent } = decimal;
  let text: string;
  if (exponent <= 0) text = `0.${'0'.repeat(-exponent)}${digits}`;
  else if (exponent >= digits.length) text = digits + '0'.repeat(exponent - digits.length);
  else text = `${digits.slice(0, exponent)}.${digits.slice(exponent)}`;
  return decimal.sign < 0 ? `-${text}` : text;
}
