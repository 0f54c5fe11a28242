import { readFixture } from './fixtures.js';

/** The four wire formats the provider adapters speak. */
export type WireFormat = 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini';

/** What the fake provider answers one call with: the reply text, and the token counts when they matter. */
export interface ScriptedReply {
  text: string;
  usage?: { inputTokens: number; outputTokens: number };
}

/** The wire format a request path belongs to; undefined for a path no provider serves. */
export function formatOf(path: string): WireFormat | undefined {
  if (path.endsWith('/chat/completions')) return 'openai-chat';
  if (path.endsWith('/responses')) return 'openai-responses';
  if (path.endsWith('/messages')) return 'anthropic';
  if (/:generateContent$/.test(path)) return 'gemini';
  return undefined;
}

const SUCCESS: Record<WireFormat, string> = {
  'openai-chat': 'openai-chat-completion.json',
  'openai-responses': 'openai-responses.json',
  anthropic: 'anthropic-messages.json',
  gemini: 'gemini-generate-content.json',
};

/** The recorded success reply of `format` with its text (and usage, when given) replaced. */
export function successBody(format: WireFormat, reply: ScriptedReply): string {
  const body = JSON.parse(readFixture(SUCCESS[format]));
  const u = reply.usage;
  if (format === 'openai-chat') {
    body.choices[0].message.content = reply.text;
    if (u) body.usage = { prompt_tokens: u.inputTokens, completion_tokens: u.outputTokens, total_tokens: 0 };
  } else if (format === 'openai-responses') {
    body.output[0].content[0].text = reply.text;
    if (u) body.usage = { input_tokens: u.inputTokens, output_tokens: u.outputTokens, total_tokens: 0 };
  } else if (format === 'anthropic') {
    body.content[0].text = reply.text;
    if (u) body.usage = { input_tokens: u.inputTokens, output_tokens: u.outputTokens };
  } else {
    body.candidates[0].content.parts[0].text = reply.text;
    if (u) body.usageMetadata = { promptTokenCount: u.inputTokens, candidatesTokenCount: u.outputTokens };
  }
  return JSON.stringify(body);
}

/** The recorded error reply of `format` for `status` (or its family's 429/500 one), else a minimal error. */
export function errorBody(format: WireFormat, status: number): string {
  const family = format === 'anthropic' ? 'anthropic' : format === 'gemini' ? 'gemini' : 'openai';
  for (const name of [`${family}-error-${status}.json`, `${family}-error-${status >= 500 ? 500 : 429}.json`]) {
    try {
      return readFixture(name);
    } catch {
      // no recording for this status: try the next
    }
  }
  return JSON.stringify({ error: { message: `HTTP ${status}` } });
}
