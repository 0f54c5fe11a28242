import { type AgreementReport, analyzeAgreement, type LabelRecord } from '../analysis/agreement.js';
import { type CalibrationFacets, type CalibrationReport, calibrate } from '../analysis/calibration.js';
import { VERDICTS } from '../schema/ids.js';
import { type ReviewQueue, VerdictLabelPayload } from '../schema/review.js';
import { seededRandom } from '../score/seeded-random.js';
import { finalLabelLines, labelItemKey } from './final-labels.js';
import type { QueueState } from './item-state.js';

export interface QueueAgreementOptions {
  queue: ReviewQueue;
  state: QueueState;
  /** The run's verdict lines; only `judge`'s first samples with a verdict are read. */
  verdicts: Iterable<{
    question_id: string;
    model: string;
    setting?: string | undefined;
    check_id: string;
    judge: string;
    verdict: string | null;
    sample?: number | undefined;
  }>;
  judge: string;
  /** Check kind and tier of an item key (question|model|setting|check), for the per-kind rows. */
  facets?: (item: string) => CalibrationFacets;
  /** Bootstrap seed and resamples: `gamut analyze calibration`'s defaults are 0 and 1,000. */
  seed?: number;
  resamples?: number;
}

export interface QueueAgreement {
  /** The annotators among themselves (Cohen's kappa per pair, Krippendorff's alpha); null under two. */
  annotators: AgreementReport | null;
  /** The judge against the final (adjudicated or agreed) labels; null before any item is decided. */
  judge: CalibrationReport | null;
}

/**
 * Agreement on a verdict-label queue, computed as `gamut analyze agreement` does on the
 * annotators' labels and as `gamut analyze calibration` does on the exported `labels:` file
 * with the same seed, so the page, `gamut review status` and the analysis show one number.
 */
export function queueAgreement(o: QueueAgreementOptions): QueueAgreement {
  const seed = o.seed ?? 0;
  const resamples = o.resamples === undefined ? {} : { resamples: o.resamples };
  const decisions: LabelRecord[] = [];
  for (const item of o.queue.items) {
    const key = labelItemKey(VerdictLabelPayload.parse(item.payload));
    for (const d of o.state.byId.get(item.id)?.decisions ?? [])
      decisions.push({ item: key, rater: d.who, label: d.value });
  }
  const raters = new Set(decisions.map((d) => d.rater));
  const annotators = raters.size < 2 ? null : analyzeAgreement(decisions, { random: seededRandom(seed), ...resamples });
  const finals = finalLabelLines(o.queue, o.state);
  if (finals.length === 0) return { annotators, judge: null };
  const human = finals.map((l) => ({ item: labelItemKey(l), rater: l.judge, label: l.verdict }));
  const judge: LabelRecord[] = [];
  for (const v of o.verdicts) {
    if (v.judge !== o.judge || (v.sample ?? 0) !== 0 || v.verdict === null) continue;
    judge.push({ item: `${v.question_id}|${v.model}|${v.setting}|${v.check_id}`, rater: v.judge, label: v.verdict });
  }
  const report = calibrate({
    human,
    judge,
    labels: VERDICTS,
    positive: 'meets',
    ...(o.facets && { facets: o.facets }),
    random: seededRandom(seed),
    ...resamples,
  });
  return { annotators, judge: report };
}
