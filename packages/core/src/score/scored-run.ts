import type { CompiledRubric, ModelName, QuestionId, Setting } from '../schema/index.js';
import { compareStrings } from './aggregate.js';
import { tierResults } from './answer-counts.js';
import type { ScoreParamsInput } from './params.js';
import type { AnswerState } from './rubric-index.js';
import type {
  AnswerScore,
  BreakdownKey,
  ModelScore,
  ScoreReport,
  ScoreRunParams,
  UnscoredAnswer,
} from './score-report.js';

export interface ScoreOptions {
  rubrics: readonly CompiledRubric[];
  /** λ, μ and weights; defaults 0.5, −2, 0.6/0.3/0.1. */
  params?: ScoreParamsInput;
  /** Which judge's verdicts to score; required when the lines carry more than one. */
  judge?: string;
  /** Which repeat to score when lines carry `sample`; default 0 (a line without `sample` is sample 0). */
  sample?: number;
  /** Count checks without a verdict as `missing` instead of failing. */
  missingAsMissing?: boolean;
  /** Bootstrap seed, default 0. */
  seed?: number;
  /** Bootstrap resamples, default 1,000. */
  resamples?: number;
  /** Breakdowns to compute; default all (domain and popularity only where the rubrics carry them). */
  breakdowns?: readonly BreakdownKey[];
  /** File names used in issues. */
  files?: { rubrics?: string; verdicts?: string };
}

/** The scored run; answer rows are produced on demand so a large run need not hold them all. */
export interface ScoredRun {
  readonly params: ScoreRunParams;
  readonly models: ModelScore[];
  readonly breakdowns: ScoreReport['breakdowns'];
  readonly missingCounted: number;
  /** Answers scored (unscored ones not included). */
  readonly answerCount: number;
  /** Answers a judge failure left unscored, sorted like the rows. */
  readonly unscored: readonly UnscoredAnswer[];
  /** Rows of scored answers, sorted by model, setting and question id. */
  answers(): IterableIterator<AnswerScore>;
  /** Every answer's per-check verdict codes (unscored ones too), in the same order: what calibration re-weighs. */
  checks(): IterableIterator<AnswerChecks>;
}

/**
 * One answer's verdicts as codes parallel to `rubric.checks`: 0 no verdict,
 * 1–4 the verdicts in `VERDICTS` order, 5 a judge failure (`verdict-record.ts`).
 */
export interface AnswerChecks {
  readonly rubric: CompiledRubric;
  readonly checkIndex: ReadonlyMap<string, number>;
  /** The setting a line that names none stands for. */
  readonly unnamedSetting: Setting;
  readonly model: string;
  readonly setting: Setting;
  readonly codes: Uint8Array;
  /** Null when unscored (a judge failure) or when every tier with checks has weight 0. */
  readonly gamut: number | null;
  readonly scored: boolean;
}

export function answerChecks(a: AnswerState): AnswerChecks {
  const { rubric, checkIndex, unnamedSetting, tiers } = a.entry;
  return {
    rubric,
    checkIndex,
    unnamedSetting,
    model: a.model,
    setting: a.setting,
    codes: a.codes.subarray(a.offset, a.offset + tiers.length),
    gamut: a.gamut,
    scored: a.failed === 0,
  };
}

export function byAnswer(a: AnswerState, b: AnswerState): number {
  return (
    compareStrings(a.model, b.model) ||
    compareStrings(a.setting, b.setting) ||
    compareStrings(a.entry.rubric.question_id, b.entry.rubric.question_id)
  );
}

export function answerRow(a: AnswerState, scratch: Int32Array, missingAsMissing: boolean): AnswerScore {
  return {
    question_id: a.entry.rubric.question_id as QuestionId,
    model: a.model as ModelName,
    setting: a.setting,
    gamut: a.gamut,
    tiers: tierResults(a, scratch),
    ...(missingAsMissing && a.unjudged > 0 && { missing_counted: a.unjudged }),
  };
}

/** Materialises a scored run as the `gamut score --json` document. */
export function toScoreReport(run: ScoredRun): ScoreReport {
  return {
    answers: [...run.answers()],
    models: run.models,
    params: run.params,
    breakdowns: run.breakdowns,
    missing_counted: run.missingCounted,
    unscored: [...run.unscored],
  };
}
