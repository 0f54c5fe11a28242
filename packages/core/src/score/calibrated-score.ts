import type { Tier } from '../schema/index.js';
import { TIERS } from '../schema/index.js';
import { cellSeed } from './aggregate.js';
import { mean, quantileSorted } from './bootstrap.js';
import type { CalibrationSummary, ModelCalibratedScore } from './calibrated-report.js';
import {
  type CodedPairs,
  cellCounts,
  cellViews,
  codePairs,
  type LabelPair,
  smooth,
  VERDICT_COUNT,
} from './calibration-map.js';
import type { ScoreParams } from './params.js';
import { TIER_INDEX } from './rubric-index.js';
import type { AnswerChecks, ScoredRun } from './scored-run.js';
import { seededRandom } from './seeded-random.js';
import { gamutScore, type TierCounts, type TierScores, tierScore } from './tier-score.js';

export interface CalibratedScoresOptions {
  /** The labels matched with this run's judge verdicts (`pairLabels`). */
  pairs: readonly LabelPair[];
  unpaired?: number;
  /** The labels file, shown in reports. */
  labelsFile?: string;
}

export interface CalibratedScores {
  calibration: CalibrationSummary;
  /** Parallel to the run's `models`. */
  models: ModelCalibratedScore[];
}

/**
 * An answer reduced to what calibration needs: per tier, how many checks sit
 * in each (kind, judge verdict) cell, and how many count as missing outright
 * (no verdict, under `missingAsMissing`: not a judge verdict, so not re-weighed).
 */
interface AnswerCells {
  group: number;
  /** Triples: tier, cell, count. */
  cells: Int32Array;
  missing: Int32Array;
}

/**
 * Calibrated scores (SPEC §12): each judge verdict of each check kind is
 * replaced by the distribution of human verdicts it stands for in the
 * labelled sample (add-one smoothed), tier scores are computed from the
 * expected counts with the raw score's formulas, and each model's mean
 * gets a 95% interval from a bootstrap that resamples the labelled sample
 * (rebuilding the mapping) and the model's questions in every round. Same
 * run, labels and seed: same numbers.
 */
export function calibratedScores(run: ScoredRun, options: CalibratedScoresOptions): CalibratedScores {
  const params: ScoreParams = run.params;
  const answers = [...run.checks()];
  const kinds = [
    ...new Set([...answers.flatMap((a) => a.rubric.checks.map((c) => c.kind)), ...options.pairs.map((p) => p.kind)]),
  ].sort();
  const coded = codePairs(options.pairs, kinds);
  const groups = run.models.map((m) => `${m.model}\u0000${m.setting}`);
  const groupOf = new Map(groups.map((g, i) => [g, i]));
  const used = new Float64Array(kinds.length * VERDICT_COUNT);
  const reduced = answers
    .filter((a) => a.scored)
    .map((a) => reduceAnswer(a, kinds, groupOf.get(`${a.model}\u0000${a.setting}`) as number, used));

  const point = smooth(cellCounts(coded));
  const values = reduced.map((a) => calibratedGamut(a, point, params));
  const { resamples, seed } = run.params;
  const rounds = bootstrapRounds({ coded, reduced, params, groups: groups.length, resamples, seed, names: groups });

  return {
    calibration: {
      labels: options.labelsFile ?? null,
      n_labels: options.pairs.length,
      unpaired: options.unpaired ?? 0,
      cells: cellViews(coded, used),
    },
    models: run.models.map((m, g) => {
      const own = values.filter((v, i) => v !== null && reduced[i]?.group === g) as number[];
      const sorted = rounds[g] as Float64Array;
      return {
        model: m.model,
        setting: m.setting,
        gamut: mean(own),
        ci95: sorted.length > 0 ? [quantileSorted(sorted, 0.025), quantileSorted(sorted, 0.975)] : null,
        n_labels: options.pairs.length,
      };
    }),
  };
}

function reduceAnswer(a: AnswerChecks, kinds: readonly string[], group: number, used: Float64Array): AnswerCells {
  const kindIndex = new Map(kinds.map((k, i) => [k, i]));
  const counts = new Map<number, number>();
  const missing = new Int32Array(3);
  a.rubric.checks.forEach((check, i) => {
    const tier = TIER_INDEX[check.tier];
    const code = a.codes[i] as number;
    if (code === 0) {
      missing[tier]! += 1;
      return;
    }
    const cell = (kindIndex.get(check.kind) as number) * VERDICT_COUNT + (code - 1);
    used[cell]! += 1;
    const key = tier * used.length + cell;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  });
  const cells = new Int32Array(counts.size * 3);
  let o = 0;
  for (const [key, count] of counts) {
    cells[o++] = Math.floor(key / used.length);
    cells[o++] = key % used.length;
    cells[o++] = count;
  }
  return { group, cells, missing };
}

// Scratch reused by every call: this runs resamples × answers times.
const counts: TierCounts[] = TIERS.map(() => ({ meets: 0, partially_meets: 0, missing: 0, contradicts: 0 }));
const tierScores: TierScores = { answer_critical: null, valuable: null, context: null };

/** The answer's Gamut score from expected counts under the distributions `dist` (one row of 4 per cell). */
function calibratedGamut(a: AnswerCells, dist: Float64Array, params: ScoreParams): number | null {
  for (let t = 0; t < 3; t++) {
    const c = counts[t] as TierCounts;
    c.meets = 0;
    c.partially_meets = 0;
    c.missing = a.missing[t] as number;
    c.contradicts = 0;
  }
  const { cells } = a;
  for (let i = 0; i < cells.length; i += 3) {
    const c = counts[cells[i] as number] as TierCounts;
    const row = (cells[i + 1] as number) * VERDICT_COUNT;
    const n = cells[i + 2] as number;
    c.meets += n * (dist[row] as number);
    c.partially_meets += n * (dist[row + 1] as number);
    c.missing += n * (dist[row + 2] as number);
    c.contradicts += n * (dist[row + 3] as number);
  }
  TIERS.forEach((tier: Tier, t) => {
    tierScores[tier] = tierScore(counts[t] as TierCounts, params);
  });
  return gamutScore(tierScores, params.weights);
}

interface RoundsInput {
  coded: CodedPairs;
  reduced: readonly AnswerCells[];
  params: ScoreParams;
  groups: number;
  names: readonly string[];
  resamples: number;
  seed: number;
}

/**
 * Each round draws the labelled sample with replacement (one stream, shared
 * by every model: they are scored through one mapping) and each model's
 * answers with replacement (a stream per model, seeded by its name, so adding
 * a model moves no other's interval). Returns each model's round means, sorted.
 */
function bootstrapRounds(o: RoundsInput): Float64Array[] {
  const members: number[][] = Array.from({ length: o.groups }, () => []);
  o.reduced.forEach((a, i) => {
    members[a.group]?.push(i);
  });
  const labelRandom = seededRandom(cellSeed(['calibration labels'], o.seed));
  const modelRandom = o.names.map((name) => seededRandom(cellSeed(['calibrated', name], o.seed)));
  const nPairs = o.coded.cell.length;
  const draw = new Int32Array(nPairs);
  const dist = new Float64Array(o.coded.kinds.length * VERDICT_COUNT * VERDICT_COUNT);
  const values = new Float64Array(o.reduced.length);
  const defined = new Uint8Array(o.reduced.length);
  const rounds = members.map(() => [] as number[]);
  for (let b = 0; b < o.resamples; b++) {
    for (let i = 0; i < nPairs; i++) draw[i] = (labelRandom() * nPairs) | 0;
    smooth(cellCounts(o.coded, draw, dist));
    o.reduced.forEach((a, i) => {
      const v = calibratedGamut(a, dist, o.params);
      defined[i] = v === null ? 0 : 1;
      values[i] = v ?? 0;
    });
    members.forEach((idx, g) => {
      const own = idx.filter((i) => defined[i] === 1);
      if (own.length === 0) return;
      const random = modelRandom[g] as () => number;
      let sum = 0;
      for (let k = 0; k < own.length; k++) sum += values[own[(random() * own.length) | 0] as number] as number;
      rounds[g]?.push(sum / own.length);
    });
  }
  return rounds.map((r) => Float64Array.from(r).sort());
}
