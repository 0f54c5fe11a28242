import { failureKindOf } from '../judge/failure-kind.js';
import type { StoredJudgeFailure, StoredVerdict } from '../ports/store.js';
import type { JudgeFailureKind } from '../schema/ids.js';

/** A verdict line exactly as the verdicts file orders it; `quote` and `sample` only when they carry something. */
export function verdictLine(v: StoredVerdict): Record<string, unknown> {
  return {
    question_id: v.questionId,
    model: v.model,
    setting: v.setting,
    check_id: v.checkId,
    verdict: v.verdict,
    rationale: v.rationale,
    judge: v.judge,
    ...(v.quote !== null && { quote: v.quote }),
    ...(v.sample !== 0 && { sample: v.sample }),
  };
}

/** A failure's kind as stored, or as its message says for failures stored before kinds were. */
export function storedFailureKind(f: StoredJudgeFailure): JudgeFailureKind {
  return f.kind ?? failureKindOf(f.error, f.raw);
}

/** A judge failure as a line of the verdicts file: `"verdict": null` and why. */
export function failureLine(f: StoredJudgeFailure): Record<string, unknown> {
  return {
    question_id: f.questionId,
    model: f.model,
    setting: f.setting,
    check_id: f.checkId,
    verdict: null,
    failure: { kind: storedFailureKind(f), reason: f.error },
    judge: f.judge,
    ...(f.sample !== 0 && { sample: f.sample }),
  };
}

/** A judge failure as a line of `judge-failures.jsonl` and of `judge_failures` in a JSON summary. */
export function failureJson(f: StoredJudgeFailure) {
  return {
    question_id: f.questionId,
    model: f.model,
    setting: f.setting,
    check_id: f.checkId,
    judge: f.judge,
    kind: storedFailureKind(f),
    error: f.error,
    raw: f.raw,
  };
}
