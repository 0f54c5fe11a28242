import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The gamut package's own folder. Every module sits two levels below it: `src/<folder>/` when
 * run from source, `dist/<folder>/` as tsc writes it, and `dist/bundle/` once bundled.
 */
const PACKAGE_DIR = fileURLToPath(new URL('../../', import.meta.url));

/** In a checkout of the repository the package is `packages/cli`; installed it is `node_modules/gamut`. */
const REPO_DIR = basename(dirname(PACKAGE_DIR)) === 'packages' ? dirname(dirname(PACKAGE_DIR)) : null;

/** Where `scripts/bundle.mjs` copies the data and the web app that `gamut` ships. */
export const SHIPPED_ASSETS_DIR = join(PACKAGE_DIR, 'dist', 'assets');

/**
 * The folders an asset may be in, best first: in a checkout, the repository's own copy (the
 * source of truth, fresh without a rebuild); then the copy shipped in `dist/assets`.
 */
export function assetDirs(inRepo: string, shipped: string): string[] {
  const dirs = REPO_DIR ? [join(REPO_DIR, inRepo)] : [];
  dirs.push(join(SHIPPED_ASSETS_DIR, shipped));
  return dirs;
}
