// The functions generated TypeScript writes a key's values with, as Keyplan renders them (keys/template.ts):
// a number in plain digits as DynamoDB keeps it (`1e21` → `1000000000000000000000`, `1.50` → `1.5`, `-0` →
// `0`), and zero padding that keeps the sign in front. The codegen modules and the ElectroDB and
// DynamoDB-Toolbox modules write the same ones.

/**
 * The helpers by name, in the order a module declares them. `numberValue`: the module imports the AWS SDK's
 * NumberValue (a number with more digits than a double), which is a number too.
 */
export function numberTextHelpers(numberValue: boolean): [name: string, code: string][] {
  const isNumber = `typeof value === 'number'${numberValue ? ' || value instanceof NumberValue' : ''}`;
  return [
    [
      'plainNumber',
      `/** A number's text as DynamoDB keeps it: all its digits, no exponent or trailing zeros, 0 for -0. */
function plainNumber(text: string): string {
  const match = /^([+-]?)(\\d*)(?:\\.(\\d*))?(?:[eE]([+-]?\\d+))?$/.exec(text.trim());
  if (!match || !(match[2] || match[3])) return text;
  const [, sign, integer, fraction = '', exponent = '0'] = match;
  const all = integer + fraction;
  const digits = all.replace(/^0+/, '').replace(/0+$/, '');
  if (!digits) return '0';
  const point = integer.length - (all.length - all.replace(/^0+/, '').length) + Number(exponent);
  const plain =
    point <= 0
      ? \`0.\${'0'.repeat(-point)}\${digits}\`
      : point >= digits.length
        ? digits + '0'.repeat(point - digits.length)
        : \`\${digits.slice(0, point)}.\${digits.slice(point)}\`;
  return sign === '-' ? \`-\${plain}\` : plain;
}`,
    ],
    [
      'keyText',
      `/** A value in a key as Keyplan writes it: a number in plain digits (1e21 is 1000000000000000000000). */
function keyText(value: unknown): string {
  if (${isNumber}) return plainNumber(String(value));
  return String(value);
}`,
    ],
    [
      'padNumber',
      `/**
 * {name:width} in a key template, as Keyplan pads: one leading '-' stays in front, the part before the
 * first '.' is zero-padded (in UTF-16 code units), the rest is kept.
 */
function padNumber(value: unknown, width: number): string {
  const text = keyText(value);
  const sign = text.startsWith('-') ? '-' : '';
  const unsigned = text.slice(sign.length);
  const dot = unsigned.indexOf('.');
  const integer = dot < 0 ? unsigned : unsigned.slice(0, dot);
  return sign + integer.padStart(width, '0') + (dot < 0 ? '' : unsigned.slice(dot));
}`,
    ],
  ];
}

/** The helpers each helper calls. */
export const NUMBER_TEXT_NEEDS: Readonly<Record<string, readonly string[]>> = {
  padNumber: ['keyText'],
  keyText: ['plainNumber'],
};
