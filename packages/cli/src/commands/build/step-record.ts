import type { AskResult, StepRecord } from '@gamut/core';
import { appendJsonl, type OpenBuild } from './build-dir.js';
import type { StepProgress } from './step-progress.js';

/** The record of an LLM step: what identifies it, every reply, and what it produced (null when it failed). */
export function stepRecord(
  head: Pick<StepRecord, 'key' | 'step' | 'subject' | 'template' | 'model' | 'at'>,
  result: AskResult<unknown>,
  produced: unknown,
): StepRecord {
  return {
    ...head,
    status: result.status,
    attempts: result.attempts,
    produced: result.status === 'ok' ? produced : null,
    ...(result.status === 'failed' && { failure: result.failure }),
  };
}

/** Keeps a finished step: appended to the build's step log, remembered, and shown in the progress. */
export async function keepStep(build: OpenBuild, progress: StepProgress, record: StepRecord): Promise<void> {
  await appendJsonl(build.paths.steps, record);
  build.records.set(record.key, record);
  progress.step(record);
}
