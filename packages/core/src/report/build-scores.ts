import { analyzeJudges, analyzeSettings, type RunAnalysisOptions } from '../analysis/index.js';
import { InputError } from '../issues/index.js';
import type { CompiledRubric, Setting, SettledVerdict } from '../schema/index.js';
import {
  type AnswerScore,
  type ScoredRun,
  type ScoreParamsInput,
  type ScoreReport,
  scoreVerdictsRun,
  toScoreReport,
} from '../score/index.js';
import type { HeatCell, JudgesView, LeaderboardRow, QuestionIndex, SettingPair } from './report-model.js';

export interface ScoreViewOptions {
  rubrics: readonly CompiledRubric[];
  verdicts: readonly SettledVerdict[];
  params?: ScoreParamsInput;
  /** The judge the leaderboard scores; required when verdicts hold several. */
  judge: string | null;
  seed?: number;
  resamples?: number;
  missingAsMissing?: boolean;
}

export const unitId = (model: string, setting: Setting): string => `${model}|${setting}`;

/** What every view scores from, so the leaderboard and the analyses agree on parameters. */
function runInputs(o: ScoreViewOptions): RunAnalysisOptions {
  return {
    rubrics: o.rubrics,
    verdicts: o.verdicts,
    ...(o.params && { params: o.params }),
    ...(o.seed !== undefined && { seed: o.seed }),
    ...(o.resamples !== undefined && { resamples: o.resamples }),
    ...(o.missingAsMissing && { missingAsMissing: true }),
  };
}

/**
 * Scores the chosen judge's verdicts (sample 0) exactly as `gamut score` does;
 * kept unmaterialised so calibrated scores can re-weigh its checks.
 */
export function scoredRunForReport(o: ScoreViewOptions): ScoredRun {
  return scoreVerdictsRun(reportScoreOptions(o));
}

function reportScoreOptions(o: ScoreViewOptions) {
  return {
    ...runInputs(o),
    ...(o.judge !== null && { judge: o.judge }),
    breakdowns: ['tier', 'domain', 'popularity'] as const,
  };
}

/**
 * Every judge's leaderboard. A judge that left checks without a verdict (it
 * judged a subset) cannot be scored on its own and is left out, not guessed.
 */
export function leaderboardsByJudge(o: ScoreViewOptions, judges: readonly string[]): Record<string, LeaderboardRow[]> {
  const out: Record<string, LeaderboardRow[]> = {};
  for (const judge of judges) {
    try {
      out[judge] = leaderboardRows(toScoreReport(scoredRunForReport({ ...o, judge })));
    } catch (e) {
      if (!InputError.isInstance(e)) throw e;
    }
  }
  return out;
}

/** Leaderboard rows, ranked within each setting by mean Gamut score (nulls last, then by name). */
export function leaderboardRows(report: ScoreReport): LeaderboardRow[] {
  const totals = new Map<string, LeaderboardRow['verdicts']>();
  for (const a of report.answers) {
    const key = unitId(a.model, a.setting);
    const t = totals.get(key) ?? { meets: 0, partially_meets: 0, missing: 0, contradicts: 0 };
    for (const tier of Object.values(a.tiers)) {
      if (!tier) continue;
      t.meets += tier.meets;
      t.partially_meets += tier.partially_meets;
      t.missing += tier.missing;
      t.contradicts += tier.contradicts;
    }
    totals.set(key, t);
  }
  const rows = report.models.map((m) => ({
    rank: 0,
    model: m.model as string,
    setting: m.setting,
    gamut: m.gamut,
    ci95: m.ci95,
    n: m.n,
    unscored: m.unscored,
    tiers: { ...m.tiers },
    verdicts: totals.get(unitId(m.model, m.setting)) ?? { meets: 0, partially_meets: 0, missing: 0, contradicts: 0 },
  }));
  rows.sort(
    (a, b) =>
      a.setting.localeCompare(b.setting) ||
      (b.gamut ?? Number.NEGATIVE_INFINITY) - (a.gamut ?? Number.NEGATIVE_INFINITY) ||
      a.model.localeCompare(b.model),
  );
  let rank = 0;
  let setting: string | null = null;
  for (const r of rows) {
    rank = r.setting === setting ? rank + 1 : 1;
    setting = r.setting;
    r.rank = rank;
  }
  return rows;
}

export function heatCells(
  report: ScoreReport,
  key: 'domain' | 'popularity' = 'domain',
): { domains: Array<string | null>; cells: HeatCell[] } {
  const rows = report.breakdowns[key] ?? [];
  const domains = [...new Set(rows.map((r) => r.value))].sort((a, b) =>
    a === null ? 1 : b === null ? -1 : a.localeCompare(b),
  );
  return {
    domains,
    cells: rows.map((r) => ({
      model: r.model,
      setting: r.setting,
      domain: r.value,
      score: r.score,
      ci95: r.ci95,
      n: r.n,
    })),
  };
}

/** Per-question Gamut scores of every model × setting, aligned with `ids`. */
export function questionScores(ids: readonly string[], answers: readonly AnswerScore[]): QuestionIndex['scores'] {
  const pos = new Map(ids.map((id, i) => [id, i]));
  const out: QuestionIndex['scores'] = {};
  for (const a of answers) {
    const key = unitId(a.model, a.setting);
    let col = out[key];
    if (!col) {
      col = new Array<number | null>(ids.length).fill(null);
      out[key] = col;
    }
    const i = pos.get(a.question_id);
    if (i !== undefined) col[i] = a.gamut;
  }
  return out;
}

export function settingPairs(o: ScoreViewOptions): {
  models: SettingPair[];
  byDomain: Array<SettingPair & { domain: string | null }>;
} {
  const r = analyzeSettings({ ...runInputs(o), ...(o.judge !== null && { judge: o.judge }) });
  const pair = (m: SettingPair) => ({
    model: m.model,
    n: m.n,
    multimodal: m.multimodal,
    text_only: m.text_only,
    difference: m.difference,
    difference_ci95: m.difference_ci95,
  });
  return { models: r.models.map(pair), byDomain: r.by_domain.map((m) => ({ ...pair(m), domain: m.domain })) };
}

export function judgesView(o: ScoreViewOptions): JudgesView {
  // Every judge's verdicts, whichever one the leaderboard scores.
  const r = analyzeJudges(runInputs(o));
  return {
    judges: r.judges.map((j) => ({ judge: j.judge, leniency: j.leniency })),
    models: r.models.map((m) => ({
      model: m.model,
      setting: m.setting,
      scores: Object.fromEntries(Object.entries(m.scores).map(([j, s]) => [j, { gamut: s.gamut, rank: s.rank }])),
      spread: m.spread,
    })),
    pairs: r.pairs.map((p) => ({
      a: p.a,
      b: p.b,
      n: p.n,
      kendall_tau: p.kendall_tau,
      kendall_tau_ci95: p.kendall_tau_ci95,
      verdict_kappa: p.verdict_kappa,
      verdict_agreement: p.verdict_agreement,
      points: p.points.map((pt) => ({ model: pt.model, setting: pt.setting, x: pt.x, y: pt.y })),
    })),
  };
}
