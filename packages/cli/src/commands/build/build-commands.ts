import { hash } from 'node:crypto';
import {
  type BuildStatus,
  buildStatus,
  buildStatusText,
  imageStates,
  type ReleaseSummary,
  releaseSummaryText,
  reviewImportText,
  runQuestionSteps,
  runRefineSteps,
  runRubricSteps,
  type StepReport,
  stepReport,
} from '@gamut/core';
import { buildStepRun, importReviewFile, type OpenBuild, writeRelease } from '@gamut/node';
import { renderText } from '../../render/text-blocks.js';
import { openProjectStore } from '../../store/open-store.js';
import { VERSION } from '../../version.js';
import { openBuildModel } from './build-model.js';
import { openBuildSearch } from './build-search.js';
import { openBuild, queueForReview } from './build-store.js';

/** `json`: `--json`; `log`: where progress and messages go (null keeps quiet); `store`: `--store`. */
export type Output = { json: boolean; log?: ((s: string) => void) | null; store?: string | undefined };

const sha256Hex = (text: string) => hash('sha256', text, 'hex');
const logOf = (out: Output) =>
  out.log === undefined ? (out.json ? null : (s: string) => process.stderr.write(s)) : out.log;
/** `--json` prints `json` on stdout; else `text` goes to the log. */
const emit = (out: Output, json: unknown, text: string, indent?: number) =>
  out.json ? process.stdout.write(`${JSON.stringify(json, null, indent)}\n`) : logOf(out)?.(text);
const steps = (build: OpenBuild, out: Output) => buildStepRun(build, logOf(out));
function report<R>(records: R[], r: StepReport, out: Output): R[] {
  emit(out, r.json, r.text, 2);
  return records;
}

/** Runs `fn` with the build's model behind the middleware, its store as the call cache; closes the store. */
async function withModel<T>(build: OpenBuild, fn: (m: Awaited<ReturnType<typeof openBuildModel>>) => Promise<T>) {
  const store = await openProjectStore(build.paths.root, build.paths.store);
  try {
    return await fn(await openBuildModel(build.config.model, store, build.paths.root));
  } finally {
    await store.close();
  }
}

/** `gamut build questions`: the model steps that can run now, then the status. */
export async function buildQuestions(dir: string, out: Output) {
  const build = await openBuild(dir, out);
  const states = await withModel(build, (model) => runQuestionSteps(steps(build, out), model));
  await queueForReview(build, states, new Date().toISOString());
  return print(buildStatus(build, states), out);
}

/** `gamut build rubrics`: evidence and a grounded, compiled meta-rubric for every selected question. */
export async function buildRubrics(dir: string, out: Output) {
  const build = await openBuild(dir, out);
  const search = { ...(await openBuildSearch(build)), sha256Hex };
  const records = await withModel(build, (model) =>
    runRubricSteps(steps(build, out), imageStates(build), { model, ...search }),
  );
  return report(records, stepReport(records, 'rubric'), out);
}

/** `gamut build refine`: audit, re-research and a verified superset, for each rubric due a pass. */
export async function buildRefine(dir: string, out: Output) {
  const build = await openBuild(dir, out);
  const search = { ...(await openBuildSearch(build, 'refresh')), sha256Hex };
  const records = await withModel(build, (model) => runRefineSteps(steps(build, out), { model, ...search }));
  // runRefineSteps appended its records to the open build, so the refined rubrics are queued for people.
  await queueForReview(build, imageStates(build), new Date().toISOString());
  return report(records, stepReport(records, 'refinement'), out);
}

/** `gamut build release`. */
export async function buildRelease(dir: string, output: string, out: Output): Promise<ReleaseSummary> {
  const now = new Date().toISOString();
  const summary = await writeRelease(await openBuild(dir, out), output, { now, toolkitVersion: VERSION });
  emit(out, summary, releaseSummaryText(summary), 2);
  return summary;
}

/** `gamut build status`. */
export async function showStatus(dir: string, out: Output): Promise<void> {
  const build = await openBuild(dir, out);
  print(buildStatus(build, imageStates(build)), out);
}

/** `gamut build review-import`: every line checked before any is appended (see importReviewFile). */
export async function importReviews(dir: string, file: string, out: Output) {
  const counts = await importReviewFile(await openBuild(dir, out), file, dir);
  emit(out, counts, reviewImportText(counts));
  return counts;
}

function print(status: BuildStatus, out: Output): BuildStatus {
  const text = `${renderText(buildStatusText(status))}\n`;
  if (out.json || out.log !== undefined) emit(out, status, text, 2);
  else process.stdout.write(text);
  return status;
}
