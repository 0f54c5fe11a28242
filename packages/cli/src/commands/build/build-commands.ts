import { hash } from 'node:crypto';
import { InputError, type Issue, rubricKey } from '@gamut/core';
import { readRecords } from '@gamut/node';
import { openProjectStore } from '../../store/open-store.js';
import { appendJsonl, type OpenBuild, openBuild } from './build-dir.js';
import { openBuildModel } from './build-model.js';
import { queueForReview } from './build-review.js';
import { openBuildSearch } from './build-search.js';
import { buildStatus, renderStatus } from './build-status.js';
import { imageStates, runQuestionSteps } from './run-questions.js';
import { runRefineSteps } from './run-refine.js';
import { runRubricSteps } from './run-rubrics.js';
import { parseReviewFile } from './scripted-reviews.js';
import { createStepProgress } from './step-progress.js';
import { type ReleaseSummary, writeRelease } from './write-release.js';

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
  const states = await withModel(build, (model) =>
    runQuestionSteps(build, model, createStepProgress(logOf(out)), nowIso),
  );
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
    runRubricSteps(build, imageStates(build), { model, ...search, sha256Hex }, createStepProgress(logOf(out)), nowIso),
  );
  return report(records, out, 'rubric');
}

/** `gamut build refine`: audit, re-research and a verified superset, for each rubric due a pass. */
export async function buildRefine(dir: string, out: Output) {
  const build = await openBuild(dir, out);
  const search = await openBuildSearch(build, 'refresh');
  const records = await withModel(build, (model) =>
    runRefineSteps(build, { model, ...search, sha256Hex }, createStepProgress(logOf(out)), nowIso),
  );
  // runRefineSteps appended its records to the open build, so the refined rubrics are queued for people.
  await queueForReview(build, imageStates(build), nowIso());
  return report(records, out, 'refinement');
}

/** `gamut build release`. */
export async function buildRelease(dir: string, output: string, out: Output): Promise<ReleaseSummary> {
  const summary = await writeRelease(await openBuild(dir), output, nowIso());
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
  const records = await readRecords(file);
  const { decisions, edits } = parseReviewFile(records);
  const candidates = new Set(imageStates(build).flatMap((s) => s.candidates.map((c) => c.id)));
  const issues: Issue[] = [];
  const at = (line: number | undefined) => ({ file, ...(line !== undefined && { line }) });
  for (const { value, line } of decisions) {
    if (!candidates.has(value.candidate)) {
      issues.push({
        rule: 'unknown-candidate',
        path: 'candidate',
        ...at(line),
        message: `no candidate "${value.candidate}" is under review in ${dir}; \`gamut build status ${dir}\` lists them`,
      });
    }
  }
  for (const { value, line } of edits) {
    if (build.records.get(rubricKey(value.question_id))?.status !== 'ok') {
      issues.push({
        rule: 'unknown-question',
        path: 'question_id',
        ...at(line),
        message: `question "${value.question_id}" has no drafted rubric in ${dir} to edit`,
      });
    }
  }
  if (issues.length) throw new InputError(issues.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)));
  for (const { value } of decisions) await appendJsonl(build.paths.reviews, value);
  for (const { value } of edits) await appendJsonl(build.paths.edits, value);
  const counts = { decisions: decisions.length, edits: edits.length };
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

function print(status: ReturnType<typeof buildStatus>, out: Output): void {
  if (out.json) process.stdout.write(`${JSON.stringify(status, null, 2)}\n`);
  else if (out.log !== undefined) out.log?.(renderStatus(status));
  else process.stdout.write(renderStatus(status));
}
