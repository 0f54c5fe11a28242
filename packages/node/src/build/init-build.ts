import { hash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, resolve } from 'node:path';
import {
  BUILD_TEMPLATES,
  BuildConfig,
  BuildImage,
  type BuildManifest,
  defaultImageId,
  InputError,
  type Issue,
} from '@gamut/core';
import { toJsonl, writeFileAtomic } from '../files/atomic-write.js';
import { readLocatedRecords } from '../files/read-records.js';
import { buildPaths } from './build-dir.js';

export interface InitBuildOptions {
  dir: string;
  images: string;
  model: string;
  search: string;
  seed?: number;
  annotators?: string[];
  adjudicator?: string;
  /** ISO 8601 time recorded in the manifest. */
  now: string;
  /** The toolkit's version, recorded in the manifest. */
  toolkitVersion: string;
}

/**
 * Makes a build directory from an images file: every line validated (all problems listed with
 * file, line and rule), ids given to lines without one, local image paths resolved and checked,
 * then images.jsonl, build.json and, last, manifest.json (a directory without it is no build).
 */
export async function initBuild(options: InitBuildOptions): Promise<{ manifest: BuildManifest; images: BuildImage[] }> {
  const paths = buildPaths(options.dir);
  if (existsSync(paths.manifest)) {
    throw new InputError({
      rule: 'build-exists',
      file: paths.manifest,
      message: `${options.dir} is already a build; continue it with \`gamut build questions ${options.dir}\` or pick another directory`,
    });
  }
  const located = await readLocatedRecords(options.images, BuildImage);
  const issues: Issue[] = [];
  const seen = new Map<string, number>();
  const images: BuildImage[] = located.map(({ value, line }, i) => {
    const id = value.id ?? defaultImageId(line ?? i + 1);
    const at = { file: options.images, ...(line !== undefined && { line }) };
    const first = seen.get(id);
    if (first !== undefined) {
      issues.push({
        rule: 'duplicate-image',
        path: 'id',
        message: `image id "${id}" is already used on line ${first}`,
        ...at,
      });
    } else seen.set(id, line ?? i + 1);
    const image = value.image === undefined ? undefined : imageLocation(value.image, options.images);
    if (image !== undefined && !/^https?:/.test(image) && !existsSync(image)) {
      issues.push({ rule: 'image-missing', path: 'image', message: `no image at ${image}`, ...at });
    }
    return { ...value, id, ...(image !== undefined && { image }) };
  });
  if (images.length === 0)
    issues.push({ rule: 'no-images', file: options.images, message: 'the images file has no lines' });
  if (issues.length) throw new InputError(issues);
  const config = BuildConfig.parse({
    model: absoluteSpec(options.model, 'mock:'),
    search: absoluteSpec(options.search, 'local:'),
    ...(options.seed !== undefined && { seed: options.seed }),
    ...(options.annotators !== undefined && { annotators: options.annotators }),
    ...(options.adjudicator !== undefined && { adjudicator: options.adjudicator }),
  });
  await mkdir(paths.root, { recursive: true });
  const imagesText = toJsonl(images);
  await writeFileAtomic(paths.images, imagesText);
  await writeFileAtomic(paths.config, `${JSON.stringify(config, null, 2)}\n`);
  const manifest: BuildManifest = {
    build_id: basename(paths.root),
    toolkit_version: options.toolkitVersion,
    created_at: options.now,
    images_file: resolve(options.images),
    images_hash: hash('sha256', imagesText, 'hex'),
    templates: BUILD_TEMPLATES.map(({ name, version, sha256 }) => ({ name, version, sha256 })),
    config,
  };
  await writeFile(paths.manifest, `${JSON.stringify(manifest, null, 2)}\n`);
  return { manifest, images };
}

/** A URL stays as it is; a path is taken relative to the images file. */
function imageLocation(image: string, imagesFile: string): string {
  if (/^(https?|data):/.test(image)) return image;
  return isAbsolute(image) ? image : resolve(dirname(imagesFile), image);
}

/** A `mock:<file>` or `local:<folder>` spec with its path made absolute, so the build works from any directory. */
function absoluteSpec(spec: string, prefix: 'mock:' | 'local:'): string {
  if (!spec.startsWith(prefix)) return spec;
  const path = spec.slice(prefix.length);
  if (prefix === 'mock:' && !path.endsWith('.jsonl')) return spec;
  return `${prefix}${resolve(path)}`;
}
