import { join } from 'node:path';
import { BUILD_DEMO_STEPS, demoDoneText, demoHeading, demoReviewText } from '@gamut/core';
import { checkDemoStore, findBuildData, initDemoBuild, writeDemoRunConfig } from '@gamut/node';
import { assetDirs } from '../../io/package-assets.js';
import { openProjectStore, storeFile } from '../../store/open-store.js';
import { VERSION } from '../../version.js';
import { buildQuestions, buildRefine, buildRelease, buildRubrics, type Output } from './build-commands.js';
import { addScriptedPeople, importScriptedReviews } from './scripted-reviews.js';

/** The bundled build data: `fixtures/build` in a checkout, `dist/assets/demo/build` once installed. */
export const locateBuildData = () => findBuildData(assetDirs('fixtures/build', 'demo/build'));

/**
 * `gamut build demo`: the whole pipeline on the bundled data, offline: the scripted model replays
 * recorded replies, the scripted reviewers' decisions and edits are appended between steps as review
 * events in the build's store or `--store`'s (as `gamut review import` would), and a release is
 * written with a run config that grades it with the offline judge.
 */
export async function runBuildDemo(outDir: string, options: Output): Promise<void> {
  const data = locateBuildData();
  const log = options.json ? null : (s: string) => process.stderr.write(s);
  const quiet: Output = { ...options, json: false, log };
  if (options.store !== undefined) await checkStore(outDir, options.store);
  log?.(demoHeading('init'));
  const { out, dir, dataset } = await initDemoBuild(outDir, data, VERSION);
  await addScriptedPeople(dir, options.store);
  for (const step of BUILD_DEMO_STEPS) {
    log?.(demoHeading(step.say));
    if (step.run !== 'review')
      await { questions: buildQuestions, rubrics: buildRubrics, refine: buildRefine }[step.run](dir, quiet);
    else {
      const n = await importScriptedReviews(dir, join(data, step.file), options.store);
      log?.(demoReviewText(n, step.file));
    }
  }
  log?.(demoHeading('release'));
  const summary = await buildRelease(dir, dataset, { ...options, log });
  const runYaml = await writeDemoRunConfig(out);
  log?.(demoDoneText(summary.version, dataset, runYaml));
}

/** `--store` opened only to see that it holds no earlier demo's reviews (see `checkDemoStore`). */
async function checkStore(outDir: string, store: string): Promise<void> {
  const s = await openProjectStore(process.cwd(), store);
  await checkDemoStore(s, outDir, storeFile(process.cwd(), store)).finally(() => s.close());
}
