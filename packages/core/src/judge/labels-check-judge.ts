import type { GivenVerdictLine, VerdictLine } from '../schema/answer.js';
import type { CheckJudge, CheckOutcome } from './check-judge.js';

export interface LabelsCheckJudgeOptions {
  /** Written into verdict lines, e.g. `labels:human.jsonl`. */
  id: string;
  /** Verdict lines: human labels or an earlier run. */
  lines: Iterable<VerdictLine>;
  /** Which judge's lines to use when the file holds several; default: all (a conflict is then a failure). */
  judge?: string;
}

/**
 * The `labels:<file>` judge: verdicts come from a file instead of a model. A
 * check with no label is a judge failure, not `missing`: the absence says
 * nothing about the answer. Two different labels for one check (same sample)
 * are a failure too, naming both, rather than a silent pick.
 */
export function createLabelsCheckJudge(options: LabelsCheckJudgeOptions): CheckJudge {
  const byKey = new Map<string, GivenVerdictLine | { conflict: string[] }>();
  for (const line of options.lines) {
    if (options.judge !== undefined && line.judge !== options.judge) continue;
    // A judge failure in an earlier run's file is no label.
    if (line.verdict === null) continue;
    const key = labelKey(line.question_id, line.model, line.setting ?? UNNAMED, line.check_id);
    const seen = byKey.get(key);
    if (!seen) byKey.set(key, line);
    else if ('conflict' in seen) seen.conflict.push(`${line.verdict} (${line.judge})`);
    else if (seen.verdict !== line.verdict) {
      byKey.set(key, { conflict: [`${seen.verdict} (${seen.judge})`, `${line.verdict} (${line.judge})`] });
    }
  }

  return {
    id: options.id,
    async judge(input): Promise<CheckOutcome> {
      if (input.model === undefined) {
        return { status: 'failed', error: "the labels judge needs the answer's model to find its label", raw: null };
      }
      const setting = input.setting ?? 'multimodal';
      const hit =
        byKey.get(labelKey(input.questionId, input.model, setting, input.check.id)) ??
        (setting === 'text_only'
          ? undefined
          : byKey.get(labelKey(input.questionId, input.model, UNNAMED, input.check.id)));
      if (!hit) {
        return {
          status: 'failed',
          error: `no label for question ${input.questionId}, model ${input.model}, setting ${setting}, check ${input.check.id}`,
          raw: null,
        };
      }
      if ('conflict' in hit) {
        return { status: 'failed', error: `conflicting labels: ${hit.conflict.join(' vs ')}`, raw: null };
      }
      return { status: 'ok', verdict: hit.verdict, rationale: hit.rationale, quote: hit.quote ?? null };
    },
  };
}

/**
 * The key part of a label that names no setting: it stands for the question's
 * own setting, `text` or `multimodal` (as a verdict line without a setting
 * does), never for `text_only`.
 */
const UNNAMED = '';

function labelKey(questionId: string, model: string, setting: string, checkId: string): string {
  return `${questionId}\u0000${model}\u0000${setting}\u0000${checkId}`;
}
