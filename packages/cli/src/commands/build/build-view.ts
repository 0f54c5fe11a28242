import { hash } from 'node:crypto';
import { buildItemContent } from '@gamut/core';
import { buildReviewOwner, imageDataUrl, type ReviewBackend } from '@gamut/node';
import { openProjectStore } from '../../store/open-store.js';
import { NO_RUN, openBuild } from './build-store.js';

const sha256Hex = (text: string) => hash('sha256', text, 'hex');

/**
 * `gamut view <dir>` on a build: the build's store (or --store) under the build id, and each
 * item's content read from the build as it stands, so an edit shows at once; null when `dir`
 * is not a build directory.
 */
export async function openBuildView(dir: string, o: { cwd: string; store?: string }): Promise<ReviewBackend | null> {
  const owner = await buildReviewOwner(dir);
  if (owner === null) return null;
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
      buildItemContent(await openBuild(dir), queue, payload, { sha256Hex, dataUrl: imageDataUrl }),
  };
}
