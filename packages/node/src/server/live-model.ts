import type { ReportCalibrationInput, ReportModel } from '@gamut/core';

/**
 * The report model as the store's labels stand now: `labels` is read on every call, since another
 * process (`gamut review` beside `gamut view`) may have added some, and the model is rebuilt only
 * when they changed. `first` is the model built from `firstLabels` at start, kept until then.
 */
export function liveReportModel(o: {
  labels: () => Promise<ReportCalibrationInput | null>;
  build: (labels: ReportCalibrationInput | null) => ReportModel;
  firstLabels: ReportCalibrationInput | null;
  first: ReportModel;
}): () => Promise<ReportModel> {
  let last = { key: JSON.stringify(o.firstLabels), model: o.first };
  return async () => {
    const labels = await o.labels();
    const key = JSON.stringify(labels);
    // Building is synchronous: no other call can change `last` between the check and the update.
    if (key !== last.key) last = { key, model: o.build(labels) };
    return last.model;
  };
}
