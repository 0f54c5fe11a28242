import { InputError } from '../issues/errors.js';
import { parseValidRecords } from '../records/parse-records.js';
import type { SourceRecord } from '../records/source-record.js';
import { VerdictLine } from '../schema/answer.js';
import type { CompiledRubric } from '../schema/compiled-rubric.js';
import { VERDICTS } from '../schema/ids.js';
import { RagJudgment } from '../schema/rag-judgment.js';
import { seededRandom } from '../score/seeded-random.js';
import type { LabelRecord } from './agreement.js';
import { type CalibrationFacets, type CalibrationReport, calibrate } from './calibration.js';
import { kindFromCheckId } from './family.js';
import { RAG_ASPECTS, RAG_POSITIVE, type RagAspect, ragLabelRecords } from './rag-labels.js';

/** What a labels or judgments file holds: verdict lines, or wiki-QA judgments. */
export type CalibrationKind = 'verdicts' | 'rag';

/** A label of one item, for one aspect of a wiki-QA judgment when it is one. */
export type CalibrationLabel = LabelRecord & { aspect?: RagAspect };

/** One judge's calibration reports, one per aspect (`checks` for verdict lines). */
export interface JudgeCalibration {
  judge: string;
  aspects: Record<string, CalibrationReport>;
}

/** The kind of records a file holds, told by its first record's keys. */
export function calibrationKind(records: readonly SourceRecord[], file: string): CalibrationKind {
  const first = records[0]?.value as Record<string, unknown> | undefined;
  if (first && typeof first === 'object' && 'check_id' in first) return 'verdicts';
  if (first && typeof first === 'object' && ('facts' in first || 'claims' in first || 'abstained' in first))
    return 'rag';
  throw new InputError({
    rule: 'unknown-format',
    message: `${file} holds neither verdict lines (with check_id) nor RAG judgments (with facts, claims, abstained)`,
    file,
    ...(records[0]?.line !== undefined && { line: records[0].line }),
  });
}

/** Labels out of records: a verdict per (question, model, setting, check), or a wiki-QA judgment's aspects. */
export function calibrationLabels(
  records: readonly SourceRecord[],
  kind: CalibrationKind,
  defaultRater: string,
): CalibrationLabel[] {
  if (kind === 'verdicts') {
    return (
      parseValidRecords(records, VerdictLine)
        // A judge failure is no label: calibration compares verdicts only.
        .filter(({ value }) => (value.sample ?? 0) === 0 && value.verdict !== null)
        .map(({ value: v, line }) => ({
          item: `${v.question_id}|${v.model}|${v.setting}|${v.check_id}`,
          rater: v.judge,
          label: v.verdict as string,
          ...(line !== undefined && { line }),
        }))
    );
  }
  return parseValidRecords(records, RagJudgment).flatMap(({ value, line }) =>
    ragLabelRecords(value, value.judge ?? defaultRater, line),
  );
}

/** Each check's kind and tier from the rubrics when given, else the kind its id says. */
export function checkFacets(rubrics: readonly CompiledRubric[]): (item: string) => CalibrationFacets {
  const index = new Map<string, { kind: string; tier: string }>();
  for (const r of rubrics) {
    for (const c of r.checks) index.set(`${r.question_id}|${c.id}`, { kind: c.kind, tier: c.tier });
  }
  return (item) => {
    const [q, , , check] = item.split('|');
    const known = index.get(`${q}|${check}`);
    return known ?? { kind: kindFromCheckId(check ?? ''), tier: null };
  };
}

/** Calibrates each judge against the human labels, per aspect for wiki-QA judgments. */
export function calibrateJudges(o: {
  kind: CalibrationKind;
  human: readonly CalibrationLabel[];
  judged: readonly CalibrationLabel[];
  judges: readonly string[];
  facets?: (item: string) => CalibrationFacets;
  seed: number;
  resamples: number;
}): JudgeCalibration[] {
  const run = (j: string, aspect?: RagAspect): CalibrationReport =>
    calibrate({
      human: o.human.filter((r) => r.aspect === aspect),
      judge: o.judged.filter((r) => r.rater === j && r.aspect === aspect),
      ...(o.kind === 'verdicts' || aspect === 'fact' ? { labels: VERDICTS } : {}),
      positive: aspect === undefined ? 'meets' : RAG_POSITIVE[aspect],
      ...(o.facets && { facets: o.facets }),
      random: seededRandom(o.seed),
      resamples: o.resamples,
    });
  if (o.kind === 'verdicts') return o.judges.map((j) => ({ judge: j, aspects: { checks: run(j) } }));
  return o.judges.map((j) => ({
    judge: j,
    aspects: Object.fromEntries(RAG_ASPECTS.map((a) => [a, run(j, a)] as const).filter(([, r]) => r.items > 0)),
  }));
}

/** Every disagreement between a judge and the humans, one row each, for review. */
export function disagreementRows(reports: readonly JudgeCalibration[], kind: CalibrationKind) {
  return reports.flatMap((r) =>
    Object.entries(r.aspects).flatMap(([aspect, a]) =>
      a.disagreements.map((d) => ({
        judge: r.judge,
        ...(kind === 'rag' && { aspect }),
        item: d.item,
        kind: d.kind,
        tier: d.tier,
        judge_label: d.judge,
        human_label: d.human,
        annotators: d.annotators,
      })),
    ),
  );
}
