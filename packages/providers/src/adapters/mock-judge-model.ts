import { createHash } from 'node:crypto';
import { type JudgeModel, type ModelCallOptions, type ModelCallResult, VERDICTS } from '@gamut/core';
import { systemClock } from '../middleware/clock.js';
import { ProviderCallError } from '../provider-call-error.js';

/**
 * What `mock:<mode>[@<latency ms>]` does. Any other mode name behaves like `judge`.
 * - `judge`: a valid verdict derived from a hash of the prompt (deterministic)
 * - `garbage`: prose, never JSON; `off-menu`: verdict "pass"
 * - `fenced`: valid JSON in a code fence with chatter around it (repairable)
 * - `flaky`: garbage on the first try, valid once the error is fed back
 * - `error`: HTTP 503 every time; `unauthorized`: HTTP 401
 */
export const MOCK_MODES = ['judge', 'garbage', 'off-menu', 'fenced', 'flaky', 'error', 'unauthorized'] as const;

/** A deterministic in-process model for end-to-end tests without a network. */
export function createMockJudgeModel(name: string): JudgeModel {
  const [mode = 'judge', latency] = name.split('@');
  const latencyMs = Number.parseInt(latency ?? '0', 10) || 0;
  const label = `mock:${name}`;
  return {
    specificationVersion: 'gamut-v1',
    provider: 'mock',
    modelId: name,
    async doGenerate(call: ModelCallOptions): Promise<ModelCallResult> {
      if (latencyMs > 0) await systemClock.sleep(latencyMs, call.abortSignal);
      if (mode === 'error' || mode === 'unauthorized') {
        const status = mode === 'error' ? 503 : 401;
        throw new ProviderCallError(`${label}: HTTP ${status}: mock failure`, {
          kind: 'http',
          provider: label,
          status,
          retryable: status === 503,
          raw: '{"error":{"message":"mock failure"}}',
        });
      }
      const prompt = promptText(call);
      const retried = call.messages.length > 1;
      const text = reply(mode, prompt, call, retried);
      return {
        text,
        usage: {
          inputTokens: Math.ceil(prompt.length / 4),
          outputTokens: Math.ceil(text.length / 4),
          cachedInputTokens: 0,
        },
        finishReason: 'stop',
        responseId: `mock-${hash(prompt).toString('hex').slice(0, 12)}`,
      };
    },
  };
}

function reply(mode: string, prompt: string, call: ModelCallOptions, retried: boolean): string {
  if (mode === 'garbage' || (mode === 'flaky' && !retried)) return 'I think the answer is mostly fine.';
  const ids = batchIds(call);
  const body =
    ids === undefined
      ? verdictFor(prompt, mode)
      : { verdicts: ids.map((id) => ({ check_id: id, ...verdictFor(`${prompt}\n${id}`, mode) })) };
  const json = JSON.stringify(body);
  return mode === 'fenced' ? `Sure, here is the grade:\n\`\`\`json\n${json}\n\`\`\`\nLet me know.` : json;
}

function verdictFor(seed: string, mode: string) {
  const h = hash(seed);
  const verdict = mode === 'off-menu' ? 'pass' : VERDICTS[(h[0] as number) % VERDICTS.length];
  return { rationale: `mock rationale ${h.toString('hex').slice(0, 8)}`, quote: null, verdict };
}

/** The check ids a batched call lists in its schema. */
function batchIds(call: ModelCallOptions): string[] | undefined {
  const schema = call.responseFormat?.schema as
    | { properties?: { verdicts?: { items?: { properties?: { check_id?: { enum?: string[] } } } } } }
    | undefined;
  return schema?.properties?.verdicts?.items?.properties?.check_id?.enum;
}

function promptText(call: ModelCallOptions): string {
  const parts = [call.system ?? ''];
  for (const m of call.messages) for (const p of m.content) parts.push(p.type === 'text' ? p.text : '[image]');
  return parts.join('\n');
}

function hash(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
