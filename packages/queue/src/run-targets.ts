import { Check, type JudgeTarget, Language } from '@gamut/core';
import type { Redis } from 'ioredis';
import { z } from 'zod';

/**
 * The run's questions and checks, for workers on other machines: the store
 * keeps answers and verdicts, not rubrics, so the coordinator publishes each
 * question's target once, under the run, before its first check is queued.
 */
const QueuedTarget = z.object({
  questionId: z.string().min(1),
  question: z.string(),
  textOnlyQuestion: z.string().optional(),
  entity: z.string().optional(),
  image: z.string().optional(),
  language: Language,
  checks: z.array(Check),
});

// Kept a week after the last question was published, so an interrupted run can be resumed later.
const TTL_SECONDS = 7 * 24 * 3600;

export function runTargetsKey(runId: string): string {
  return `gamut:run-targets:${runId}`;
}

export async function publishTarget(redis: Redis, runId: string, target: JudgeTarget): Promise<void> {
  const key = runTargetsKey(runId);
  await redis.multi().hset(key, target.questionId, JSON.stringify(target)).expire(key, TTL_SECONDS).exec();
}

export async function readTarget(redis: Redis, runId: string, questionId: string): Promise<JudgeTarget | undefined> {
  const raw = await redis.hget(runTargetsKey(runId), questionId);
  if (raw === null) return undefined;
  return QueuedTarget.parse(JSON.parse(raw)) as JudgeTarget;
}

export async function dropTargets(redis: Redis, runId: string): Promise<void> {
  await redis.del(runTargetsKey(runId));
}
