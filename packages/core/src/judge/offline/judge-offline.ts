import type { Check } from '../../schema/compiled-rubric.js';
import { type AnalyzedText, analyzeText } from '../../text/analyze-text.js';
import type { CheckJudge, CheckJudgeInput, CheckOutcome } from '../check-judge.js';
import { isIdentification } from './identification.js';
import { judgeSequence, judgeThreshold } from './judge-lists.js';
import { judgePlain, type OfflineFinding } from './judge-plain.js';
import {
  DEFAULT_OFFLINE_OPTIONS,
  type OfflineJudgeOptions,
  questionKeysOf,
  type ResolvedOptions,
} from './term-coverage.js';

export type { OfflineFinding, ValueFinding } from './judge-plain.js';
export type { OfflineJudgeOptions } from './term-coverage.js';

/** The judge id written into verdict lines. */
export const OFFLINE_JUDGE_ID = 'offline';
/** How reports name it: it matches words and values, it does not understand paraphrase. */
export const OFFLINE_JUDGE_LABEL = 'offline judge (lexical baseline)';

export interface OfflineJudgeInput {
  /** The answer text, or the same text analysed once with `analyzeText` when judging many checks. */
  answer: string | AnalyzedText;
  check: Check;
  /** The question: its words name the subject, so they weigh less as evidence. */
  question?: string;
  /**
   * Words naming the subject (the meta-rubric's entity). In list checks (member, option) they
   * weigh like the question's: every option of "pizza marinara, pizza fritta" shares "pizza".
   */
  subject?: string;
  /** The check's language (BCP 47); without it, predicates are read in English, Korean, Japanese and Chinese. */
  language?: string;
}

/**
 * The lexical baseline, synchronously: key terms (stemmed English,
 * particle-stripped Korean), stated values, negation next to the key terms,
 * option counts for thresholds and first mentions for sequences. Paraphrase
 * it cannot see is `missing`, never a guess.
 */
export function judgeOffline(input: OfflineJudgeInput, options: OfflineJudgeOptions = {}): OfflineFinding {
  const opts = { ...DEFAULT_OFFLINE_OPTIONS, ...options };
  const answer = typeof input.answer === 'string' ? analyzeText(input.answer) : input.answer;
  const { check } = input;
  switch (check.kind) {
    case 'threshold':
    case 'coverage':
      return judgeThreshold(check.options, check.min, answer, opts);
    case 'sequence':
    case 'full_sequence':
      return judgeSequence(check.order, answer, questionKeysOf(input.question), opts, input.subject);
    case 'option': {
      // One of a flexible list's options: naming another thing, or denying this one, neither
      // helps nor hurts, so an option is never contradicted; what the answer said stays in the rationale.
      const r = judgeMember(check, answer, input, opts);
      return r.verdict === 'contradicts'
        ? { ...r, verdict: 'missing', rationale: `${r.rationale}; an option is never contradicted` }
        : r;
    }
    case 'member':
      return judgeMember(check, answer, input, opts);
    default: {
      const content = check.content || check.text;
      const identifies = check.kind === 'fact' && isIdentification(content);
      const entity = check.kind === 'related_entity' || identifies;
      // Facts and steps are claims about the subject itself; aspects and insights compare it with others.
      const aboutSubject = check.kind === 'fact' || check.kind === 'step';
      const questionKeys = questionKeysOf(input.question);
      return judgePlain(
        {
          content,
          answer,
          questionKeys,
          subjectKeys: questionKeysOf(`${input.question ?? ''}\n${input.subject ?? ''}`),
          subjectName: input.subject,
          kind: check.kind,
          entity,
          claimsPart: aboutSubject,
          aboutSubject,
          identifies,
          language: input.language,
        },
        opts,
      );
    }
  }
}

/** A list member or option: an entity the subject has, matched as whole words or compounds. */
function judgeMember(
  check: Check,
  answer: AnalyzedText,
  input: OfflineJudgeInput,
  opts: ResolvedOptions,
): OfflineFinding {
  const keys = questionKeysOf(`${input.question ?? ''}\n${input.subject ?? ''}`);
  return judgePlain(
    {
      content: check.content || check.text,
      answer,
      questionKeys: keys,
      subjectKeys: keys,
      kind: check.kind,
      entity: true,
      claimsPart: true,
      aboutSubject: false,
      identifies: false,
      language: input.language,
    },
    opts,
  );
}

/** The `offline` judge spec: no network, no key, deterministic. */
export function createOfflineJudge(options: OfflineJudgeOptions = {}): CheckJudge {
  // Every check of one answer is judged against the same text: analyse it once.
  const recent = new Map<string, AnalyzedText>();
  const analysed = (text: string) => {
    let a = recent.get(text);
    if (!a) {
      if (recent.size >= 64) recent.delete(recent.keys().next().value as string);
      a = analyzeText(text);
      recent.set(text, a);
    }
    return a;
  };
  return {
    id: OFFLINE_JUDGE_ID,
    async judge(input: CheckJudgeInput, signal?: AbortSignal): Promise<CheckOutcome> {
      signal?.throwIfAborted();
      const r = judgeOffline(
        {
          answer: analysed(input.answer),
          check: input.check,
          question: input.originalQuestion ?? input.question,
          ...(input.subject !== undefined && { subject: input.subject }),
          language: input.language,
        },
        options,
      );
      return { status: 'ok', verdict: r.verdict, rationale: r.rationale, quote: r.quote };
    },
  };
}
