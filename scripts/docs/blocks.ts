// A docs page's generated blocks: each sits between two markers that name it and what it is written from,
// and `npm run docs` rewrites what is between them, leaving the page's prose as it is.

export interface GeneratedBlock {
  /** The marker's name: `<!-- generated:NAME:start … -->`. */
  name: string;
  /** What it is written from, as the marker says it to the reader. */
  source: string;
  render: () => string;
}

export const startMarker = (block: GeneratedBlock) =>
  `<!-- generated:${block.name}:start (written by \`npm run docs\` from ${block.source}; edit that, not this) -->`;
export const endMarker = (block: GeneratedBlock) => `<!-- generated:${block.name}:end -->`;

/** `text` with the block's content written anew between its markers; a page without them is an error. */
export function withBlock(text: string, block: GeneratedBlock, page: string): string {
  const start = text.indexOf(`<!-- generated:${block.name}:start`);
  const startEnd = text.indexOf('-->', start);
  const end = text.indexOf(endMarker(block));
  if (start < 0 || end < startEnd) throw new Error(`${page} lacks the markers of the ${block.name} block`);
  return `${text.slice(0, start)}${startMarker(block)}\n${block.render()}\n${text.slice(end)}`;
}

/** A Markdown table cell: pipes escaped, lines joined, so any text fits one row. */
export const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, '; ');

/** A Markdown table from a header and rows. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, header.map(() => '---'), ...rows]
    .map((row) => `| ${row.map(cell).join(' | ')} |`)
    .join('\n');
}
