import type { AskResult, StepRecord } from '@gamut/core';

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
