// Writes the README's generated parts from the code they describe: the Security section's threat list and limits table
// from LIMITS (server/security-doc.ts). Run `npm run docs` after changing a limit; a test fails while the
// README is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { withSecurityDoc } from '../server/security-doc.ts';

const readme = new URL('../README.md', import.meta.url);
const before = readFileSync(readme, 'utf8');
const after = withSecurityDoc(before);
if (after === before) console.log('README.md is current');
else {
  writeFileSync(readme, after);
  console.log(`wrote ${readme.pathname}`);
}
