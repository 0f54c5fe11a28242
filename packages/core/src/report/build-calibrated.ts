import type { CompiledRubric } from '../schema/index.js';
import {
  type CalibrationSummary,
  calibratedScores,
  type LabelRecordInput,
  pairLabels,
  type ScoredRun,
} from '../score/index.js';
import { unitId } from './build-scores.js';
import type { LeaderboardRow } from './report-model.js';

/** Adjudicated human labels for the leaderboard's calibrated column (a `labels:` file as read). */
export interface ReportCalibrationInput {
  file: string;
  labels: readonly LabelRecordInput[];
}

/**
 * The leaderboard rows with each model's calibrated score beside the raw one,
 * and the mapping they came from. Bad labels throw the `InputError` of
 * `pairLabels`, naming file and line.
 */
export function calibrateLeaderboard(
  run: ScoredRun,
  rubrics: readonly CompiledRubric[],
  rows: readonly LeaderboardRow[],
  input: ReportCalibrationInput,
): { rows: LeaderboardRow[]; calibration: CalibrationSummary } {
  const { pairs, unpaired } = pairLabels({ rubrics, answers: run.checks(), labels: input.labels, file: input.file });
  const result = calibratedScores(run, { pairs, unpaired, labelsFile: input.file });
  const byUnit = new Map(result.models.map(({ model, setting, ...score }) => [unitId(model, setting), score]));
  return {
    rows: rows.map((r) => {
      const calibrated = byUnit.get(unitId(r.model, r.setting));
      return calibrated ? { ...r, calibrated } : { ...r };
    }),
    calibration: result.calibration,
  };
}
