import {
  type CalibrationKind,
  calibrateJudges,
  calibrationKind,
  calibrationLabels,
  calibrationText,
  checkFacets,
  disagreementRows,
  InputError,
} from '@gamut/core';
import { readRecords, toJsonl, writeFileAtomic } from '@gamut/node';
import { readCompiledRubrics } from '../score/read-rubrics.js';
import { intOption } from './read-inputs.js';
import { printJson, writeText } from './render.js';

export interface CalibrationCliOptions {
  labels: string;
  judgments: string;
  rubrics?: string;
  judge?: string;
  json?: boolean;
  disagreements?: string;
  seed?: string;
  resamples?: string;
}

const holds = (kind: CalibrationKind) => (kind === 'rag' ? 'RAG judgments' : 'verdict lines');

export async function runCalibration(o: CalibrationCliOptions): Promise<void> {
  const [humanRecords, judgeRecords] = await Promise.all([readRecords(o.labels), readRecords(o.judgments)]);
  const kind = calibrationKind(humanRecords, o.labels);
  const judgeKind = calibrationKind(judgeRecords, o.judgments);
  if (judgeKind !== kind) {
    throw new InputError({
      rule: 'format-mismatch',
      message: `--labels holds ${holds(kind)} but --judgments holds ${holds(judgeKind)}`,
      file: o.judgments,
    });
  }
  const human = calibrationLabels(humanRecords, kind, 'human');
  const judged = calibrationLabels(judgeRecords, kind, 'judge');
  const judges = [...new Set(judged.map((r) => r.rater))].sort();
  if (o.judge !== undefined && !judges.includes(o.judge)) {
    throw new InputError({
      rule: 'unknown-judge',
      message: `judge "${o.judge}" has no judgments in ${o.judgments}; judges: ${judges.join(', ')}`,
      file: o.judgments,
    });
  }
  const facets =
    kind === 'rag' ? undefined : checkFacets(o.rubrics !== undefined ? await readCompiledRubrics(o.rubrics) : []);
  const reports = calibrateJudges({
    kind,
    human,
    judged,
    judges: o.judge !== undefined ? [o.judge] : judges,
    ...(facets && { facets }),
    seed: intOption('--seed', o.seed, 0),
    resamples: intOption('--resamples', o.resamples, 1000, 1),
  });
  if (reports.every((r) => Object.values(r.aspects).every((a) => a.items === 0))) {
    throw new InputError({
      rule: 'no-overlap',
      message: `no item is labelled in both ${o.labels} and ${o.judgments} (matched on question, model, setting and check)`,
      file: o.judgments,
    });
  }
  if (o.disagreements !== undefined) await writeFileAtomic(o.disagreements, toJsonl(disagreementRows(reports, kind)));
  if (o.json) return printJson({ kind, judges: reports });
  writeText(
    reports.flatMap((r) =>
      Object.entries(r.aspects).flatMap(([aspect, a]) => calibrationText(r.judge, kind === 'rag' ? aspect : null, a)),
    ),
  );
}
