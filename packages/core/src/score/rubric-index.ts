import { InputError } from '../issues/errors.js';
import type { Issue } from '../issues/issue.js';
import { type CompiledRubric, type Setting, type Tier, verdictSetting } from '../schema/index.js';

/**
 * One answer being scored: a byte per check of its rubric (0 = no verdict
 * yet, else the verdict code or `JUDGE_FAILED`) at `codes[offset …]`. The bytes live in blocks
 * shared by many answers: a typed array per answer would cost more than its bytes.
 */
export interface AnswerState {
  readonly entry: RubricEntry;
  readonly model: string;
  readonly setting: Setting;
  readonly codes: Uint8Array;
  readonly offset: number;
  /** Filled by `finish()`. */
  gamut: number | null;
  tierScores: [number | null, number | null, number | null];
  unjudged: number;
  /** Checks whose judge failed; more than 0 leaves the answer unscored. */
  failed: number;
}

/** A compiled rubric prepared for constant-time lookups per verdict line. */
export interface RubricEntry {
  readonly rubric: CompiledRubric;
  readonly checkIndex: ReadonlyMap<string, number>;
  /** Tier of each check as an index into TIERS. */
  readonly tiers: Uint8Array;
  /** The setting of a verdict line that names none (`verdictSetting`). */
  readonly unnamedSetting: Setting;
  /** model → answer per setting, in `SETTING_INDEX` order. */
  readonly answers: Map<string, [AnswerState | undefined, AnswerState | undefined, AnswerState | undefined]>;
}

export const TIER_INDEX: Readonly<Record<Tier, number>> = { answer_critical: 0, valuable: 1, context: 2 };
export const SETTING_INDEX: Readonly<Record<Setting, 0 | 1 | 2>> = { multimodal: 0, text_only: 1, text: 2 };

/** Indexes the rubrics; duplicate question or check ids would make verdicts ambiguous, so they are errors. */
export function indexRubrics(rubrics: readonly CompiledRubric[], file?: string): Map<string, RubricEntry> {
  const index = new Map<string, RubricEntry>();
  const issues: Issue[] = [];
  const at = file !== undefined ? { file } : {};
  for (const rubric of rubrics) {
    const question = rubric.question_id as string;
    if (index.has(question)) {
      issues.push({
        ...at,
        rule: 'duplicate-question',
        question,
        message: 'two compiled rubrics have this question id',
      });
      continue;
    }
    const checkIndex = new Map<string, number>();
    const tiers = new Uint8Array(rubric.checks.length);
    rubric.checks.forEach((check, i) => {
      if (checkIndex.has(check.id)) {
        issues.push({ ...at, rule: 'duplicate-check', question, check: check.id, message: 'check id is used twice' });
      }
      checkIndex.set(check.id, i);
      tiers[i] = TIER_INDEX[check.tier];
    });
    index.set(question, {
      rubric,
      checkIndex,
      tiers,
      unnamedSetting: verdictSetting(undefined, rubric),
      answers: new Map(),
    });
  }
  if (issues.length) throw new InputError(issues);
  return index;
}
