import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import type { QuestionDetail } from '@gamut/core';
import { resolveInside } from './safe-path.js';

export const IMAGE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
};

/**
 * Data URLs for the questions' images that live inside the run directory and
 * are small enough to embed (per image and in total); others are left out and
 * the report names the path instead. SVG is never embedded: it can carry script.
 */
export async function embeddableImages(
  runDir: string,
  questions: readonly QuestionDetail[],
  limits: { perImage?: number; total?: number } = {},
): Promise<Record<string, string>> {
  const perImage = limits.perImage ?? 256 * 1024;
  let budget = limits.total ?? 8 * 1024 * 1024;
  const out: Record<string, string> = {};
  for (const q of questions) {
    if (!q.image || out[q.image]) continue;
    const type = IMAGE_TYPES[extname(q.image).toLowerCase()];
    if (!type || type === 'image/svg+xml') continue;
    const file = await resolveInside(runDir, q.image);
    if (!file) continue;
    const bytes = await readFile(file);
    if (bytes.length > perImage || bytes.length > budget) continue;
    budget -= bytes.length;
    out[q.image] = `data:${type};base64,${bytes.toString('base64')}`;
  }
  return out;
}
