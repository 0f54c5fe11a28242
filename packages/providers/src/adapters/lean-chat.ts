import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3FinishReason,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';

type GenerateResult = Awaited<ReturnType<LanguageModelV3['doGenerate']>>;
type Json = Record<string, unknown>;

/** What the SDK model sends besides the body, learned from its first request. */
interface Wire {
  url: string;
  headers: Record<string, string>;
}

/**
 * What the SDK model's request is answered with instead of being sent: a reply (or a failure to
 * get one) the lean path received, or, for the probe, nothing: its URL and headers are noted.
 */
type Replay = { response: Response } | { error: unknown } | { probe: true };

// The probe's request is answered by this rejection (caught by the probe itself, never a caller).
const PROBE = Object.freeze({ leanChatProbe: 'noted, not sent' });

/**
 * An OpenAI-compatible chat model (the SDK's, from `make`) with a lean path
 * for the common call: text prompts, an optional JSON schema, a well-formed
 * 200. The SDK spends about 150 µs of CPU per call on it (it serialises the
 * body twice, parses provider options and validates the reply with zod);
 * the lean path builds the same body, sends it with the same headers to the
 * same URL and reads the reply as the SDK would, in a fifth of that.
 *
 * Anything else is the SDK's own: a call the lean path does not build (tools,
 * images, other settings) goes through it unchanged, and a reply it does not
 * read (an HTTP error, a network failure, a body that is not the documented
 * shape) is handed to the SDK model as the reply to its request, so errors,
 * their messages and their classification are exactly the SDK's. The URL and
 * headers are the SDK's own too: before the first call the SDK model is asked
 * for a request, which is noted and not sent.
 */
export function leanChatModel(
  modelId: string,
  providerName: string,
  fetch: typeof globalThis.fetch,
  make: (fetch: typeof globalThis.fetch) => LanguageModelV3,
): LanguageModelV3 {
  const replays = new WeakMap<AbortSignal, Replay>();
  let wire: Promise<Wire | undefined> | undefined;
  let probed: Wire | undefined;
  const sdk = make((input, init) => {
    const signal = init?.signal ?? undefined;
    const replay = signal === undefined ? undefined : replays.get(signal);
    if (replay === undefined || signal === undefined) return fetch(input, init);
    replays.delete(signal);
    if ('probe' in replay) {
      probed = wireOf(input, init);
      return Promise.reject(PROBE);
    }
    return 'error' in replay ? Promise.reject(replay.error) : Promise.resolve(replay.response);
  });

  /** The SDK model's doGenerate, its request answered by `replay` instead of being sent. */
  async function replayed(options: LanguageModelV3CallOptions, replay: Replay): Promise<GenerateResult> {
    const signal = new AbortController().signal;
    replays.set(signal, replay);
    return sdk.doGenerate({ ...options, abortSignal: signal });
  }

  /** The URL and headers of the SDK's requests (undefined: not a plain URL and record; the SDK sends every call). */
  async function probe(): Promise<Wire | undefined> {
    // Whatever the SDK throws here, nothing was sent; without a URL and headers every call is the SDK's.
    await replayed({ prompt: [{ role: 'user', content: [{ type: 'text', text: '' }] }] }, { probe: true }).catch(
      () => undefined,
    );
    return probed;
  }

  return {
    specificationVersion: 'v3',
    provider: sdk.provider,
    modelId: sdk.modelId,
    supportedUrls: sdk.supportedUrls,
    doStream: (options) => sdk.doStream(options),
    async doGenerate(options) {
      const body = chatBody(modelId, options);
      if (body === undefined) return sdk.doGenerate(options);
      wire ??= probe();
      const to = await wire;
      if (to === undefined) return sdk.doGenerate(options);
      let response: Response;
      try {
        response = await fetch(to.url, {
          method: 'POST',
          headers: to.headers,
          body,
          signal: options.abortSignal,
        });
      } catch (error) {
        return replayed(options, { error });
      }
      if (!response.ok) return replayed(options, { response });
      const text = await response.text();
      const result = readReply(text, response, body, providerName);
      if (result !== undefined) return result;
      const copy = new Response(text, {
        status: response.status,
        statusText: response.statusText,
        headers: headerRecord(response.headers),
      });
      return replayed(options, { response: copy });
    },
  };
}

/** The URL and headers of the SDK's request, when they are a plain string and record. */
function wireOf(input: Parameters<typeof fetch>[0], init: RequestInit | undefined): Wire | undefined {
  const headers = init?.headers;
  if (typeof input !== 'string' || headers === undefined || Object.getPrototypeOf(headers) !== Object.prototype)
    return undefined;
  const record = headers as Record<string, unknown>;
  if (!Object.values(record).every((v) => typeof v === 'string')) return undefined;
  return { url: input, headers: { ...(record as Record<string, string>) } };
}

/**
 * The body the SDK sends for this call, as JSON.stringify writes it (same
 * members, same order), or undefined when the call uses anything the lean
 * path does not build. Written by hand so the long strings every check of an
 * answer shares (instructions, answer, schema) are escaped once, not per call.
 */
export function chatBody(modelId: string, o: LanguageModelV3CallOptions): string | undefined {
  if (
    (o.tools !== undefined && o.tools.length > 0) ||
    o.toolChoice !== undefined ||
    o.providerOptions !== undefined ||
    o.headers !== undefined ||
    o.stopSequences !== undefined ||
    o.topP !== undefined ||
    o.topK !== undefined ||
    o.frequencyPenalty !== undefined ||
    o.presencePenalty !== undefined
  )
    return undefined;
  const messages: string[] = [];
  for (const m of o.prompt) {
    if (m.providerOptions !== undefined) return undefined;
    if (m.role === 'system') messages.push(`{"role":"system","content":${quoted(m.content)}}`);
    else if (m.role === 'user') {
      const texts: string[] = [];
      for (const p of m.content) {
        if (p.type !== 'text' || p.providerOptions !== undefined) return undefined;
        texts.push(quoted(p.text));
      }
      const content = texts.length === 1 ? texts[0] : `[${texts.map((t) => `{"type":"text","text":${t}}`).join(',')}]`;
      messages.push(`{"role":"user","content":${content}}`);
    } else return undefined;
  }
  const members = [
    `"model":${quoted(modelId)}`,
    member('max_tokens', o.maxOutputTokens),
    member('temperature', o.temperature),
    o.responseFormat?.type === 'json' ? `"response_format":${responseFormat(o.responseFormat)}` : '',
    member('seed', o.seed),
    `"messages":[${messages.join(',')}]`,
  ];
  return `{${members.filter((m) => m !== '').join(',')}}`;
}

function member(name: string, value: number | undefined): string {
  return value === undefined ? '' : `"${name}":${JSON.stringify(value)}`;
}

type JsonFormat = Extract<LanguageModelV3CallOptions['responseFormat'], { type: 'json' }>;
const formats = new WeakMap<object, { name?: string; description?: string; json: string }>();

/** With a schema, strict and named as the SDK sends it (`supportsStructuredOutputs`); one serialisation per schema. */
function responseFormat(rf: JsonFormat): string {
  if (rf.schema === undefined) return '{"type":"json_object"}';
  const memo = formats.get(rf.schema);
  if (memo !== undefined && memo.name === rf.name && memo.description === rf.description) return memo.json;
  const json = JSON.stringify({
    type: 'json_schema',
    json_schema: { schema: rf.schema, strict: true, name: rf.name ?? 'response', description: rf.description },
  });
  formats.set(rf.schema, { name: rf.name, description: rf.description, json });
  return json;
}

// Long strings repeat across the checks of one answer; short ones are cheaper to escape than to look up.
const QUOTED_MIN = 256;
const QUOTED_MAX_ENTRIES = 256;
const quotes = new Map<string, string>();

function quoted(text: string): string {
  if (text.length < QUOTED_MIN) return JSON.stringify(text);
  let q = quotes.get(text);
  if (q === undefined) {
    if (quotes.size >= QUOTED_MAX_ENTRIES) quotes.clear();
    q = JSON.stringify(text);
    quotes.set(text, q);
  }
  return q;
}

// What the SDK's JSON parser would refuse or filter (a prototype key, possibly escaped): left to it.
const SUSPECT = /__proto__|constructor|\\u00/;

/**
 * The SDK's result for a chat completion in the documented shape, or
 * undefined when the body is anything else (the SDK then says what is wrong).
 */
export function readReply(
  text: string,
  response: Response,
  body: string,
  providerName: string,
): GenerateResult | undefined {
  if (SUSPECT.test(text)) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  const reply = object(raw);
  if (
    reply === undefined ||
    !nullishOr(reply.id, 'string') ||
    !nullishOr(reply.created, 'number') ||
    !nullishOr(reply.model, 'string') ||
    !Array.isArray(reply.choices) ||
    reply.choices.length === 0 ||
    !reply.choices.every(wellFormedChoice) ||
    !wellFormedUsage(reply.usage)
  )
    return undefined;
  const choice = reply.choices[0] as Json;
  const message = choice.message as Json;
  const content: LanguageModelV3Content[] = [];
  const reasoning = (message.reasoning_content ?? message.reasoning) as string | null | undefined;
  if (reasoning != null && reasoning.length > 0) content.push({ type: 'reasoning', text: reasoning });
  if (typeof message.content === 'string' && message.content.length > 0)
    content.push({ type: 'text', text: message.content });
  const refusal = typeof message.refusal === 'string' ? message.refusal : undefined;
  const hasRefusal = refusal !== undefined && refusal.length > 0;
  if (hasRefusal) content.push({ type: 'text', text: refusal });
  const finish = (choice.finish_reason ?? undefined) as string | undefined;
  return {
    content,
    finishReason: { unified: finishReason(finish, hasRefusal), raw: finish },
    usage: usageOf(reply.usage as Json | null | undefined),
    providerMetadata: { [providerName]: {} },
    request: { body },
    response: {
      id: (reply.id ?? undefined) as string | undefined,
      modelId: (reply.model ?? undefined) as string | undefined,
      timestamp: reply.created == null ? undefined : new Date((reply.created as number) * 1000),
      headers: headerRecord(response.headers),
      body: raw,
    },
    warnings: [],
  };
}

/** As the SDK extracts them: one entry per header, by its lower-case name. */
function headerRecord(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

function object(v: unknown): Json | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : undefined;
}

function nullishOr(v: unknown, type: 'string' | 'number'): boolean {
  return v === undefined || v === null || typeof v === type;
}

/** A choice the SDK's schema accepts, with a text reply (no tool calls, no content parts). */
function wellFormedChoice(c: unknown): boolean {
  const choice = object(c);
  const message = object(choice?.message);
  if (choice === undefined || message === undefined) return false;
  return (
    (message.role === undefined || message.role === null || message.role === 'assistant') &&
    nullishOr(message.content, 'string') &&
    nullishOr(message.refusal, 'string') &&
    nullishOr(message.reasoning_content, 'string') &&
    nullishOr(message.reasoning, 'string') &&
    (message.tool_calls === undefined || message.tool_calls === null) &&
    nullishOr(choice.finish_reason, 'string')
  );
}

function wellFormedUsage(u: unknown): boolean {
  if (u === undefined || u === null) return true;
  const usage = object(u);
  if (usage === undefined) return false;
  const numbers = (o: Json, keys: readonly string[]) => keys.every((k) => nullishOr(o[k], 'number'));
  const details = (v: unknown, keys: readonly string[]) => {
    if (v === undefined || v === null) return true;
    const o = object(v);
    return o !== undefined && numbers(o, keys);
  };
  return (
    numbers(usage, ['prompt_tokens', 'completion_tokens', 'total_tokens']) &&
    details(usage.prompt_tokens_details, ['cached_tokens']) &&
    details(usage.completion_tokens_details, [
      'reasoning_tokens',
      'accepted_prediction_tokens',
      'rejected_prediction_tokens',
    ])
  );
}

/** As the SDK maps it. */
function finishReason(raw: string | undefined, hasRefusal: boolean): LanguageModelV3FinishReason['unified'] {
  switch (raw) {
    case 'stop':
      return hasRefusal ? 'content-filter' : 'stop';
    case 'length':
      return 'length';
    case 'content_filter':
      return 'content-filter';
    case 'function_call':
    case 'tool_calls':
      return 'tool-calls';
    default:
      return 'other';
  }
}

/** As the SDK counts it. */
function usageOf(usage: Json | null | undefined): LanguageModelV3Usage {
  if (usage == null) {
    return {
      inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: undefined, text: undefined, reasoning: undefined },
      raw: undefined,
    };
  }
  const n = (v: unknown) => (typeof v === 'number' ? v : 0);
  const prompt = n(usage.prompt_tokens);
  const completion = n(usage.completion_tokens);
  const cached = n(object(usage.prompt_tokens_details)?.cached_tokens);
  const reasoning = n(object(usage.completion_tokens_details)?.reasoning_tokens);
  return {
    inputTokens: { total: prompt, noCache: prompt - cached, cacheRead: cached, cacheWrite: undefined },
    outputTokens: { total: completion, text: Math.max(0, completion - reasoning), reasoning },
    raw: usage as LanguageModelV3Usage['raw'],
  };
}
