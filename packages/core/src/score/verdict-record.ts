import type { Issue } from '../issues/issue.js';
import { fromZodError } from '../issues/zod-issues.js';
import { type JudgeFailure, type Setting, VerdictLine } from '../schema/index.js';

/** The fields of a verdict line that scoring reads, after validation. */
export interface VerdictFields {
  question_id: string;
  model: string;
  /** Absent: the question's own setting (`verdictSetting`). */
  setting?: Setting | undefined;
  check_id: string;
  verdict: 'meets' | 'partially_meets' | 'missing' | 'contradicts';
  judge: string;
  sample?: number;
}

/** A judge failure line, as scoring reads it: the check is not graded, so its answer is unscored. */
export type FailureFields = Omit<VerdictFields, 'verdict'> & { verdict: null; failure: JudgeFailure };

/** 0 means "no verdict yet" in an answer's per-check array. */
export const VERDICT_CODE = { meets: 1, partially_meets: 2, missing: 3, contradicts: 4 } as const;
export const NO_VERDICT = 0;
/** The judge gave no verdict (a recorded failure): the answer is left out of the scores. */
export const JUDGE_FAILED = 5;

/**
 * The slow path, for records `isPlainVerdict` did not accept: the schema
 * either repairs them (defaults) or explains what is wrong.
 */
export function readVerdictRecord(
  value: unknown,
  where: { file?: string; line?: number },
): { ok: true; verdict: VerdictFields | FailureFields } | { ok: false; issues: Issue[] } {
  const parsed = VerdictLine.safeParse(value);
  if (parsed.success) return { ok: true, verdict: parsed.data };
  const question =
    value && typeof value === 'object' && typeof (value as { question_id?: unknown }).question_id === 'string'
      ? (value as { question_id: string }).question_id
      : undefined;
  return { ok: false, issues: fromZodError(parsed.error, value, { ...where, ...(question && { question }) }) };
}

/**
 * The hot path: a few `typeof`s instead of a zod parse per line, accepting
 * exactly what `VerdictLine` accepts in the usual case. Records it does not
 * accept go to `readVerdictRecord`.
 */
export function isPlainVerdict(v: unknown): v is VerdictFields {
  if (v === null || typeof v !== 'object') return false;
  const r = v as Record<string, unknown>;
  const { question_id, model, setting, check_id, verdict, judge, sample, rationale, quote } = r;
  return (
    typeof question_id === 'string' &&
    question_id !== '' &&
    typeof model === 'string' &&
    model !== '' &&
    (setting === 'multimodal' || setting === 'text_only' || setting === 'text' || setting === undefined) &&
    typeof check_id === 'string' &&
    check_id !== '' &&
    (verdict === 'meets' || verdict === 'partially_meets' || verdict === 'missing' || verdict === 'contradicts') &&
    typeof judge === 'string' &&
    judge !== '' &&
    (sample === undefined || (typeof sample === 'number' && Number.isInteger(sample) && sample >= 0)) &&
    (rationale === undefined || typeof rationale === 'string') &&
    (quote === undefined || typeof quote === 'string') &&
    r.failure === undefined
  );
}
