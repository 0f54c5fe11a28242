import { InputError } from '../issues/errors.js';
import type { Issue } from '../issues/issue.js';
import type { JudgeModel, ModelPart } from '../judge/judge-model.js';
import { isFatalProviderError } from '../judge/llm-check-judge.js';
import type { RunStore } from '../ports/store.js';
import type { Setting } from '../schema/ids.js';
import { questionSettings } from '../schema/question-settings.js';
import type { RunEventListener } from './events.js';
import { runPool } from './pool.js';

/** One question as the models under test see it. */
export interface QuestionToAsk {
  questionId: string;
  question: string;
  /** The question without the image, naming the entity in words: gives it the `text_only` setting. */
  textOnlyQuestion?: string;
  /** Image bytes or URL, as the caller resolved it: gives the question the `multimodal` setting (else it is `text`). */
  image?: { data: Uint8Array | string; mediaType?: string };
}

export interface ModelUnderTest {
  /** The name written into answer lines (`model`). */
  name: string;
  model: JudgeModel;
}

export interface AnswerQuestionsOptions {
  runId: string;
  questions: readonly QuestionToAsk[];
  models: readonly ModelUnderTest[];
  /** Narrows the settings each question is asked in; default: every setting its data has (`questionSettings`). */
  settings?: readonly Setting[];
  store: RunStore;
  concurrency: number;
  /** Instructions given to every model under test, if any. */
  system?: string;
  temperature?: number;
  maxOutputTokens?: number;
  seed?: number;
  signal?: AbortSignal;
  onEvent?: RunEventListener;
}

export interface AnswerSummary {
  planned: number;
  skipped: number;
  answered: number;
  failed: { questionId: string; model: string; setting: Setting; error: string }[];
  aborted: boolean;
}

/**
 * Has each model under test answer each question in each setting, storing
 * each answer as it arrives; answers already stored for the run are kept.
 * A model that fails on one question is recorded and the rest go on; the
 * question then has no answer for that model (and nothing to judge). A
 * fatal provider error (a missing key, a refused model) stops the run instead.
 */
export async function answerQuestions(options: AnswerQuestionsOptions): Promise<AnswerSummary> {
  const plan = planQuestionSettings(options.questions, options.settings);
  const have = new Set(
    (await options.store.getAnswers(options.runId)).map((a) => `${a.questionId}\u0000${a.model}\u0000${a.setting}`),
  );
  type Job = { q: QuestionToAsk; m: ModelUnderTest; setting: Setting };
  const jobs: Job[] = [];
  let planned = 0;
  for (const q of options.questions) {
    for (const m of options.models) {
      for (const setting of plan.get(q.questionId) ?? []) {
        planned++;
        if (!have.has(`${q.questionId}\u0000${m.name}\u0000${setting}`)) jobs.push({ q, m, setting });
      }
    }
  }
  const summary: AnswerSummary = { planned, skipped: planned - jobs.length, answered: 0, failed: [], aborted: false };
  options.onEvent?.({ type: 'answers-planned', total: planned, done: summary.skipped });

  try {
    await runPool({
      items: jobs,
      concurrency: options.concurrency,
      signal: options.signal,
      worker: async ({ q, m, setting }) => {
        const content: ModelPart[] =
          setting === 'multimodal'
            ? [
                { type: 'image', ...q.image! },
                { type: 'text', text: q.question },
              ]
            : [{ type: 'text', text: setting === 'text_only' ? q.textOnlyQuestion! : q.question }];
        try {
          const reply = await m.model.doGenerate({
            ...(options.system !== undefined && { system: options.system }),
            messages: [{ role: 'user', content }],
            ...(options.temperature !== undefined && { temperature: options.temperature }),
            ...(options.maxOutputTokens !== undefined && { maxOutputTokens: options.maxOutputTokens }),
            ...(options.seed !== undefined && { seed: options.seed }),
            abortSignal: options.signal,
          });
          await options.store.putAnswer({
            runId: options.runId,
            questionId: q.questionId,
            model: m.name,
            setting,
            response: reply.text,
            callKey: reply.responseId ?? null,
          });
          summary.answered++;
          options.onEvent?.({ type: 'answer-done', questionId: q.questionId, model: m.name, setting });
        } catch (e) {
          // A missing key or a refused model fails every answer alike: the run stops (exit 4), not records each.
          if (options.signal?.aborted || isFatalProviderError(e)) throw e;
          const error = e instanceof Error ? e.message : String(e);
          summary.failed.push({ questionId: q.questionId, model: m.name, setting, error });
          options.onEvent?.({ type: 'answer-failed', questionId: q.questionId, model: m.name, setting, error });
        }
      },
    });
  } catch (e) {
    if (!options.signal?.aborted) throw e;
  }
  summary.aborted = options.signal?.aborted === true;
  return summary;
}

/** Why a question cannot be asked in a setting the caller named. */
const UNAVAILABLE: Record<Setting, { rule: string; message: string }> = {
  multimodal: { rule: 'image-required', message: 'the multimodal setting needs the question\'s "image"' },
  text_only: {
    rule: 'text-only-question-required',
    message: 'the text_only setting needs "text_only_question" (the question naming the entity in words)',
  },
  text: {
    rule: 'text-setting-has-image',
    message: 'the text setting is for questions without an image; this one has one',
  },
};

/**
 * The settings each question is asked in: those its data has, narrowed to
 * `narrow` when given. A question left with none is an error naming why.
 */
export function planQuestionSettings(
  questions: readonly QuestionToAsk[],
  narrow: readonly Setting[] | undefined,
): Map<string, Setting[]> {
  const issues: Issue[] = [];
  const plan = new Map<string, Setting[]>();
  for (const q of questions) {
    const own = questionSettings({
      ...(q.image !== undefined && { image: 'present' }),
      ...(q.textOnlyQuestion && { text_only_question: q.textOnlyQuestion }),
    });
    const settings = narrow === undefined ? own : own.filter((s) => narrow.includes(s));
    if (settings.length === 0) {
      for (const s of narrow ?? []) issues.push({ ...UNAVAILABLE[s], question: q.questionId });
    }
    plan.set(q.questionId, settings);
  }
  if (issues.length) throw new InputError(issues);
  return plan;
}
