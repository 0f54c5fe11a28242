import type { CompiledRubric, RunStore, ScoreParamsInput, ScoreReport, Setting, StoredJudgeFailure } from '@gamut/core';
import { verdictLine } from './export-verdicts.js';

export interface UnscoredAnswer {
  questionId: string;
  model: string;
  setting: Setting;
  /** Checks whose judge failed: the answer is left out of the scores rather than scored on a guess. */
  failedChecks: string[];
}

export interface StoredScores {
  /** Null when no answer could be scored (every one has a judge failure, or nothing was judged). */
  report: ScoreReport | null;
  unscored: UnscoredAnswer[];
}

/**
 * Scores one judge's verdicts of a run straight from the store (streamed into
 * the scorer's accumulator). Answers with a judge failure are listed apart,
 * never scored with the failed check counted as missing.
 */
export async function scoreStoredRun(options: {
  store: RunStore;
  runId: string;
  rubrics: readonly CompiledRubric[];
  judge: string;
  params?: ScoreParamsInput;
  seed?: number;
  failures?: readonly StoredJudgeFailure[];
}): Promise<StoredScores> {
  const { ScoreAccumulator, toScoreReport } = await import('@gamut/core');
  const failures = (options.failures ?? (await options.store.getJudgeFailures(options.runId))).filter(
    (f) => f.judge === options.judge,
  );
  const byAnswer = new Map<string, UnscoredAnswer>();
  for (const f of failures) {
    const k = `${f.questionId}\u0000${f.model}\u0000${f.setting}`;
    const u = byAnswer.get(k) ?? { questionId: f.questionId, model: f.model, setting: f.setting, failedChecks: [] };
    u.failedChecks.push(f.checkId);
    byAnswer.set(k, u);
  }
  const acc = new ScoreAccumulator({
    rubrics: options.rubrics,
    judge: options.judge,
    ...(options.params !== undefined && { params: options.params }),
    ...(options.seed !== undefined && { seed: options.seed }),
  });
  let added = 0;
  for await (const v of options.store.verdicts(options.runId)) {
    if (v.judge !== options.judge || v.sample !== 0) continue;
    if (byAnswer.has(`${v.questionId}\u0000${v.model}\u0000${v.setting}`)) continue;
    acc.add(verdictLine(v));
    added++;
  }
  const unscored = [...byAnswer.values()];
  if (added === 0) return { report: null, unscored };
  return { report: toScoreReport(acc.finish()), unscored };
}
