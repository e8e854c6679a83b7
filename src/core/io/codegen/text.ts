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
  return `${startsWithVowelSound(name) ? 'an' : 'a'} ${name}`;
}

// "a User", "a Unit" (a "you" sound: U, consonant, vowel) but "an Update", "an Order".
function startsWithVowelSound(name: string): boolean {
  if (/^u[b-df-hj-np-tv-z][aeiou]/i.test(name)) return false;
  return /^[aeiou]/i.test(name);
}

/** What a put helper does: one PutItem, or with item copies one TransactWriteItems of the item and its copies. */
export function putDoc(entity: Entity): string {
  const copies = entity.copies ?? [];
  if (copies.length === 0)
    return `Writes ${article(entity.name)}, replacing any item with its key; returns the item written.`;
  const names = copies.map((c) => c.name).join(', ');
  return `Writes ${article(entity.name)} and its copies (${names}) in one TransactWriteItems, replacing any items with their keys; returns the ${entity.name}'s own item.`;
}

/** What a transaction does; for a write of an entity with item copies, which items it writes. */
export function transactionDoc(request: {
  actions: { entity: { entity: Entity }; copy?: { name: string } }[];
  copiesOf?: string;
}): string {
  const all = 'all or nothing (TransactionCanceledException when a condition fails).';
  if (!request.copiesOf) return `TransactWriteItems: ${all}`;
  const [own, ...copies] = request.actions;
  const names = copies.map((a) => a.copy?.name).join(', ');
  return `${request.copiesOf} of ${article(own.entity.entity.name)} and its copies (${names}) in one TransactWriteItems: ${all}`;
}
