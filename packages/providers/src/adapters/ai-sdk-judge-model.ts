import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Message,
  LanguageModelV3Prompt,
  SharedV3ProviderOptions,
} from '@ai-sdk/provider';
import type { JudgeModel, ModelCallOptions, ModelCallResult, ModelPart } from '@gamut/core';
import { resolveImage } from '../images.js';
import { redactSecrets } from '../redact.js';
import { refusalOf } from './refusals.js';
import { toProviderCallError } from './sdk-errors.js';

export interface AiSdkJudgeModelOptions {
  provider: string;
  modelId: string;
  /** The API URL the calls go to (base URL and API); part of the call cache key. */
  endpoint?: string;
  /** The environment variable the key comes from, named in the advice when the provider rejects it. */
  keyVariable?: string;
  /** Loads the SDK model on first call: reads the key, imports the SDK module. */
  load: () => Promise<LanguageModelV3>;
  /** Anthropic: mark the shared prefix with `cache_control`. */
  cacheBreakpoints?: boolean;
  /** Provider options sent with every call, e.g. `{ openai: { store: false } }`. */
  providerOptions?: SharedV3ProviderOptions;
}

const EPHEMERAL: SharedV3ProviderOptions = Object.freeze({ anthropic: { cacheControl: { type: 'ephemeral' } } });

/**
 * Wraps an AI SDK provider model's own `doGenerate` (not `generateText`,
 * which costs about twice the CPU per call): we validate and repair the
 * reply ourselves, and retries live in our middleware.
 */
export function createAiSdkJudgeModel(options: AiSdkJudgeModelOptions): JudgeModel {
  let model: Promise<LanguageModelV3> | undefined;
  const label = `${options.provider}:${options.modelId}`;
  return {
    specificationVersion: 'gamut-v1',
    provider: options.provider,
    modelId: options.modelId,
    ...(options.endpoint !== undefined && { endpoint: options.endpoint }),
    async doGenerate(call: ModelCallOptions): Promise<ModelCallResult> {
      model ??= options.load();
      const sdkModel = await model;
      const sdkCall: LanguageModelV3CallOptions = {
        prompt: await toPrompt(call, options.cacheBreakpoints === true),
        temperature: call.temperature,
        maxOutputTokens: call.maxOutputTokens,
        seed: call.seed,
        abortSignal: call.abortSignal,
        providerOptions: options.providerOptions,
        responseFormat:
          call.responseFormat === undefined
            ? undefined
            : {
                type: 'json',
                name: call.responseFormat.name,
                description: call.responseFormat.description,
                schema: call.responseFormat.schema,
              },
      };
      let result: Awaited<ReturnType<LanguageModelV3['doGenerate']>>;
      try {
        result = await sdkModel.doGenerate(sdkCall);
      } catch (e) {
        throw toProviderCallError(e, label, { keyVariable: options.keyVariable, endpoint: options.endpoint });
      }
      // Only the answer: reasoning parts (thinking, reasoning summaries) are never read as the reply.
      let text = '';
      for (const part of result.content) {
        if (part.type === 'text') text += part.text;
        else if (part.type === 'tool-call' && text === '') text = part.input;
      }
      text = redactSecrets(text);
      const refusal = refusalOf(result, label);
      const { inputTokens, outputTokens } = result.usage;
      return {
        ...(refusal !== undefined && { refusal }),
        text,
        usage: {
          inputTokens: inputTokens.total ?? null,
          outputTokens: outputTokens.total ?? null,
          cachedInputTokens: inputTokens.cacheRead ?? null,
        },
        finishReason: result.finishReason.raw ?? result.finishReason.unified,
        responseId: result.response?.id,
        rateLimitHeaders: rateLimitHeaders(result.response?.headers),
      };
    },
  };
}

/** Only the headers the middleware paces by, so a cached reply does not carry the rest around. */
function rateLimitHeaders(headers: Record<string, string | undefined> | undefined): Record<string, string> | undefined {
  if (headers === undefined) return undefined;
  let out: Record<string, string> | undefined;
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined || !name.includes('ratelimit')) continue;
    out ??= {};
    out[name] = value;
  }
  return out;
}

async function toPrompt(call: ModelCallOptions, cacheBreakpoints: boolean): Promise<LanguageModelV3Prompt> {
  const prompt: LanguageModelV3Prompt = [];
  if (call.system !== undefined) prompt.push({ role: 'system', content: call.system });
  for (const message of call.messages) {
    if (message.role === 'assistant') {
      const content = message.content.flatMap((p) =>
        p.type === 'text' ? [{ type: 'text' as const, text: p.text }] : [],
      );
      prompt.push({ role: 'assistant', content });
      continue;
    }
    const content: Extract<LanguageModelV3Message, { role: 'user' }>['content'] = [];
    for (const part of message.content) content.push(await toUserPart(part, cacheBreakpoints));
    prompt.push({ role: 'user', content });
  }
  return prompt;
}

async function toUserPart(part: ModelPart, cacheBreakpoints: boolean) {
  if (part.type === 'text') {
    return cacheBreakpoints && part.cacheBreakpoint === true
      ? { type: 'text' as const, text: part.text, providerOptions: EPHEMERAL }
      : { type: 'text' as const, text: part.text };
  }
  const image = await resolveImage(part.data, part.mediaType);
  return { type: 'file' as const, data: image.data, mediaType: image.mediaType };
}
