/**
 * The port every model call goes through: judges and the models under test.
 * Small and versioned on purpose; an AI SDK provider model is one adapter
 * (see packages/providers), a recorded fake is another.
 */
export interface JudgeModel {
  readonly specificationVersion: 'gamut-v1';
  /** Provider family, e.g. `openai`, `anthropic`, `google`, `openai-compatible`, `ollama`, `mock`. */
  readonly provider: string;
  readonly modelId: string;
  /**
   * Where the calls go: the API URL (base URL and API, e.g.
   * `https://api.openai.com/v1/responses`) or deployment. Part of the call
   * cache key, so one model name served at two endpoints is two models.
   */
  readonly endpoint?: string;
  doGenerate(options: ModelCallOptions): Promise<ModelCallResult>;
}

export type ModelPart =
  | {
      type: 'text';
      text: string;
      /**
       * Marks the end of the prefix that all checks of one answer share, so that
       * providers with explicit prompt caching (Anthropic `cache_control`) cache it.
       */
      cacheBreakpoint?: boolean;
    }
  | {
      type: 'image';
      /** Raw bytes, or a URL (http(s) or data:). */
      data: Uint8Array | string;
      mediaType?: string;
    };

export interface ModelMessage {
  role: 'user' | 'assistant';
  content: ModelPart[];
}

export interface ModelCallOptions {
  system?: string;
  messages: ModelMessage[];
  /** Structured output: the reply must be JSON following this JSON Schema. */
  responseFormat?: { name: string; description?: string; schema: Record<string, unknown> };
  temperature?: number;
  maxOutputTokens?: number;
  seed?: number;
  abortSignal?: AbortSignal;
  /** `<template name>@<hash>` of the prompt template that built this call; part of the cache key. */
  promptTemplate?: string;
  /** Repeat index when the same call is made several times on purpose (repeatability); part of the cache key. */
  sample?: number;
  /**
   * Whether a reply is usable (for a judge: it gave a valid verdict). Only
   * accepted replies are reused from the call cache; the others are kept for
   * the record and asked again next time. Absent: every reply is accepted.
   */
  accept?: (result: ModelCallResult) => boolean;
  /** Send the call even when its reply is cached: a repair or retry is a new call, never a cache hit. */
  fresh?: boolean;
}

export interface ModelUsage {
  inputTokens: number | null;
  outputTokens: number | null;
  /** Input tokens the provider served from its prompt cache, as its usage report says. */
  cachedInputTokens: number | null;
}

export interface ModelCallResult {
  /** The reply text (for structured output, the JSON text). */
  text: string;
  usage: ModelUsage;
  finishReason?: string;
  /** Provider response id, for audits. */
  responseId?: string;
  /** The reply's rate-limit headers (`x-ratelimit-*`, `anthropic-ratelimit-*`), for pacing; not cached. */
  rateLimitHeaders?: Record<string, string>;
  /**
   * Set when the provider refused or a safety filter blocked the prompt or
   * the reply, saying which in the provider's terms (e.g. `Gemini blocked the
   * prompt: SAFETY`). Such a reply is never a verdict.
   */
  refusal?: string;
}

/** Finish reasons that mean the reply hit the output token limit, as providers spell them. */
const CUT_OFF: ReadonlySet<string> = new Set(['length', 'max_tokens', 'MAX_TOKENS', 'max_output_tokens']);

/** Whether the reply ended at the output token limit (then an unusable reply is `cut_off`, not `invalid_reply`). */
export function isCutOff(result: Pick<ModelCallResult, 'finishReason'>): boolean {
  return CUT_OFF.has(result.finishReason ?? '');
}
