import type { ModelName, Tier } from '../schema/index.js';
import { TIERS } from '../schema/index.js';
import { bootstrapMeanCiSeeded, mean } from './bootstrap.js';
import type { AnswerState } from './rubric-index.js';
import type { BreakdownKey, BreakdownRow, ModelScore, ScoreReport } from './score-report.js';

export interface AggregateOptions {
  seed: number;
  resamples: number;
  breakdowns: readonly BreakdownKey[];
}

export interface Aggregates {
  models: ModelScore[];
  breakdowns: ScoreReport['breakdowns'];
}

/**
 * Per model and setting: the mean gamut score with its bootstrap interval over
 * questions, mean tier scores, and the breakdowns asked for. `answers` must be
 * sorted by model, setting, question id, so each group is contiguous and its
 * values come in a fixed order whatever order the verdict lines came in.
 */
export function aggregate(answers: readonly AnswerState[], options: AggregateOptions): Aggregates {
  const models: ModelScore[] = [];
  const want = new Set(options.breakdowns);
  const labelled = {
    domain: want.has('domain') && answers.some((a) => a.entry.rubric.domain !== undefined),
    popularity: want.has('popularity') && answers.some((a) => a.entry.rubric.popularity !== undefined),
  };
  const breakdowns: ScoreReport['breakdowns'] = {};
  if (want.has('tier')) breakdowns.tier = [];
  if (labelled.domain) breakdowns.domain = [];
  if (labelled.popularity) breakdowns.popularity = [];

  for (let start = 0; start < answers.length; ) {
    const first = answers[start] as AnswerState;
    let end = start + 1;
    while (end < answers.length && sameGroup(answers[end] as AnswerState, first)) end++;
    const group = answers.slice(start, end);
    start = end;
    const model = first.model as ModelName;
    const setting = first.setting;
    const cell = (parts: string[], values: number[]) => summarize(values, options, [model, setting, ...parts]);

    const overall = cell([], gamutValues(group));
    const tierMeans = {} as Record<Tier, number | null>;
    TIERS.forEach((tier, t) => {
      const values = tierValues(group, t);
      tierMeans[tier] = mean(values);
      if (breakdowns.tier) breakdowns.tier.push({ model, setting, value: tier, ...cell(['tier', tier], values) });
    });
    const unscored = group.reduce((k, a) => k + (a.failed > 0 ? 1 : 0), 0);
    models.push({ model, setting, gamut: overall.score, ci95: overall.ci95, n: overall.n, unscored, tiers: tierMeans });

    for (const key of ['domain', 'popularity'] as const) {
      const rows = breakdowns[key];
      if (!rows) continue;
      for (const [value, members] of groupBy(group, (a) => a.entry.rubric[key] ?? null)) {
        rows.push({ model, setting, value, ...cell([key, value ?? '\u0000null'], gamutValues(members)) });
      }
    }
  }
  models.sort(byScoreThenName);
  return { models, breakdowns };
}

function summarize(
  values: number[],
  options: AggregateOptions,
  parts: string[],
): Pick<BreakdownRow, 'score' | 'ci95' | 'n'> {
  // Each cell draws from its own stream, seeded by its name, so adding a model
  // or reordering input never moves another cell's interval.
  const seed = cellSeed(parts, options.seed);
  return {
    score: mean(values),
    // The same interval as bootstrapMeanCi with seededRandom(seed), computed faster.
    ci95: bootstrapMeanCiSeeded(values, { seed, resamples: options.resamples }),
    n: values.length,
  };
}

function gamutValues(group: readonly AnswerState[]): number[] {
  const out: number[] = [];
  for (const a of group) if (a.gamut !== null) out.push(a.gamut);
  return out;
}

function tierValues(group: readonly AnswerState[], t: number): number[] {
  const out: number[] = [];
  for (const a of group) {
    const s = a.tierScores[t];
    if (s !== null && s !== undefined) out.push(s);
  }
  return out;
}

function groupBy(group: readonly AnswerState[], key: (a: AnswerState) => string | null) {
  const map = new Map<string | null, AnswerState[]>();
  for (const a of group) {
    const k = key(a);
    const list = map.get(k);
    if (list) list.push(a);
    else map.set(k, [a]);
  }
  // Labels in code-unit order, unlabelled questions last.
  return [...map].sort(([a], [b]) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1));
}

function sameGroup(a: AnswerState, b: AnswerState): boolean {
  return a.model === b.model && a.setting === b.setting;
}

/** Best first; models without a score last; ties by name so the order is stable. */
function byScoreThenName(a: ModelScore, b: ModelScore): number {
  if (a.gamut !== b.gamut) {
    if (a.gamut === null) return 1;
    if (b.gamut === null) return -1;
    return b.gamut - a.gamut;
  }
  return compareStrings(a.model, b.model) || compareStrings(a.setting, b.setting);
}

export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The seed of one cell's bootstrap stream: its name mixed with the run's seed. */
export function cellSeed(parts: readonly string[], seed: number): number {
  return (fnv1a(parts.join('\u0000')) ^ Math.imul(seed, 0x9e3779b1)) >>> 0;
}

/** 32-bit FNV-1a over UTF-16 code units: a stable seed per cell name. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
