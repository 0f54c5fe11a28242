import { hash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { buildItemContent } from '@gamut/core';
import type { ReviewBackend } from '@gamut/node';
import { IMAGE_TYPES } from '@gamut/node';
import { openProjectStore } from '../../store/open-store.js';
import { openBuild } from './build-dir.js';
import { type BuildReviewOwner, buildReviewOwner, NO_RUN } from './build-review.js';

const sha256Hex = (text: string) => hash('sha256', text, 'hex');
/** Images above this are named by path rather than sent. */
const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** `gamut view <dir>` on a build: its review backend, or null when `dir` is not a build directory. */
export async function openBuildView(
  dir: string,
  where: { cwd: string; store?: string },
): Promise<ReviewBackend | null> {
  const owner = await buildReviewOwner(dir);
  return owner ? openBuildReviewBackend(owner, dir, where) : null;
}

/**
 * The review backend of `gamut view <build-dir>`: the build's store (or --store) under the build
 * id, and each item's content read from the build as it stands, so an edit shows at once.
 */
export async function openBuildReviewBackend(
  owner: BuildReviewOwner,
  dir: string,
  o: { cwd: string; store?: string },
): Promise<ReviewBackend> {
  const store =
    o.store === undefined
      ? await openProjectStore(owner.paths.root, owner.paths.store)
      : await openProjectStore(o.cwd, o.store);
  return {
    ownerId: owner.ownerId,
    owner: 'build',
    runDir: dir,
    run: NO_RUN,
    store,
    itemContent: async (queue, payload) =>
      buildItemContent(await openBuild(dir), queue, payload, { sha256Hex, dataUrl }),
  };
}

async function dataUrl(file: string): Promise<string | null> {
  const type = IMAGE_TYPES[extname(file).toLowerCase()];
  // SVG can carry script: never inlined.
  if (!type || type === 'image/svg+xml') return null;
  const size = await stat(file).then(
    (s) => s.size,
    () => null,
  );
  if (size === null || size > MAX_IMAGE_BYTES) return null;
  return `data:${type};base64,${(await readFile(file)).toString('base64')}`;
}
