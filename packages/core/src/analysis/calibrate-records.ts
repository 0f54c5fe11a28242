import { InputError } from '../issues/errors.js';
import type { SourceRecord } from '../records/source-record.js';
import type { CompiledRubric } from '../schema/compiled-rubric.js';
import {
  type CalibrationKind,
  calibrateJudges,
  calibrationKind,
  calibrationLabels,
  checkFacets,
  type JudgeCalibration,
} from './calibration-inputs.js';

/** A file's records and its name, for messages. */
export interface NamedRecords {
  readonly file: string;
  readonly records: readonly SourceRecord[];
}

const holds = (kind: CalibrationKind) => (kind === 'rag' ? 'RAG judgments' : 'verdict lines');

/**
 * `gamut analyze calibration` over the records read: the two files must hold
 * the same kind, `judge` must have judgments, and some item must be labelled
 * in both; each is otherwise an input error naming the file.
 */
export function calibrateRecords(o: {
  labels: NamedRecords;
  judgments: NamedRecords;
  /** Compiled rubrics, for check kind and tier (verdict lines only). */
  rubrics?: readonly CompiledRubric[];
  judge?: string;
  seed: number;
  resamples: number;
}): { kind: CalibrationKind; judges: JudgeCalibration[] } {
  const kind = calibrationKind(o.labels.records, o.labels.file);
  const judgeKind = calibrationKind(o.judgments.records, o.judgments.file);
  if (judgeKind !== kind) {
    throw new InputError({
      rule: 'format-mismatch',
      message: `--labels holds ${holds(kind)} but --judgments holds ${holds(judgeKind)}`,
      file: o.judgments.file,
    });
  }
  const human = calibrationLabels(o.labels.records, kind, 'human');
  const judged = calibrationLabels(o.judgments.records, kind, 'judge');
  const judges = [...new Set(judged.map((r) => r.rater))].sort();
  if (o.judge !== undefined && !judges.includes(o.judge)) {
    throw new InputError({
      rule: 'unknown-judge',
      message: `judge "${o.judge}" has no judgments in ${o.judgments.file}; judges: ${judges.join(', ')}`,
      file: o.judgments.file,
    });
  }
  const reports = calibrateJudges({
    kind,
    human,
    judged,
    judges: o.judge !== undefined ? [o.judge] : judges,
    ...(kind !== 'rag' && { facets: checkFacets(o.rubrics ?? []) }),
    seed: o.seed,
    resamples: o.resamples,
  });
  if (reports.every((r) => Object.values(r.aspects).every((a) => a.items === 0))) {
    throw new InputError({
      rule: 'no-overlap',
      message: `no item is labelled in both ${o.labels.file} and ${o.judgments.file} (matched on question, model, setting and check)`,
      file: o.judgments.file,
    });
  }
  return { kind, judges: reports };
}
