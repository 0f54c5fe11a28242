import { hash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { type PreviousRelease, planRelease, type ReleaseSummary } from '@gamut/core';
import { toJsonl, writeFileAtomic } from '../files/atomic-write.js';
import type { OpenBuild } from './build-dir.js';

const sha256Hex = (text: string) => hash('sha256', text, 'hex');

/**
 * Writes core's release plan into the dataset folder: the images, then the files, release.json
 * last; a release already in the folder is the previous version and its CHANGELOG.md is kept.
 */
export async function writeRelease(
  build: OpenBuild,
  out: string,
  o: { now: string; toolkitVersion: string },
): Promise<ReleaseSummary> {
  const dir = resolve(out);
  const at = (name: string) => join(dir, name);
  const previous = existsSync(at('release.json'))
    ? (JSON.parse(await readFile(at('release.json'), 'utf8')) as PreviousRelease)
    : null;
  const history = existsSync(at('CHANGELOG.md')) ? await readFile(at('CHANGELOG.md'), 'utf8') : '';
  const plan = planRelease(build, { ...o, previous, history, sha256Hex, fileName: basename });
  await mkdir(at('images'), { recursive: true });
  for (const image of plan.images) await copyFile(image.from, at(image.to));
  await writeFileAtomic(at('meta-rubrics.jsonl'), toJsonl(plan.metas));
  await writeFileAtomic(at('rubrics.jsonl'), toJsonl(plan.rubrics));
  await writeFileAtomic(at('snippets.jsonl'), toJsonl(plan.snippets));
  await writeFileAtomic(at('dropped.jsonl'), toJsonl(plan.dropped));
  await writeFileAtomic(at('overlay.jsonl'), toJsonl(plan.overlay));
  await writeFileAtomic(at('agreement.json'), `${JSON.stringify(plan.agreement, null, 2)}\n`);
  await writeFileAtomic(at('CHANGELOG.md'), plan.changelogMd);
  await writeFileAtomic(at('release.json'), `${JSON.stringify(plan.manifest, null, 2)}\n`);
  const { version, ...rest } = plan.summary;
  return { version, output: dir, ...rest };
}
