// An argument's example value as the input shows it and back: numbers for N attributes, booleans for BOOL,
// a comma-separated list for a list (a transaction that writes several items), text otherwise. A number
// that does not parse stays text, so the evaluator names the bad argument instead of the input losing it.
import type { ArgumentValue, AttributeType } from '../../../core/model/schema.ts';

export function argumentText(value: ArgumentValue | undefined): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

function scalar(text: string, type: AttributeType | undefined): string | number | boolean {
  if ((type === 'N' || type === 'NS') && text.trim() !== '' && Number.isFinite(Number(text)))
    return Number(text);
  if (type === 'BOOL' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** Undefined for an empty input: the argument has no example value. */
export function argumentFromText(
  text: string,
  type: AttributeType | undefined,
  previous: ArgumentValue | undefined,
): ArgumentValue | undefined {
  if (text === '') return undefined;
  if (Array.isArray(previous) || type === 'SS' || type === 'NS') {
    const members = text
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .map((part) => scalar(part, type));
    return members.filter((m): m is string | number => typeof m !== 'boolean');
  }
  return scalar(text, type);
}
