import { hash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  InputError,
  type JudgeModel,
  type ModelCallOptions,
  type ModelCallResult,
  parseValidRecords,
  ReplayLine,
  taskKeyOf,
} from '@gamut/core';
import { readRecords } from '../files/read-records.js';

/** Whether a model spec names a replies file (`mock:<file>.jsonl`): the scripted model of offline builds. */
export function isReplaySpec(spec: string): boolean {
  return spec.startsWith('mock:') && spec.endsWith('.jsonl');
}

/**
 * The scripted model: replays recorded replies by the `Task:` line of a build prompt and the
 * attempt (1 + the replies already in the conversation). A call it has no reply for is an error
 * naming the key, so a replies file that falls behind the pipeline says where.
 */
export async function createReplayModel(spec: string, baseDir: string): Promise<JudgeModel> {
  const file = resolve(baseDir, spec.slice('mock:'.length));
  const text = await readFile(file, 'utf8');
  const replies = new Map<string, string>();
  for (const { value } of parseValidRecords(await readRecords(file), ReplayLine)) {
    replies.set(
      `${value.key}#${value.attempt}`,
      typeof value.reply === 'string' ? value.reply : JSON.stringify(value.reply),
    );
  }
  return {
    specificationVersion: 'gamut-v1',
    provider: 'mock',
    // The file's hash is part of the model id, so the call cache never serves a reply the file no longer has.
    modelId: `replay-${hash('sha256', text, 'hex').slice(0, 16)}`,
    async doGenerate(call: ModelCallOptions): Promise<ModelCallResult> {
      const first = call.messages[0]?.content.map((p) => (p.type === 'text' ? p.text : '')).join('\n') ?? '';
      const key = taskKeyOf(first);
      const attempt = 1 + call.messages.filter((m) => m.role === 'assistant').length;
      const reply = key === undefined ? undefined : replies.get(`${key}#${attempt}`);
      if (reply === undefined) {
        throw new InputError({
          rule: 'replay-missing',
          file,
          message: `no recorded reply for ${key ?? 'a call without a Task line'} (attempt ${attempt}); add a line {"key": "${key}", "attempt": ${attempt}, "reply": …}`,
        });
      }
      const prompt = [call.system ?? '', first].join('\n');
      return {
        text: reply,
        usage: {
          inputTokens: Math.ceil(prompt.length / 4),
          outputTokens: Math.ceil(reply.length / 4),
          cachedInputTokens: 0,
        },
        finishReason: 'stop',
        responseId: `replay-${key}-${attempt}`,
      };
    },
  };
}
