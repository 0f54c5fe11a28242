import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { IMAGE_TYPES } from '../server/images.js';

/** Images above this are named by path rather than sent. */
const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** A local image as a data URL for the review page; null for SVG (it can carry script), a missing or too large file. */
export async function imageDataUrl(file: string): Promise<string | null> {
  const type = IMAGE_TYPES[extname(file).toLowerCase()];
  if (!type || type === 'image/svg+xml') return null;
  const size = await stat(file).then(
    (s) => s.size,
    () => null,
  );
  if (size === null || size > MAX_IMAGE_BYTES) return null;
  return `data:${type};base64,${(await readFile(file)).toString('base64')}`;
}
