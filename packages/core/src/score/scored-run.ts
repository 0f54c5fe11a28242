import type { CompiledRubric, ModelName, QuestionId } from '../schema/index.js';
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
