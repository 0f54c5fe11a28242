import { sha256Hex } from '@gamut/core';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { safeJson } from './safe-json.js';

/** The Redis hash listing every judge queue (field: queue name), which workers poll. */
export const JUDGE_QUEUES_KEY = 'gamut:judge-queues';

/** What a worker needs to serve a judge queue: which judge, and its rate limit. */
export const JudgeQueueMeta = z
  .object({
    judge: z.string().min(1).describe('The judge spec the queue is for, e.g. openai:gpt-4.1'),
    rpm: z.number().int().positive().nullable().describe('Requests per minute across all workers, or null'),
  })
  .describe('A judge queue as listed for workers');
export type JudgeQueueMeta = z.infer<typeof JudgeQueueMeta>;

/**
 * One queue per judge spec (a provider and its model), so each has its own
 * limiter. BullMQ forbids `:` in names: the spec is kept readable and a hash
 * of it keeps two specs that read alike apart.
 */
export function judgeQueueName(spec: string): string {
  const readable = spec.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60);
  return `gamut.judge.${readable}.${sha256Hex(spec).slice(0, 8)}`;
}

export async function listJudgeQueue(redis: Redis, meta: JudgeQueueMeta): Promise<string> {
  const name = judgeQueueName(meta.judge);
  await redis.hset(JUDGE_QUEUES_KEY, name, JSON.stringify(meta));
  return name;
}

/** Every judge queue listed; an entry that does not parse (another version's) is left out. */
export async function judgeQueues(redis: Redis): Promise<Map<string, JudgeQueueMeta>> {
  const out = new Map<string, JudgeQueueMeta>();
  for (const [name, raw] of Object.entries(await redis.hgetall(JUDGE_QUEUES_KEY))) {
    const parsed = JudgeQueueMeta.safeParse(safeJson(raw));
    if (parsed.success) out.set(name, parsed.data);
  }
  return out;
}
