import type { RagFlag, RagGroupSummary, RagSummary } from '../rag/index.js';
import type { JudgeFailureKind, Setting, Tier } from '../schema/index.js';
import type { CalibratedScore, CalibrationSummary, UnscoredAnswer } from '../score/index.js';

/**
 * View models shared by the CLI tables, the static HTML report and `gamut view`.
 * Scores are fractions in [−1, 1] (×100 only when rendered); undefined is null.
 * Large parts are columnar and verdicts are one character each, so a run of
 * thousands of questions stays small when embedded in report.html.
 */

/**
 * One character per check, in check order: meets, partially_meets, missing,
 * contradicts; `F` = the judge failed (no verdict, the answer is unscored); `-` = no line.
 */
export type VerdictCode = 'M' | 'P' | 'S' | 'C' | 'F' | '-';

export type Ci = [number, number];

export interface TierScoreView {
  answer_critical: number | null;
  valuable: number | null;
  context: number | null;
}

/** One model in one setting, as the leaderboard shows it. */
export interface LeaderboardRow {
  rank: number;
  model: string;
  setting: Setting;
  gamut: number | null;
  ci95: Ci | null;
  n: number;
  tiers: TierScoreView;
  /** Verdict totals over this model's answers in this setting, for the stacked bar. */
  verdicts: { meets: number; partially_meets: number; missing: number; contradicts: number };
  /** Answers left out of `gamut` because a check's judge failed. */
  unscored: number;
  /** With human labels (`gamut report --calibrate`): the calibrated score, shown beside `gamut`. */
  calibrated?: CalibratedScore;
}

export interface HeatCell {
  model: string;
  setting: Setting;
  domain: string | null;
  score: number | null;
  ci95: Ci | null;
  n: number;
}

export interface SettingPair {
  model: string;
  n: number;
  multimodal: number | null;
  text_only: number | null;
  difference: number | null;
  difference_ci95: Ci | null;
}

export interface JudgesView {
  judges: Array<{ judge: string; leniency: number | null }>;
  /** Rank table: one row per model × setting. */
  models: Array<{
    model: string;
    setting: Setting;
    scores: Record<string, { gamut: number | null; rank: number | null }>;
    spread: number | null;
  }>;
  pairs: Array<{
    a: string;
    b: string;
    n: number;
    kendall_tau: number | null;
    kendall_tau_ci95: Ci | null;
    verdict_kappa: number | null;
    verdict_agreement: number | null;
    points: Array<{ model: string; setting: Setting; x: number; y: number }>;
  }>;
}

/** The question list for the drill-down, columnar: index i of every array is one question. */
export interface QuestionIndex {
  ids: string[];
  text: string[];
  language: Array<string | null>;
  domain: Array<string | null>;
  popularity: Array<string | null>;
  /** What the question is about (meta-rubric `entity`), for search. */
  entity: Array<string | null>;
  /** The compiled rubric's hash: two runs compare a question only when it is the same. */
  rubric_hash: string[];
  checks: number[];
  /** Unit key `model|setting` → gamut per question (null where not answered or undefined). */
  scores: Record<string, Array<number | null>>;
}

export interface RagView {
  agent: string | null;
  judge: string | null;
  summary: RagSummary;
  by_type: Record<string, RagGroupSummary>;
  by_stage: Record<string, number>;
  by_origin: Record<string, RagGroupSummary>;
  flags: RagFlag[];
  /** One row per golden question, metrics side by side. */
  questions: Array<{
    question_id: string;
    question: string;
    type: string;
    origin: string;
    answerable: boolean;
    recall_at_k: number | null;
    fact_coverage: number | null;
    faithfulness: number | null;
    citation_precision: number | null;
    abstained: boolean;
    pass: boolean;
    failure_stage: string | null;
  }>;
}

/** Everything the first screen needs; small enough to parse before anything renders. */
export interface ReportSummary {
  format: 'gamut-report-summary';
  version: 1;
  run: {
    run_id: string | null;
    toolkit_version: string | null;
    started_at: string | null;
    ended_at: string | null;
    dataset_hash: string | null;
    lambda: number;
    mu: number;
    weights: Record<Tier, number>;
  };
  /** The judge whose verdicts the leaderboard scores; every judge in the run. */
  judge: string | null;
  judges: string[];
  /** Judge failure lines of every judge in the run. */
  judge_failures: number;
  /** Answers the leaderboard's judge left unscored, with the failed checks' kinds and reasons. */
  unscored: UnscoredAnswer[];
  models: string[];
  settings: Setting[];
  leaderboard: LeaderboardRow[];
  /** With human labels: how judge verdicts map to human-verdict distributions, per check kind. */
  calibration?: CalibrationSummary;
  heatmap: { domains: Array<string | null>; cells: HeatCell[] };
  /** The same cells by popularity (head/torso/tail) where the rubrics carry it. */
  popularity: { values: Array<string | null>; cells: HeatCell[] };
  settings_ablation: SettingPair[] | null;
  /** Multimodal − text-only per model and domain. */
  settings_by_domain: Array<SettingPair & { domain: string | null }> | null;
  judges_view: JudgesView | null;
  /** With several judges: each judge's leaderboard, for the judge switcher (a judge whose verdicts cannot be scored is left out). */
  leaderboards_by_judge: Record<string, LeaderboardRow[]> | null;
  questions: QuestionIndex;
  rag: RagView | null;
}

export interface DrillSnippet {
  id: string;
  title: string | null;
  url: string | null;
  text: string;
}

export interface DrillItem {
  id: string;
  type: string;
  tier: Tier;
  text: string;
  /** Members, steps, aspects or insights, as the meta-rubric lists them. */
  parts: string[];
  snippets: string[];
}

export interface DrillCheck {
  id: string;
  tier: Tier;
  kind: string;
  text: string;
  item: string;
  secondary: boolean;
  snippets: string[];
  /** For threshold and coverage checks: how many options must be named (the judge prompt states it). */
  min?: number;
}

export interface DrillJudgement {
  /** One code per check, in `checks` order. */
  codes: string;
  rationales: string[];
  /** A quote found verbatim in the response is stored as its [start, end) offsets; else as text. */
  quotes: Array<[number, number] | string | null>;
}

export interface DrillAnswer {
  model: string;
  setting: Setting;
  response: string;
  gamut: number | null;
  tiers: TierScoreView;
  /** Judge → its verdicts on this answer. */
  judgements: Record<string, DrillJudgement>;
  /** Checks whose judge failed: with such a failure the answer is unscored for that judge. */
  failures: Array<{ check_id: string; judge: string; kind: JudgeFailureKind; reason: string }>;
}

/** One question with everything the drill-down shows. */
export interface QuestionDetail {
  question_id: string;
  question: string;
  text_only_question: string | null;
  language: string | null;
  entity: string | null;
  domain: string | null;
  popularity: string | null;
  /** Image path relative to the run directory (null when the question has none). */
  image: string | null;
  items: DrillItem[];
  snippets: DrillSnippet[];
  checks: DrillCheck[];
  answers: DrillAnswer[];
}

export interface RagClaimView {
  text: string;
  key: boolean;
  supported: boolean;
  contradicted: boolean;
  citations: Array<{
    page_id: string;
    status: string;
    valid: boolean;
    location: string | null;
    reason: string;
    title: string | null;
    /** The part of the cited page that best matches the claim. */
    passage: string | null;
  }>;
}

export interface RagQuestionDetail {
  question_id: string;
  question: string;
  gold_answer: string | null;
  answer: string | null;
  facts: Array<{ id: string; fact: string; verdict: string | null; judge_verdict: string | null; values: string[] }>;
  claims: RagClaimView[];
  retrieved: Array<{ page_id: string; version: number; status: string; rank: number; title: string | null }>;
  flags: RagFlag[];
}
