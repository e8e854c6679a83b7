// A small pretty-printer for generated code: a group (call arguments, a dict, an object, an `&` chain)
// stays on one line when it fits, else puts one item per line, as Black and Prettier format code.

export type Doc = string | Group | Concat;

export interface Group {
  kind: 'group';
  open: string;
  close: string;
  items: Doc[];
  /** Open and close on one line (default: open and close). */
  flatOpen?: string;
  flatClose?: string;
  /** Between items on one line (default `, `). */
  separator?: string;
  /** Before every item but the first when broken (`& ` for a chain). */
  lead?: string;
  /** After every item when broken (default `,`). */
  trailing?: string;
  /** The whole group on one line, when that is not its items joined (a string split in pieces). */
  flatText?: string;
}

export interface Concat {
  kind: 'concat';
  parts: Doc[];
}

export interface LayoutOptions {
  width: number;
  /** One indentation step. */
  step: string;
}

export function group(open: string, items: Doc[], close: string, options: Partial<Group> = {}): Group {
  return { kind: 'group', open, close, items, ...options };
}

export function concat(...parts: Doc[]): Concat {
  return { kind: 'concat', parts };
}

/** The doc on one line; undefined when some part must stay on lines of its own. */
export function flat(doc: Doc): string | undefined {
  if (typeof doc === 'string') return doc.includes('\n') ? undefined : doc;
  if (doc.kind === 'concat') {
    const parts = doc.parts.map(flat);
    return parts.some((p) => p === undefined) ? undefined : parts.join('');
  }
  if (doc.flatText !== undefined) return doc.flatText;
  const items = doc.items.map(flat);
  if (items.some((item) => item === undefined)) return undefined;
  return `${doc.flatOpen ?? doc.open}${items.join(doc.separator ?? ', ')}${doc.flatClose ?? doc.close}`;
}

/**
 * The doc written at `indent`, starting at `column` on its first line, with `trail` characters still to
 * come after it on its last line.
 */
export function layout(
  doc: Doc,
  options: LayoutOptions,
  indent = '',
  column = indent.length,
  trail = 0,
): string {
  const one = flat(doc);
  if (one !== undefined && column + one.length + trail <= options.width) return one;
  if (typeof doc === 'string') return doc;
  if (doc.kind === 'concat') {
    // The last part that can break does; what follows it stays on its closing line (`new X({ … })`).
    const breakable = doc.parts.findLastIndex((part) => typeof part !== 'string');
    if (breakable < 0) return doc.parts.join('');
    const head = doc.parts
      .slice(0, breakable)
      .map((part) => flat(part) ?? layout(part, options, indent, column));
    const tail = doc.parts.slice(breakable + 1).map((part) => flat(part) ?? '');
    const text = head.join('');
    const rest = tail.join('');
    const lastLine = text.slice(text.lastIndexOf('\n') + 1);
    const start = text.includes('\n') ? lastLine.length : column + text.length;
    return text + layout(doc.parts[breakable], options, indent, start, rest.length + trail) + rest;
  }
  const inner = indent + options.step;
  const trailing = doc.trailing ?? ',';
  const lines = doc.items.map((item, i) => {
    const lead = i > 0 ? (doc.lead ?? '') : '';
    const text = layout(item, options, inner, inner.length + lead.length, trailing.length);
    return `${inner}${lead}${text}${trailing}`;
  });
  return `${doc.open}\n${lines.join('\n')}\n${indent}${doc.close}`;
}
