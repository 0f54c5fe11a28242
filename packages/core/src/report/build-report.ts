import type { PageView, RagReport } from '../rag/index.js';
import type {
  AgentOutput,
  CompiledRubric,
  GoldenSet,
  Manifest,
  MetaRubric,
  Setting,
  SettledAnswer,
  SettledVerdict,
  WikiPage,
} from '../schema/index.js';
import { DEFAULT_WEIGHTS, toScoreReport } from '../score/index.js';
import { calibrateLeaderboard, type ReportCalibrationInput } from './build-calibrated.js';
import { buildDrillDown } from './build-drill-down.js';
import { buildRagDetails, buildRagView } from './build-rag.js';
import {
  heatCells,
  judgesView,
  leaderboardRows,
  leaderboardsByJudge,
  questionScores,
  type ScoreViewOptions,
  scoredRunForReport,
  settingPairs,
} from './build-scores.js';
import type { QuestionDetail, RagQuestionDetail, ReportSummary } from './report-model.js';

/** A run directory's contents, parsed (the CLI reads the files; this stays pure). */
export interface ReportInput {
  manifest: Manifest | null;
  metaRubrics: readonly MetaRubric[];
  rubrics: readonly CompiledRubric[];
  answers: readonly SettledAnswer[];
  /** Verdict lines and judge failure lines (`"verdict": null`), as verdicts.jsonl holds them. */
  verdicts: readonly SettledVerdict[];
  rag?: {
    report: RagReport;
    golden?: GoldenSet | null;
    wiki?: readonly WikiPage[];
    outputs?: readonly AgentOutput[];
    /** Each page's text view, for the passages shown beside claims. */
    view?: (page: WikiPage) => PageView;
  } | null;
  /** Which judge the leaderboard scores; default: the manifest's first judge present in the verdicts, else the first by name. */
  judge?: string;
  /** Count checks without a verdict as missing instead of failing (as `gamut score --missing-as-missing`). */
  missingAsMissing?: boolean;
  resamples?: number;
  /** Adjudicated human labels: the leaderboard then shows calibrated scores beside the raw ones. */
  calibration?: ReportCalibrationInput;
}

export interface ReportModel {
  summary: ReportSummary;
  questions: QuestionDetail[];
  rag: RagQuestionDetail[];
}

function chooseJudge(input: ReportInput, judges: readonly string[]): string | null {
  if (input.judge !== undefined) return input.judge;
  for (const j of input.manifest?.judges ?? []) if (judges.includes(j.spec)) return j.spec;
  return judges[0] ?? null;
}

/**
 * Builds every view model of a run: the leaderboard and breakdowns from the
 * scorer, judge robustness and setting ablation from the analysis functions,
 * the drill-down records and the wiki-QA pages. Throws the scorer's
 * `InputError` when verdicts are incomplete or inconsistent.
 */
export function buildReportModel(input: ReportInput): ReportModel {
  const judges = [...new Set(input.verdicts.map((v) => v.judge))].sort();
  const judge = chooseJudge(input, judges);
  const m = input.manifest;
  const params = m ? { lambda: m.lambda, mu: m.mu, weights: m.weights } : undefined;
  const opts: ScoreViewOptions = {
    rubrics: input.rubrics,
    verdicts: input.verdicts,
    ...(params && { params }),
    judge: judges.length > 0 ? judge : null,
    ...(m && { seed: m.seed }),
    ...(input.resamples !== undefined && { resamples: input.resamples }),
    ...(input.missingAsMissing && { missingAsMissing: true }),
  };
  const hasVerdicts = input.verdicts.length > 0;
  const run = hasVerdicts ? scoredRunForReport(opts) : null;
  const report = run ? toScoreReport(run) : null;
  const rows = report ? leaderboardRows(report) : [];
  const calibrated =
    run && input.calibration ? calibrateLeaderboard(run, input.rubrics, rows, input.calibration) : null;
  const settings = [...new Set<Setting>(input.answers.map((a) => a.setting))].sort();
  const models = [...new Set(input.answers.map((a) => a.model as string))].sort();
  const metaById = new Map(input.metaRubrics.map((x) => [x.question_id as string, x]));
  const ids = input.rubrics.map((r) => r.question_id as string);
  const both = settings.includes('multimodal') && settings.includes('text_only');
  const ablation = report && both ? settingPairs(opts) : null;

  const summary: ReportSummary = {
    format: 'gamut-report-summary',
    version: 1,
    run: {
      run_id: m?.run_id ?? null,
      toolkit_version: m?.toolkit_version ?? null,
      started_at: m?.started_at ?? null,
      ended_at: m?.ended_at ?? null,
      dataset_hash: m?.dataset_hash ?? null,
      lambda: report?.params.lambda ?? m?.lambda ?? 0.5,
      mu: report?.params.mu ?? m?.mu ?? -2,
      weights: report?.params.weights ?? m?.weights ?? DEFAULT_WEIGHTS,
    },
    judge: hasVerdicts ? judge : null,
    judges,
    judge_failures: input.verdicts.reduce((n, v) => n + (v.verdict === null ? 1 : 0), 0),
    unscored: report?.unscored ?? [],
    models,
    settings,
    leaderboard: calibrated?.rows ?? rows,
    ...(calibrated && { calibration: calibrated.calibration }),
    heatmap: report ? heatCells(report) : { domains: [], cells: [] },
    popularity: report
      ? (({ domains, cells }) => ({ values: domains, cells }))(heatCells(report, 'popularity'))
      : { values: [], cells: [] },
    settings_ablation: ablation?.models ?? null,
    settings_by_domain: ablation?.byDomain ?? null,
    judges_view: hasVerdicts && judges.length >= 2 ? judgesView(opts) : null,
    leaderboards_by_judge: hasVerdicts && judges.length >= 2 ? leaderboardsByJudge(opts, judges) : null,
    questions: {
      ids,
      text: ids.map((id) => metaById.get(id)?.question ?? id),
      language: input.rubrics.map((r) => metaById.get(r.question_id)?.language ?? r.language ?? null),
      domain: input.rubrics.map((r) => metaById.get(r.question_id)?.domain ?? r.domain ?? null),
      popularity: input.rubrics.map((r) => metaById.get(r.question_id)?.popularity ?? r.popularity ?? null),
      entity: input.rubrics.map((r) => metaById.get(r.question_id)?.entity ?? null),
      rubric_hash: input.rubrics.map((r) => r.rubric_hash),
      checks: input.rubrics.map((r) => r.checks.length),
      scores: report ? questionScores(ids, report.answers) : {},
    },
    rag: input.rag ? buildRagView(input.rag) : null,
  };
  return {
    summary,
    questions: buildDrillDown({
      metaRubrics: input.metaRubrics,
      rubrics: input.rubrics,
      answers: input.answers,
      verdicts: input.verdicts,
      scores: report?.answers ?? [],
    }),
    rag: input.rag ? buildRagDetails(input.rag) : [],
  };
}
