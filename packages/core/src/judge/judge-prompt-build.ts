import type { Check } from '../schema/compiled-rubric.js';
import { type Language, primaryLanguage } from '../schema/ids.js';
import type { CheckJudgeInput } from './check-judge.js';
import type { ModelCallOptions, ModelMessage, ModelPart } from './judge-model.js';
import { BATCH_PROMPT, CHECK_PROMPT, fillTemplate } from './judge-prompt-templates.js';
import { batchedReplyJsonSchema, JUDGE_REPLY_JSON_SCHEMA } from './judge-reply-schema.js';

/** What all checks of one answer share. Never includes who wrote the answer. */
export interface AnswerContext {
  question: string;
  answer: string;
  language: Language;
  /** File path, URL or data URL; present only in the multimodal setting. */
  image?: string;
}

interface Prefix {
  system: string;
  parts: readonly ModelPart[];
}

type Texts = typeof CHECK_PROMPT.text | typeof BATCH_PROMPT.text;

/**
 * Builds judge calls with the shared part first (instructions as system;
 * question, image, answer as the first user parts, the last one marked as
 * the cache breakpoint) and the check last, so provider prefix caches hit.
 * The prefix objects are memoised per answer: consecutive checks of one
 * answer reuse the same part objects, which lets the call cache hash them once.
 */
export function createJudgePromptBuilder(options: { memoSize?: number } = {}) {
  const memoSize = options.memoSize ?? 512;
  // A judge uses either per-check or batched calls, so each prefix is built only when first asked for.
  const memo = new Map<string, { ctx: AnswerContext; check?: Prefix; batch?: Prefix }>();

  function prefix(ctx: AnswerContext, kind: 'check' | 'batch'): Prefix {
    let entry = memo.get(ctx.answer);
    if (
      entry === undefined ||
      entry.ctx.question !== ctx.question ||
      entry.ctx.image !== ctx.image ||
      entry.ctx.language !== ctx.language
    ) {
      entry = { ctx: { question: ctx.question, answer: ctx.answer, language: ctx.language, image: ctx.image } };
      memo.delete(ctx.answer);
      if (memo.size >= memoSize) memo.delete(memo.keys().next().value as string);
      memo.set(ctx.answer, entry);
    }
    entry[kind] ??= buildPrefix(kind === 'check' ? CHECK_PROMPT.text : BATCH_PROMPT.text, ctx);
    return entry[kind];
  }

  return {
    /** One call grading `input.check` alone. */
    checkCall(input: CheckJudgeInput): ModelCallOptions {
      const shared = prefix(input, 'check');
      const checkText = fillTemplate(CHECK_PROMPT.text.check, {
        text: input.check.text,
        guidance: guidance(CHECK_PROMPT.text, input.check),
      });
      return {
        system: shared.system,
        messages: [{ role: 'user', content: [...shared.parts, { type: 'text', text: checkText }] }],
        responseFormat: { name: 'gamut_verdict', schema: JUDGE_REPLY_JSON_SCHEMA },
        promptTemplate: CHECK_PROMPT.ref,
      };
    },
    /** One call grading all `checks` of one answer, listed by id. */
    batchCall(ctx: AnswerContext, checks: readonly Check[]): ModelCallOptions {
      const shared = prefix(ctx, 'batch');
      const t = BATCH_PROMPT.text;
      const list = checks
        .map((c) => fillTemplate(t.check, { id: c.id, text: c.text, guidance: guidance(t, c) }))
        .join('\n\n');
      return {
        system: shared.system,
        messages: [
          {
            role: 'user',
            content: [...shared.parts, { type: 'text', text: fillTemplate(t.checks, { checks: list }) }],
          },
        ],
        responseFormat: {
          name: 'gamut_batch_verdicts',
          schema: batchedReplyJsonSchema(checks.map((c) => c.id)),
        },
        promptTemplate: BATCH_PROMPT.ref,
      };
    },
  };
}

export type JudgePromptBuilder = ReturnType<typeof createJudgePromptBuilder>;

/** The same call with the unusable reply and the reason fed back, for a bounded retry. */
export function withRetryFeedback(call: ModelCallOptions, raw: string, error: string): ModelCallOptions {
  const feedback: ModelMessage[] = [
    { role: 'assistant', content: [{ type: 'text', text: raw === '' ? '(empty reply)' : raw }] },
    { role: 'user', content: [{ type: 'text', text: fillTemplate(CHECK_PROMPT.text.retry, { error }) }] },
  ];
  return { ...call, messages: [...call.messages, ...feedback] };
}

function buildPrefix(t: Texts, ctx: AnswerContext): Prefix {
  const system = primaryLanguage(ctx.language) === 'ko' ? `${t.system}\n\n${t.korean}` : t.system;
  const parts: ModelPart[] = [{ type: 'text', text: fillTemplate(t.question, { question: ctx.question }) }];
  if (ctx.image !== undefined) {
    parts.push({ type: 'image', data: ctx.image }, { type: 'text', text: t.image });
  }
  parts.push({ type: 'text', text: fillTemplate(t.answer, { answer: ctx.answer }), cacheBreakpoint: true });
  return { system, parts: Object.freeze(parts.map((p) => Object.freeze(p))) };
}

function guidance(t: Texts, check: Check): string {
  if (check.kind === 'threshold' || check.kind === 'coverage') return fillTemplate(t.threshold, { min: check.min });
  if (check.kind === 'sequence' || check.kind === 'full_sequence') return t.sequence;
  return '';
}
