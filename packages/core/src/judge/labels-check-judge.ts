import type { GivenVerdictLine, JudgeFailureLine, VerdictLine } from '../schema/answer.js';
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
 * are a failure too, naming both, rather than a silent pick. Both are of kind
 * `invalid_reply`: the file is this judge's reply, and it holds no usable
 * verdict for the check (no provider failed). A judge failure recorded in the
 * file (an earlier run's) stays that failure, with its own kind and reason,
 * unless a label for the same check stands beside it.
 */
export function createLabelsCheckJudge(options: LabelsCheckJudgeOptions): CheckJudge {
  const byKey = new Map<string, GivenVerdictLine | { conflict: string[] }>();
  const failures = new Map<string, JudgeFailureLine>();
  for (const line of options.lines) {
    if (options.judge !== undefined && line.judge !== options.judge) continue;
    const key = labelKey(line.question_id, line.model, line.setting ?? UNNAMED, line.check_id);
    if (line.verdict === null) {
      if (!failures.has(key)) failures.set(key, line);
      continue;
    }
    const seen = byKey.get(key);
    if (!seen) byKey.set(key, line);
    else if ('conflict' in seen) seen.conflict.push(`${line.verdict} (${line.judge})`);
    else if (seen.verdict !== line.verdict) {
      byKey.set(key, { conflict: [`${seen.verdict} (${seen.judge})`, `${line.verdict} (${line.judge})`] });
    }
  }
  /** The line for a key of the answer's setting, else of no setting (not for text_only: see UNNAMED). */
  const lookup = <T>(
    map: Map<string, T>,
    input: { questionId: string; model: string; checkId: string },
    setting: string,
  ) =>
    map.get(labelKey(input.questionId, input.model, setting, input.checkId)) ??
    (setting === 'text_only' ? undefined : map.get(labelKey(input.questionId, input.model, UNNAMED, input.checkId)));

  return {
    id: options.id,
    async judge(input): Promise<CheckOutcome> {
      if (input.model === undefined) {
        return {
          status: 'failed',
          kind: 'invalid_reply',
          error: "the labels judge needs the answer's model to find its label",
          raw: null,
        };
      }
      const setting = input.setting ?? 'multimodal';
      const at = { questionId: input.questionId, model: input.model, checkId: input.check.id };
      const hit = lookup(byKey, at, setting);
      if (!hit) {
        const failed = lookup(failures, at, setting);
        if (failed !== undefined) {
          const { kind, reason } = failed.failure;
          return { status: 'failed', kind, error: `judge failure recorded by ${failed.judge}: ${reason}`, raw: null };
        }
        return {
          status: 'failed',
          kind: 'invalid_reply',
          error: `no label for question ${input.questionId}, model ${input.model}, setting ${setting}, check ${input.check.id}`,
          raw: null,
        };
      }
      if ('conflict' in hit) {
        return {
          status: 'failed',
          kind: 'invalid_reply',
          error: `conflicting labels: ${hit.conflict.join(' vs ')}`,
          raw: null,
        };
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
