import type { JudgeModel, ModelCallResult, ModelMessage, ModelPart } from '../judge/judge-model.js';
import { parseLooseJsonObject, stripThinking } from '../judge/judge-reply-repair.js';
import type { BuildTemplate } from './build-template.js';
import type { StepAttempt } from './step-records.js';

/** A reply's verdict: the value it gives, or every rule it breaks (sent back to the model). */
export type Checked<T> = { value: T; problems?: never } | { problems: string[]; value?: never };

export interface AskOptions<T> {
  model: JudgeModel;
  template: BuildTemplate;
  system: string;
  user: ModelPart[];
  /** JSON Schema of the reply (structured output where the provider supports it). */
  schema: { name: string; schema: Record<string, unknown> };
  check: (reply: unknown) => Checked<T>;
  maxAttempts: number;
  seed?: number;
  /** After each call: whether the cache answered it and what it cost (the middleware knows). */
  account?: (result: ModelCallResult) => { cached: boolean; costUsd: number | null };
  signal?: AbortSignal;
}

export type AskResult<T> =
  | { status: 'ok'; value: T; attempts: StepAttempt[] }
  | { status: 'failed'; attempts: StepAttempt[]; failure: string };

const REPAIR_INSTRUCTION = 'Your reply breaks these rules:';
const REPAIR_CLOSING = 'Reply again with the whole JSON object, fixing every one of them.';

/**
 * Asks for a structured reply and checks it; a reply that is not JSON or breaks a rule goes back
 * to the model with its problems, up to `maxAttempts` replies in all, then the step is a recorded
 * failure. Never guesses a value from a broken reply.
 */
export async function askStructured<T>(options: AskOptions<T>): Promise<AskResult<T>> {
  const messages: ModelMessage[] = [{ role: 'user', content: options.user }];
  const attempts: StepAttempt[] = [];
  let lastProblems: string[] = [];
  for (let n = 1; n <= options.maxAttempts; n++) {
    const result = await options.model.doGenerate({
      system: options.system,
      messages: [...messages],
      responseFormat: { name: options.schema.name, schema: options.schema.schema },
      temperature: 0,
      promptTemplate: options.template.ref,
      ...(options.seed !== undefined && { seed: options.seed }),
      ...(n > 1 && { fresh: true }),
      ...(options.signal !== undefined && { abortSignal: options.signal }),
    });
    const checked = checkReply(result, options.check);
    const accounted = options.account?.(result) ?? { cached: false, costUsd: null };
    attempts.push({
      reply: result.text,
      problems: checked.problems ?? [],
      input_tokens: result.usage.inputTokens,
      output_tokens: result.usage.outputTokens,
      cost_usd: accounted.costUsd,
      cached: accounted.cached,
    });
    if (checked.problems === undefined) return { status: 'ok', value: checked.value, attempts };
    lastProblems = checked.problems;
    messages.push({ role: 'assistant', content: [{ type: 'text', text: result.text }] });
    messages.push({ role: 'user', content: [{ type: 'text', text: repairText(lastProblems) }] });
  }
  return {
    status: 'failed',
    attempts,
    failure: `no valid reply in ${attempts.length} attempt(s): ${lastProblems.join('; ')}`,
  };
}

export function repairText(problems: readonly string[]): string {
  return [REPAIR_INSTRUCTION, ...problems.map((p) => `- ${p}`), REPAIR_CLOSING].join('\n');
}

function checkReply<T>(result: ModelCallResult, check: (reply: unknown) => Checked<T>): Checked<T> {
  if (result.refusal !== undefined) return { problems: [`the model refused: ${result.refusal}`] };
  const parsed = parseLooseJsonObject(stripThinking(result.text));
  if (parsed === undefined) return { problems: ['the reply is not a JSON object'] };
  return check(parsed.value);
}
