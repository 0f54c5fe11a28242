import { InputError } from '../issues/errors.js';
import type { Issue } from '../issues/issue.js';
import { fromZodError } from '../issues/zod-issues.js';
import { type CompiledRubric, GivenVerdictLine, VERDICTS, type Verdict } from '../schema/index.js';
import type { LabelPair } from './calibration-map.js';
import type { AnswerChecks } from './scored-run.js';

/** One record of a `labels:` file as read, with its 1-based line when the file has lines. */
export interface LabelRecordInput {
  value: unknown;
  line?: number;
}

export interface PairLabelsOptions {
  /** Every compiled rubric of the run: a label naming a question or check outside them is an error. */
  rubrics: readonly CompiledRubric[];
  /** The scored run's answers (`ScoredRun.checks()`). */
  answers: Iterable<AnswerChecks>;
  labels: readonly LabelRecordInput[];
  /** The labels file, for issues. */
  file?: string;
}

export interface PairedLabels {
  pairs: LabelPair[];
  /** Labelled checks the judge gave no verdict on (its answer absent, or the judge failed there). */
  unpaired: number;
}

/**
 * Matches each human label with the judge's verdict on the same check of the
 * same answer. Every problem is collected and thrown as one `InputError`: a
 * line that is not a verdict line, a label without a verdict (a judge failure
 * line is no label), a question or check the rubrics do not have, and two
 * different labels for one check (an adjudicated file has one).
 */
export function pairLabels(options: PairLabelsOptions): PairedLabels {
  const at = options.file !== undefined ? { file: options.file } : {};
  const rubrics = new Map(options.rubrics.map((r) => [r.question_id as string, r]));
  const answers = new Map<string, AnswerChecks>();
  for (const a of options.answers) {
    answers.set(answerKey(a.rubric.question_id, a.model, a.setting), a);
    // A label that names no setting stands for the question's own one, as a verdict line does.
    if (a.setting === a.unnamedSetting) answers.set(answerKey(a.rubric.question_id, a.model, undefined), a);
  }
  const issues: Issue[] = [];
  const seen = new Map<string, { verdict: Verdict; line: number | undefined }>();
  const pairs: LabelPair[] = [];
  let unpaired = 0;
  for (const { value, line } of options.labels) {
    const where = { ...at, ...(line !== undefined && { line }) };
    const raw = (value ?? {}) as Record<string, unknown>;
    if (typeof value === 'object' && value !== null && (raw.verdict === null || raw.verdict === undefined)) {
      issues.push({
        ...where,
        ...(typeof raw.question_id === 'string' && { question: raw.question_id }),
        ...(typeof raw.check_id === 'string' && { check: raw.check_id }),
        rule: 'label-without-verdict',
        message: `a label needs "verdict": one of ${VERDICTS.join(', ')} (a judge failure line is no label)`,
      });
      continue;
    }
    const parsed = GivenVerdictLine.safeParse(value);
    if (!parsed.success) {
      issues.push(...fromZodError(parsed.error, value, where));
      continue;
    }
    const label = parsed.data;
    const about = { ...where, question: label.question_id, model: label.model, check: label.check_id };
    const rubric = rubrics.get(label.question_id);
    if (!rubric) {
      issues.push({ ...about, rule: 'unknown-question', message: 'no compiled rubric has this question id' });
      continue;
    }
    const check = rubric.checks.find((c) => c.id === label.check_id);
    if (!check) {
      issues.push({ ...about, rule: 'unknown-check', message: "the question's rubric has no such check" });
      continue;
    }
    const answer = answers.get(answerKey(label.question_id, label.model, label.setting));
    const key = `${answerKey(label.question_id, label.model, answer?.setting ?? label.setting)}\u0000${label.check_id}`;
    const earlier = seen.get(key);
    if (earlier) {
      if (earlier.verdict !== label.verdict) {
        issues.push({
          ...about,
          rule: 'conflicting-labels',
          message: `labelled ${label.verdict} here and ${earlier.verdict}${earlier.line !== undefined ? ` on line ${earlier.line}` : ''}; adjudicate to one label per check`,
        });
      }
      continue;
    }
    seen.set(key, { verdict: label.verdict, line });
    const code = answer ? (answer.codes[answer.checkIndex.get(label.check_id) as number] as number) : 0;
    // Codes 1–4 are verdicts; 0 (no verdict) and 5 (judge failure) leave nothing to compare with.
    if (code < 1 || code > VERDICTS.length) {
      unpaired++;
      continue;
    }
    pairs.push({ kind: check.kind, judge: VERDICTS[code - 1] as Verdict, human: label.verdict });
  }
  if (issues.length) throw new InputError(issues);
  return { pairs, unpaired };
}

function answerKey(question: string, model: string, setting: string | undefined): string {
  return `${question}\u0000${model}\u0000${setting ?? ''}`;
}
