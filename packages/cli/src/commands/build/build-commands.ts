import { hash } from 'node:crypto';
import {
  type BuildStatus,
  buildStatus,
  buildStatusText,
  checkReviewFile,
  createStepProgress,
  imageStates,
  parseReviewFile,
  type ReleaseSummary,
  runQuestionSteps,
  runRefineSteps,
  runRubricSteps,
  type StepRun,
} from '@gamut/core';
import { appendJsonl, type OpenBuild, readRecords, writeRelease } from '@gamut/node';
import { renderText } from '../../render/text-blocks.js';
import { openProjectStore } from '../../store/open-store.js';
import { VERSION } from '../../version.js';
import { openBuildModel } from './build-model.js';
import { openBuildSearch } from './build-search.js';
import { openBuild, queueForReview } from './build-store.js';

export interface Output {
  json: boolean;
  /** Where progress and messages go; null keeps quiet. */
  log?: ((s: string) => void) | null;
  /** `--store`: where the build's store is, instead of the build directory. */
  store?: string;
}

const sha256Hex = (text: string) => hash('sha256', text, 'hex');
const nowIso = () => new Date().toISOString();
const logOf = (out: Output) =>
  out.log === undefined ? (out.json ? null : (s: string) => process.stderr.write(s)) : out.log;

/** A batch of steps over the build: each finished step appended to steps.jsonl, progress on the log. */
const stepRun = (build: OpenBuild, out: Output): StepRun => ({
  build,
  append: (record) => appendJsonl(build.paths.steps, record),
  progress: createStepProgress(logOf(out), Date.now),
  now: nowIso,
});

/** Runs `fn` with the build's model behind the middleware, its store as the call cache; closes the store. */
async function withModel<T>(
  build: OpenBuild,
  fn: (model: Awaited<ReturnType<typeof openBuildModel>>) => Promise<T>,
): Promise<T> {
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
  const states = await withModel(build, (model) => runQuestionSteps(stepRun(build, out), model));
  await queueForReview(build, states, nowIso());
  const status = buildStatus(build, states);
  print(status, out);
  return status;
}

/** `gamut build rubrics`: evidence and a grounded, compiled meta-rubric for every selected question. */
export async function buildRubrics(dir: string, out: Output) {
  const build = await openBuild(dir, out);
  const search = await openBuildSearch(build);
  const records = await withModel(build, (model) =>
    runRubricSteps(stepRun(build, out), imageStates(build), { model, ...search, sha256Hex }),
  );
  return report(records, out, 'rubric');
}

/** `gamut build refine`: audit, re-research and a verified superset, for each rubric due a pass. */
export async function buildRefine(dir: string, out: Output) {
  const build = await openBuild(dir, out);
  const search = await openBuildSearch(build, 'refresh');
  const records = await withModel(build, (model) =>
    runRefineSteps(stepRun(build, out), { model, ...search, sha256Hex }),
  );
  // runRefineSteps appended its records to the open build, so the refined rubrics are queued for people.
  await queueForReview(build, imageStates(build), nowIso());
  return report(records, out, 'refinement');
}

/** `gamut build release`. */
export async function buildRelease(dir: string, output: string, out: Output): Promise<ReleaseSummary> {
  const summary = await writeRelease(await openBuild(dir), output, { now: nowIso(), toolkitVersion: VERSION });
  if (out.json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  else {
    logOf(out)?.(
      `release v${summary.version}: ${summary.questions} question(s), ${summary.checks} checks, ${summary.dropped.length} dropped, ${summary.stale_edits} stale edit(s) → ${summary.output}\n${summary.changelog.map((l) => `  ${l}\n`).join('')}`,
    );
  }
  return summary;
}

/** `gamut build status`. */
export async function showStatus(dir: string, out: Output): Promise<void> {
  const build = await openBuild(dir);
  print(buildStatus(build, imageStates(build)), out);
}

/**
 * `gamut build review-import`: question-review decisions and rubric edits (told apart by `op`),
 * every line validated (all problems at once, nothing stored on one), each naming a candidate
 * under review or a drafted question; then appended.
 */
export async function importReviews(
  dir: string,
  file: string,
  out: Output,
): Promise<{ decisions: number; edits: number }> {
  const build = await openBuild(dir);
  const review = parseReviewFile(await readRecords(file));
  checkReviewFile(build, imageStates(build), review, { file, dir });
  for (const { value } of review.decisions) await appendJsonl(build.paths.reviews, value);
  for (const { value } of review.edits) await appendJsonl(build.paths.edits, value);
  const counts = { decisions: review.decisions.length, edits: review.edits.length };
  if (out.json) process.stdout.write(`${JSON.stringify(counts)}\n`);
  else logOf(out)?.(`imported ${counts.decisions} decision(s) and ${counts.edits} rubric edit(s)\n`);
  return counts;
}

function report(records: ReadonlyArray<{ key: string; status: string; failure?: string }>, out: Output, what: string) {
  const failed = records.filter((r) => r.status === 'failed');
  if (out.json)
    process.stdout.write(
      `${JSON.stringify({ steps: records.length, failed: failed.map((r) => ({ key: r.key, failure: r.failure })) }, null, 2)}\n`,
    );
  else logOf(out)?.(`${records.length} ${what} step(s), ${failed.length} failed\n`);
  return records;
}

function print(status: BuildStatus, out: Output): void {
  const text = `${renderText(buildStatusText(status))}\n`;
  if (out.json) process.stdout.write(`${JSON.stringify(status, null, 2)}\n`);
  else if (out.log !== undefined) out.log?.(text);
  else process.stdout.write(text);
}
