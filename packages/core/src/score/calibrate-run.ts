import { InputError } from '../issues/errors.js';
import type { CompiledRubric } from '../schema/index.js';
import { type CalibratedScores, calibratedScores } from './calibrated-score.js';
import { type LabelRecordInput, pairLabels } from './calibration-labels.js';
import type { ModelScore } from './score-report.js';
import type { ScoredRun } from './scored-run.js';

/**
 * `--calibrate FILE`: reads the adjudicated labels (a `labels:` file, JSONL or
 * CSV verdict lines), pairs them with the scored judge's verdicts and computes
 * the calibrated scores. Bad labels and a file that pairs with nothing are
 * input errors naming the file (and line).
 */
export function calibrateRun(
  run: ScoredRun,
  rubrics: readonly CompiledRubric[],
  { file, labels }: { readonly file: string; readonly labels: readonly LabelRecordInput[] },
): CalibratedScores {
  const { pairs, unpaired } = pairLabels({ rubrics, answers: run.checks(), labels, file });
  if (pairs.length === 0) {
    throw new InputError({
      rule: 'no-overlap',
      message:
        `none of the ${labels.length} labels in ${file} is on a check the judge graded ` +
        '(matched on question, model, setting and check); label checks of this run',
      file,
    });
  }
  return calibratedScores(run, { pairs, unpaired, labelsFile: file });
}

/** The run's models with their calibrated scores beside the raw ones (as `--json` and the table show them). */
export function withCalibrated(models: readonly ModelScore[], calibrated: CalibratedScores | undefined): ModelScore[] {
  if (!calibrated) return [...models];
  return models.map((m, i) => {
    const { gamut, ci95, n_labels } = calibrated.models[i] ?? { gamut: null, ci95: null, n_labels: 0 };
    return { ...m, calibrated: { gamut, ci95, n_labels } };
  });
}
