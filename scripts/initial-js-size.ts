// A Vite plugin that prints the JavaScript the first screen loads (the entry chunk and its static imports,
// gzipped) and fails the build when it passes the budget; lazy chunks such as Monaco do not count.
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

interface ChunkLike {
  type: 'chunk' | 'asset';
  isEntry?: boolean;
  imports?: string[];
  code?: string;
}

export function initialJsSize(budgetKb: number): Plugin {
  return {
    name: 'keyplan-initial-js-size',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = bundle as unknown as Record<string, ChunkLike>;
      const seen = new Set<string>();
      const visit = (file: string) => {
        const chunk = chunks[file];
        if (seen.has(file) || chunk?.type !== 'chunk') return;
        seen.add(file);
        for (const imported of chunk.imports ?? []) visit(imported);
      };
      for (const [file, chunk] of Object.entries(chunks))
        if (chunk.type === 'chunk' && chunk.isEntry) visit(file);
      const bytes = [...seen].reduce((sum, file) => sum + gzipSync(chunks[file].code ?? '').length, 0);
      const kb = bytes / 1024;
      const line = `Initial JS: ${kb.toFixed(1)} KB gzip in ${seen.size} chunk(s) (budget ${budgetKb} KB)`;
      if (kb > budgetKb) this.error(`${line}: over budget; load the heavy part lazily`);
      console.log(`\n${line}`);
    },
  };
}
