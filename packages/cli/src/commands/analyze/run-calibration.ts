import { calibrateRecords, calibrationKind, calibrationText, disagreementRows, intOption } from '@gamut/core';
import { readRecords, toJsonl, writeFileAtomic } from '@gamut/node';
import { readCompiledRubrics } from '../score/read-rubrics.js';
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

export async function runCalibration(o: CalibrationCliOptions): Promise<void> {
  const [labels, judgments] = await Promise.all([readRecords(o.labels), readRecords(o.judgments)]);
  // Rubrics tell check kinds and tiers of verdict lines; wiki-QA judgments need none.
  const rubrics =
    o.rubrics !== undefined && calibrationKind(labels, o.labels) !== 'rag' ? await readCompiledRubrics(o.rubrics) : [];
  const { kind, judges } = calibrateRecords({
    labels: { file: o.labels, records: labels },
    judgments: { file: o.judgments, records: judgments },
    rubrics,
    ...(o.judge !== undefined && { judge: o.judge }),
    seed: intOption('--seed', o.seed, 0),
    resamples: intOption('--resamples', o.resamples, 1000, 1),
  });
  if (o.disagreements !== undefined) await writeFileAtomic(o.disagreements, toJsonl(disagreementRows(judges, kind)));
  if (o.json) return printJson({ kind, judges });
  writeText(
    judges.flatMap((r) =>
      Object.entries(r.aspects).flatMap(([aspect, a]) => calibrationText(r.judge, kind === 'rag' ? aspect : null, a)),
    ),
  );
}
