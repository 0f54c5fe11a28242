import type { Check } from '../schema/compiled-rubric.js';
import type { JudgeFailureKind, Language, Setting, Verdict } from '../schema/ids.js';

/**
 * Anything that gives a check a verdict: an LLM judge (through a JudgeModel),
 * the offline lexical baseline, a labels file, or a person.
 */
export interface CheckJudge {
  /** The label written into verdict lines, e.g. `offline`, `openai:gpt-4.1`, `labels:human.jsonl`. */
  readonly id: string;
  judge(input: CheckJudgeInput, signal?: AbortSignal): Promise<CheckOutcome>;
}

export interface CheckJudgeInput {
  questionId: string;
  question: string;
  /** Image for the multimodal setting: a file path, URL or data URL, resolved by the caller. */
  image?: string;
  answer: string;
  check: Check;
  language: Language;
  /** Who wrote the answer. Only the labels judge may read it (to find the label); LLM prompts never include it. */
  model?: string;
  setting?: Setting;
  /** The entity the question is about (meta-rubric `entity`), for judges that weigh the subject's own words. */
  subject?: string;
  /**
   * The question as asked with its image. In the text-only setting `question`
   * names the entity in words; a lexical judge weighs question words down, so
   * it reads this one to judge both settings alike.
   */
  originalQuestion?: string;
}

/**
 * A failed judge is not a verdict: it carries why (`kind`; LLM judges always
 * set it), what went wrong, and the raw reply, and is never counted as `missing`.
 */
export type CheckOutcome =
  | { status: 'ok'; verdict: Verdict; rationale: string; quote: string | null }
  | { status: 'failed'; kind?: JudgeFailureKind; error: string; raw: string | null };
