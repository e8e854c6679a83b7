// Prose in generated code: comments and docstrings wrapped to the line width, sentences, articles.
import type { Entity } from '../../model/schema.ts';

/** Words wrapped to lines of at most `width` characters. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

export function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** `an Order`, `a User`. */
export function article(name: string): string {
  return `${/^[AEIOU]/i.test(name) ? 'an' : 'a'} ${name}`;
}

/** What a put_ helper leaves out for an entity with item copies. */
export function copiesNote(entity: Entity): string {
  const copies = entity.copies ?? [];
  return copies.length === 0
    ? ''
    : ` Only ${article(entity.name)}'s own item: its copies (${copies.map((c) => c.name).join(', ')}) are not written.`;
}
