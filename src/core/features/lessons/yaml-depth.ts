// How deep a YAML text nests its collections, read from the yaml package's concrete syntax tree: its
// parser keeps a stack of its own (no recursion), while composing the document recurses, so a lesson of
// a million `[` (or of deeper and deeper indentation) is measured here and refused by parse.ts before
// composing runs out of stack. The walk keeps its own stack too.
import { type CST, Parser } from 'yaml';

const COLLECTIONS = new Set(['block-map', 'block-seq', 'flow-collection']);

/** Whether a YAML text nests maps and sequences (block or flow) deeper than `limit`. */
export function yamlNestsDeeperThan(text: string, limit: number): boolean {
  for (const document of new Parser().parse(text)) {
    const stack: [CST.Token | undefined, number][] = [[document, 0]];
    while (stack.length > 0) {
      const [token, outer] = stack.pop() as [CST.Token | undefined, number];
      if (!token) continue;
      const depth = COLLECTIONS.has(token.type) ? outer + 1 : outer;
      if (depth > limit) return true;
      if ('value' in token && typeof token.value === 'object') stack.push([token.value, depth]);
      if ('items' in token)
        for (const item of token.items) {
          if ('key' in item && item.key) stack.push([item.key, depth]);
          if ('value' in item) stack.push([item.value, depth]);
        }
    }
  }
  return false;
}
