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

const TARGETS_KEPT = 20_000;

/**
 * A worker's reader of published questions: each is read and checked once
 * (a question has many checks), then served from memory; the oldest are
 * forgotten past a bound so a long-lived worker stays small.
 */
export function targetReader(redis: Redis): (runId: string, questionId: string) => Promise<JudgeTarget | undefined> {
  const kept = new Map<string, Promise<JudgeTarget | undefined>>();
  return (runId, questionId) => {
    const key = `${runId}\u0000${questionId}`;
    let t = kept.get(key);
    if (!t) {
      t = readTarget(redis, runId, questionId);
      kept.set(key, t);
      // Not found yet is not remembered; nor is a failed read.
      t.then((v) => v === undefined && kept.delete(key)).catch(() => kept.delete(key));
      if (kept.size > TARGETS_KEPT) kept.delete(kept.keys().next().value!);
    }
    return t;
  };
}
