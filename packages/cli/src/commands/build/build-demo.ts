import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { InputError } from '@gamut/core';
import { initBuild } from '@gamut/node';
import { assetDirs } from '../../io/package-assets.js';
import { VERSION } from '../../version.js';
import { buildQuestions, buildRefine, buildRelease, buildRubrics, type Output } from './build-commands.js';
import { addScriptedPeople, importScriptedReviews } from './scripted-reviews.js';

/** The bundled build data: `fixtures/build` in a checkout, `dist/assets/demo/build` once installed. */
export function locateBuildData(): string {
  const dirs = assetDirs('fixtures/build', 'demo/build');
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
 * `gamut build demo`: the whole pipeline on the bundled data, offline: the scripted model replays
 * recorded replies, the scripted reviewers' decisions and edits are appended between steps as
 * review events in the build's store (as `gamut review import` would append them), and a release is written with a run config that grades it with the offline judge.
 */
export async function runBuildDemo(outDir: string, options: { json: boolean }): Promise<void> {
  const data = locateBuildData();
  const out = resolve(outDir);
  const dir = join(out, 'build');
  // The demo's own build folder is remade on every run; anything else there is left alone.
  if (existsSync(join(dir, 'manifest.json'))) await rm(dir, { recursive: true, force: true });
  const log = options.json ? null : (s: string) => process.stderr.write(s);
  const quiet: Output = { json: false, log };
  const say = (s: string) => log?.(`\n== ${s}\n`);
  say('init');
  await initBuild({
    dir,
    images: join(data, 'images.jsonl'),
    model: `mock:${join(data, 'replies.jsonl')}`,
    search: `local:${join(data, 'documents')}`,
    annotators: ['ann-a', 'ann-b'],
    adjudicator: 'adj',
    now: new Date().toISOString(),
    toolkitVersion: VERSION,
  });
  await addScriptedPeople(dir);
  const review = async (file: string) => {
    const n = await importScriptedReviews(dir, join(data, file));
    log?.(`${n} review event(s) from ${file}\n`);
  };
  const status = () => buildQuestions(dir, quiet);
  say('questions: round-1 candidates');
  await status();
  say('review: round 1 (two annotators, one adjudication)');
  await review('reviews-round1.jsonl');
  say('questions: filter, revisions and new candidates');
  await status();
  say('review: round 2');
  await review('reviews-round2.jsonl');
  say('questions: filter and pick');
  await status();
  say('rubrics: evidence from the local documents, grounded drafts');
  await buildRubrics(dir, quiet);
  say('refine: audit, re-research, verified superset');
  await buildRefine(dir, quiet);
  say('rubric revision: round 1 edits');
  await review('edits-round1.jsonl');
  say('refine: second pass over the edited rubrics');
  await buildRefine(dir, quiet);
  say('release');
  const dataset = join(out, 'dataset');
  const summary = await buildRelease(dir, dataset, { json: options.json, log });
  await writeFile(
    join(out, 'run.yaml'),
    [
      '# gamut run run.yaml: the released dataset answered by a mock model, graded by the offline judge',
      "# against the released compiled rubrics, the reviewers' edits applied",
      'name: build-demo',
      'dataset: dataset/meta-rubrics.jsonl',
      'rubrics: dataset/rubrics.jsonl',
      'models:',
      '  - mock:judge',
      'judges:',
      '  - offline',
      'output: runs/build-demo',
      '',
    ].join('\n'),
  );
  log?.(`\nrelease v${summary.version} in ${dataset}; grade it with: gamut run ${join(out, 'run.yaml')}\n`);
}
