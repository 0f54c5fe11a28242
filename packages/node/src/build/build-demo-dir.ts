import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { BUILD_DEMO_RUN_YAML, InputError, type RunStore } from '@gamut/core';
import { initBuild } from './init-build.js';

/** The first of `dirs` holding the bundled build data (images.jsonl). */
export function findBuildData(dirs: readonly string[]): string {
  const found = dirs.find((d) => existsSync(join(d, 'images.jsonl')));
  if (found === undefined) {
    throw new InputError({
      rule: 'demo-data-missing',
      message: `the bundled build data (images.jsonl) is in none of ${dirs.join(', ')}; in a checkout run \`npm run build\`, else reinstall gamut`,
    });
  }
  return found;
}

/** The demo's folders under `outDir`: the build (its name is the build's id) and the released dataset. */
export function demoDirs(outDir: string) {
  const out = resolve(outDir);
  return { out, dir: join(out, 'build'), dataset: join(out, 'dataset') };
}

/**
 * A fresh demo build in `outDir/build` over the bundled `data`: the scripted model, the local
 * documents, two annotators and an adjudicator. Returns the demo's folders.
 */
export async function initDemoBuild(outDir: string, data: string, toolkitVersion: string) {
  const dirs = demoDirs(outDir);
  const { dir } = dirs;
  // The demo's own build folder is remade on every run; anything else there is left alone.
  if (existsSync(join(dir, 'manifest.json'))) await rm(dir, { recursive: true, force: true });
  await initBuild({
    dir,
    images: join(data, 'images.jsonl'),
    model: `mock:${join(data, 'replies.jsonl')}`,
    search: `local:${join(data, 'documents')}`,
    annotators: ['ann-a', 'ann-b'],
    adjudicator: 'adj',
    now: new Date().toISOString(),
    toolkitVersion,
  });
  return dirs;
}

/**
 * The demo's reviews start from nothing. Its own store is remade with its build folder; a store
 * given elsewhere (`where`, as messages name it) is not, so one holding people, queues or events of
 * a build by the demo's name (an earlier demo's, or someone's build) is refused before anything is
 * written, the earlier demo's folder included.
 */
export async function checkDemoStore(store: RunStore, outDir: string, where: string): Promise<void> {
  const { dir } = demoDirs(outDir);
  const owner = basename(dir);
  const [people, queues, events] = await Promise.all([
    store.listAnnotators(owner),
    store.listReviewQueues(owner),
    store.listReviewEvents(owner),
  ]);
  if (people.length + queues.length + events.length === 0) return;
  throw new InputError({
    rule: 'store-in-use',
    file: where,
    message:
      `already holds people, queues or events of build ${owner} (an earlier demo's, or a build of that name); ` +
      `the demo starts from nothing: pass --store a new folder or database, or leave --store out to keep it in ${dir}`,
  });
}

/** Writes the demo's run.yaml beside its release; returns its path. */
export async function writeDemoRunConfig(out: string): Promise<string> {
  const file = join(out, 'run.yaml');
  await writeFile(file, BUILD_DEMO_RUN_YAML);
  return file;
}
