import { checkReviewFile, createStepProgress, imageStates, parseReviewFile, type StepRun } from '@gamut/core';
import { readRecords } from '../files/read-records.js';
import { appendJsonl, type OpenBuild } from './build-dir.js';

/** A batch of steps over the build: each finished step appended to steps.jsonl, progress on `log`. */
export function buildStepRun(build: OpenBuild, log: ((s: string) => void) | null): StepRun {
  return {
    build,
    append: (record) => appendJsonl(build.paths.steps, record),
    progress: createStepProgress(log, Date.now),
    now: () => new Date().toISOString(),
  };
}

/**
 * A review-import file's question decisions and rubric edits (told apart by `op`), every line
 * validated (all problems at once, nothing stored on one), each naming a candidate under review or a
 * drafted question; then appended to the build. `dir` is the build as the user named it, for errors.
 */
export async function importReviewFile(
  build: OpenBuild,
  file: string,
  dir: string,
): Promise<{ decisions: number; edits: number }> {
  const review = parseReviewFile(await readRecords(file));
  checkReviewFile(build, imageStates(build), review, { file, dir });
  for (const { value } of review.decisions) await appendJsonl(build.paths.reviews, value);
  for (const { value } of review.edits) await appendJsonl(build.paths.edits, value);
  return { decisions: review.decisions.length, edits: review.edits.length };
}
