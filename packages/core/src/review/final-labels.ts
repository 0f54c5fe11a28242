import type { GivenVerdictLine } from '../schema/answer.js';
import { Verdict } from '../schema/ids.js';
import { type ReviewQueue, VerdictLabelPayload } from '../schema/review.js';
import type { QueueState } from './item-state.js';

/** The judge name labels exported from a queue carry: `human:<queue id>`. */
export const humanJudgeName = (queueId: string): string => `human:${queueId}`;

/** The key `gamut analyze calibration` matches a label and a verdict on: question|model|setting|check. */
export const labelItemKey = (p: {
  question_id: string;
  model: string;
  setting?: string | undefined;
  check_id: string;
}): string => `${p.question_id}|${p.model}|${p.setting}|${p.check_id}`;

/**
 * A verdict-label queue's decided items as verdict lines (a `labels:` file): the adjudicated
 * label, or the one the annotators agree on; items waiting or in disagreement are left out.
 * The rationale is the adjudicator's note, or the annotators' notes joined.
 */
export function finalLabelLines(queue: ReviewQueue, state: QueueState): GivenVerdictLine[] {
  if (queue.kind !== 'verdict_label') return [];
  const out: GivenVerdictLine[] = [];
  for (const item of queue.items) {
    const s = state.byId.get(item.id);
    const verdict = Verdict.safeParse(s?.final);
    if (!s || !verdict.success) continue;
    const p = VerdictLabelPayload.parse(item.payload);
    const notes = s.adjudication ? [s.adjudication.reason] : s.decisions.map((d) => d.reason);
    out.push({
      question_id: p.question_id,
      model: p.model,
      setting: p.setting,
      check_id: p.check_id,
      judge: humanJudgeName(queue.id),
      verdict: verdict.data,
      rationale: notes.filter((n) => n !== '').join(' / '),
    });
  }
  return out;
}
