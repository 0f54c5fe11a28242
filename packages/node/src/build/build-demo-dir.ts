import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { BUILD_DEMO_RUN_YAML, InputError } from '@gamut/core';
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

/**
 * A fresh demo build in `outDir/build` over the bundled `data`: the scripted model, the local
 * documents, two annotators and an adjudicator. Returns the demo's folders.
 */
export async function initDemoBuild(outDir: string, data: string, toolkitVersion: string) {
  const out = resolve(outDir);
  const dir = join(out, 'build');
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
  return { out, dir, dataset: join(out, 'dataset') };
}

/** Writes the demo's run.yaml beside its release; returns its path. */
export async function writeDemoRunConfig(out: string): Promise<string> {
  const file = join(out, 'run.yaml');
  await writeFile(file, BUILD_DEMO_RUN_YAML);
  return file;
}
