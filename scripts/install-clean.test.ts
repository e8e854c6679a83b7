// `npm install` must print nothing a user has to investigate (#10). npm warns about two things a lockfile
// decides: a package whose `engines.node` excludes the Node we support, and a dependency's install script
// that the project has not approved. Both are read here from package-lock.json, the file `npm ci` installs.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(resolve(root, 'package-lock.json'), 'utf8'));
const packages = Object.entries(lock.packages as Record<string, Record<string, unknown>>).filter(
  ([path]) => path !== '',
);
const nameOf = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);

describe('npm install on a supported Node', () => {
  it('installs no package whose engines exclude the oldest Node the project supports', () => {
    const oldest = semver.minVersion(manifest.engines.node)!.version;
    const excluded = packages
      .filter(([, entry]) => {
        const range = (entry.engines as { node?: string } | undefined)?.node;
        return range !== undefined && !semver.satisfies(oldest, range);
      })
      .map(
        ([path, entry]) =>
          `${nameOf(path)}@${entry.version} needs node ${(entry.engines as { node: string }).node}`,
      );
    expect(excluded, `on Node ${oldest}`).toEqual([]);
  });

  it('has approved every install script a dependency runs', () => {
    const approved = manifest.allowScripts ?? {};
    const unapproved = packages
      .filter(([path, entry]) => entry.hasInstallScript && approved[nameOf(path)] !== true)
      .map(([path]) => nameOf(path));
    expect(unapproved).toEqual([]);
  });
});
