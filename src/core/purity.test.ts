// The core is shared by the SPA, the server and the CLI, so it imports no React, DOM-only, Node or AWS SDK
// module (generated programs name those modules as text: io/codegen/module-names.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CORE = fileURLToPath(new URL('.', import.meta.url));
const FORBIDDEN = /^(react|react-dom|node:.*|fs|path|os|child_process|@aws-sdk\/.*|@smithy\/.*|fastify.*)$/;
// Static `import … from 'x'`, `export … from 'x'`, the closing line of a multi-line import, and import('x').
const SPECIFIER =
  /(?:^\s*(?:import|export)\b[^'"]*?from\s*|^\s*\}\s*from\s*|^\s*import\s*|\bimport\(\s*)['"]([^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('src/core', () => {
  it('imports no React, Node or AWS SDK module', () => {
    const offending = sourceFiles(CORE).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(SPECIFIER)]
        .map((match) => match[1])
        .filter((specifier) => FORBIDDEN.test(specifier))
        .map((specifier) => `${relative(CORE, file)}: ${specifier}`),
    );
    expect(offending).toEqual([]);
  });
});
