import type { LanguageModelV3 } from '@ai-sdk/provider';
import { redactSecrets } from '../redact.js';

type GenerateResult = Awaited<ReturnType<LanguageModelV3['doGenerate']>>;

/** Raw provider JSON, walked defensively: every field may be absent. */
type Json = Record<string, unknown> | undefined;

const obj = (v: unknown): Json => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * Names a refusal or a safety block, in the provider's terms. The AI SDK
 * maps all of them to the finish reason `content-filter` and passes a
 * refusal's words on as reply text; the raw body says which it was:
 * - OpenAI Chat Completions (and compatible servers): `message.refusal`, or `finish_reason: content_filter`
 * - OpenAI Responses: a `refusal` content part, or `incomplete_details.reason: content_filter`
 * - Anthropic: `stop_reason: refusal`, with `stop_details` when the API gives them
 * - Gemini: `promptFeedback.blockReason` with no candidate (the prompt was blocked), or a
 *   candidate's `finishReason` SAFETY, RECITATION, PROHIBITED_CONTENT, BLOCKLIST, SPII, IMAGE_SAFETY
 */
export function refusalOf(result: GenerateResult, label: string): string | undefined {
  if (result.finishReason.unified !== 'content-filter') return undefined;
  const body = obj(result.response?.body);
  const reason =
    fromBody(body) ?? `${label}: the reply was blocked (finish reason ${result.finishReason.raw ?? 'content-filter'})`;
  return redactSecrets(reason);
}

function fromBody(body: Json): string | undefined {
  if (body === undefined) return undefined;
  const candidates = Array.isArray(body.candidates) ? body.candidates : undefined;
  const promptFeedback = obj(body.promptFeedback);
  if (promptFeedback !== undefined || candidates !== undefined) {
    const finish = str(obj(candidates?.[0])?.finishReason);
    const blocked = str(promptFeedback?.blockReason);
    if (finish === undefined && blocked !== undefined) {
      const message = str(promptFeedback?.blockReasonMessage);
      return `Gemini blocked the prompt: ${blocked}${message === undefined ? '' : ` (${message})`}`;
    }
    const message = str(obj(candidates?.[0])?.finishMessage);
    return `Gemini blocked the reply: ${finish ?? 'content filter'}${message === undefined ? '' : ` (${message})`}`;
  }
  if (body.stop_reason === 'refusal') {
    const details = obj(body.stop_details);
    const explanation = str(details?.explanation);
    const category = str(details?.category);
    const why = explanation ?? (category === undefined ? 'stop_reason refusal' : `category ${category}`);
    return `Anthropic refusal: ${why}`;
  }
  if (Array.isArray(body.choices)) {
    const choice = obj(body.choices[0]);
    const refusal = str(obj(choice?.message)?.refusal);
    if (refusal !== undefined) return `OpenAI refusal: ${refusal}`;
    return `OpenAI content filter blocked the reply (finish_reason ${str(choice?.finish_reason) ?? 'content_filter'})`;
  }
  if (Array.isArray(body.output)) {
    for (const item of body.output) {
      const content = obj(item)?.content;
      if (!Array.isArray(content)) continue;
      for (const part of content) {
        const p = obj(part);
        if (p?.type === 'refusal') return `OpenAI refusal: ${str(p.refusal) ?? '(no words given)'}`;
      }
    }
    const incomplete = str(obj(body.incomplete_details)?.reason);
    return `OpenAI content filter blocked the reply (${incomplete ?? 'content_filter'})`;
  }
  return undefined;
}
