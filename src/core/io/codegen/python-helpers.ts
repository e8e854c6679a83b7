// The private helpers of a generated Python module, each written only when some function uses it.
import type { PythonUses } from './python-values.ts';

const HELPERS: [name: string, code: string][] = [
  [
    '_number',
    `def _number(value: Number | None) -> Decimal | None:
    # Through str, so that 19.95 stays 19.95 and not the float's binary approximation.
    return None if value is None else Decimal(str(value))`,
  ],
  [
    '_numbers',
    `def _numbers(values: Any) -> set[Decimal] | None:
    return None if values is None else {Decimal(str(value)) for value in values}`,
  ],
  [
    '_set',
    `def _set(values: Any) -> set | None:
    # A set attribute must be a Python set: boto3 writes a list as a list (L), not as a set.
    return None if values is None else set(values)`,
  ],
  [
    '_text',
    `def _text(value: Any) -> str:
    """A value in a key as Keyplan writes it: true and false in lower case, a number in plain digits.

    A number has all its digits and no exponent or trailing zeros (1E+21 is 1000000000000000000000,
    Decimal('1.50') is 1.5, -0 is 0); a float is written through its shortest text, as JavaScript does.
    """
    if isinstance(value, bool):
        return str(value).lower()
    if not isinstance(value, (int, float, Decimal)):
        return str(value)
    number = Decimal(str(value))
    if number.is_zero():
        return '0'
    text = format(number, 'f')
    return text.rstrip('0').rstrip('.') if '.' in text else text`,
  ],
  [
    '_pad',
    `def _pad(value: Any, width: int) -> str:
    """{name:width} in a key template, as Keyplan pads: one leading '-' kept in front, the part before the
    first '.' zero-padded to width UTF-16 code units (JavaScript's count: an emoji is 2), the rest kept."""
    text = _text(value)
    sign = '-' if text.startswith('-') else ''
    integer, dot, rest = text[len(sign):].partition('.')
    units = len(integer.encode('utf-16-le')) // 2
    return sign + '0' * (width - units) + integer + dot + rest`,
  ],
  [
    '_has',
    `def _has(*values: Any) -> bool:
    """True when all are given: a key missing one is left out (sparse index)."""
    return all(value is not None and value != '' for value in values)`,
  ],
  [
    '_paging',
    `def _paging(limit: int | None, exclusive_start_key: dict | None) -> dict:
    """Limit and ExclusiveStartKey, when given."""
    params: dict[str, Any] = {}
    if limit is not None:
        params['Limit'] = limit
    if exclusive_start_key is not None:
        params['ExclusiveStartKey'] = exclusive_start_key
    return params`,
  ],
  [
    '_unique_keys',
    `def _unique_keys(keys: list[dict]) -> list[dict]:
    """The keys without repeats, in order: BatchGetItem rejects a key given twice."""
    unique: dict[tuple, dict] = {}
    for key in keys:
        unique.setdefault(tuple(sorted(key.items())), key)
    return list(unique.values())`,
  ],
];

/** The helpers a helper calls. */
const NEEDS: Record<string, string[]> = { _pad: ['_text'] };

export function pythonHelpers(uses: PythonUses): string[] {
  const needed = new Set(uses.helpers);
  for (const name of needed) for (const other of NEEDS[name] ?? []) needed.add(other);
  return HELPERS.filter(([name]) => needed.has(name)).map(([, code]) => code);
}
