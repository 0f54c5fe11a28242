import type { Issue } from '../issues/issue.js';
import { fromZodError } from '../issues/zod-issues.js';
import { compileWithWarnings } from '../rubric/compile-meta-rubric.js';
import { parseMetaRubric } from '../rubric/parse-meta-rubric.js';
import { AnswerLine } from '../schema/answer.js';
import { CompiledRubric } from '../schema/compiled-rubric.js';
import type { Language, Setting } from '../schema/ids.js';
import type { MetaRubric } from '../schema/meta-rubric.js';
import { impliedSetting } from '../schema/question-settings.js';
import type { AnswerToJudge, JudgeTarget } from './judge-answers.js';

/** A record of an input file and where it is: the file, its line (JSONL, CSV) or index (a JSON array). */
export interface PlacedRecord {
  readonly value: unknown;
  readonly file: string;
  readonly line?: number;
  readonly index?: number;
}

/** Where an issue of this record points. */
export const placeOf = (r: Omit<PlacedRecord, 'value'>) => ({
  file: r.file,
  ...(r.line !== undefined && { line: r.line }),
  ...(r.index !== undefined && { pathPrefix: [r.index] }),
});

/** One rubric record made ready for the judge, or why it cannot be. */
export type RubricRecord =
  | { ok: true; rubric: CompiledRubric; target: JudgeTarget; meta: MetaRubric | undefined; warnings: Issue[] }
  | { ok: false; issues: Issue[] };

/**
 * One rubric record: a meta-rubric (`items`) is compiled on the fly; a
 * compiled rubric (`checks`) carries `question`, `text_only_question`, `image`
 * and `entity` when `gamut compile` wrote it. `resolveImage` makes an image
 * path what the judge reads (the edge resolves it against the file's folder).
 */
export function rubricRecord(r: PlacedRecord, isMeta: boolean, resolveImage: (image: string) => string): RubricRecord {
  if (isMeta) {
    const parsed = parseMetaRubric(r.value, placeOf(r));
    if (parsed.issues) return { ok: false, issues: parsed.issues };
    const meta = parsed.value;
    const { rubric, warnings } = compileWithWarnings(meta);
    const target = toTarget(rubric, {
      question: meta.question,
      textOnlyQuestion: meta.text_only_question,
      entity: meta.entity,
      image: meta.image === undefined ? undefined : resolveImage(meta.image),
      language: meta.language ?? 'en',
    });
    return { ok: true, rubric, target, meta, warnings };
  }
  const parsed = CompiledRubric.safeParse(r.value);
  if (!parsed.success) return { ok: false, issues: fromZodError(parsed.error, r.value, placeOf(r)) };
  const { image } = parsed.data;
  const target = toTarget(parsed.data, {
    question: parsed.data.question ?? '',
    textOnlyQuestion: parsed.data.text_only_question,
    entity: parsed.data.entity,
    image: image === undefined ? undefined : resolveImage(image),
    language: parsed.data.language ?? 'en',
  });
  return { ok: true, rubric: parsed.data, target, meta: undefined, warnings: [] };
}

/** The first record decides: meta-rubrics carry `items`, compiled rubrics `checks`. */
export function isMetaRecord(value: unknown): boolean {
  return isObject(value) && 'items' in value;
}

/** A record that is plainly a compiled rubric (`checks`, no `items`). */
export function isCompiledRecord(value: unknown): boolean {
  return isObject(value) && 'checks' in value && !('items' in value);
}

export function duplicateQuestion(questionId: string, r: Omit<PlacedRecord, 'value'>): Issue {
  return {
    rule: 'duplicate-question',
    message: `question "${questionId}" appears twice`,
    question: questionId,
    ...placeOf(r),
  };
}

function toTarget(
  rubric: CompiledRubric,
  q: {
    question: string;
    textOnlyQuestion: string | undefined;
    entity: string | undefined;
    image: string | undefined;
    language: Language;
  },
): JudgeTarget {
  return {
    questionId: rubric.question_id,
    question: q.question,
    ...(q.textOnlyQuestion !== undefined && { textOnlyQuestion: q.textOnlyQuestion }),
    ...(q.entity !== undefined && { entity: q.entity }),
    ...(q.image !== undefined && { image: q.image }),
    language: q.language,
    checks: rubric.checks,
  };
}

/** The questions answers may belong to, and the setting an answer that names none gets. */
export interface AnswerableQuestions {
  has(questionId: string): boolean;
  /** `impliedSetting` of the question: undefined when it is asked both with and without its image. */
  impliedSetting(questionId: string): Setting | undefined;
}

/** Judge targets as `AnswerableQuestions`. */
export function answerableTargets(targets: ReadonlyMap<string, JudgeTarget>): AnswerableQuestions {
  return {
    has: (id) => targets.has(id),
    impliedSetting: (id) => {
      const t = targets.get(id);
      return t && impliedSetting({ image: t.image, text_only_question: t.textOnlyQuestion });
    },
  };
}

/** The issue of an answer line that names no setting for a question asked two ways. */
export function settingRequired(questionId: string): Pick<Issue, 'rule' | 'message'> {
  return {
    rule: 'setting-required',
    message:
      `question "${questionId}" is asked both with its image and without it: ` +
      'give the answer a "setting" ("multimodal" or "text_only")',
  };
}

/**
 * One answer line made ready for the judge, or why it cannot be: a question
 * without a rubric, no setting where one is needed, or a second answer for
 * the same (question, model, setting) (`seen` holds those so far).
 */
export function answerFromRecord(
  value: unknown,
  place: Omit<PlacedRecord, 'value'>,
  rubrics: AnswerableQuestions,
  seen: Set<string>,
): { ok: true; answer: AnswerToJudge } | { ok: false; issues: Issue[] } {
  const parsed = AnswerLine.safeParse(value);
  if (!parsed.success) return { ok: false, issues: fromZodError(parsed.error, value, placeOf(place)) };
  const a = parsed.data;
  const ids = { question: a.question_id, model: a.model, ...placeOf(place) };
  if (!rubrics.has(a.question_id)) {
    return {
      ok: false,
      issues: [{ rule: 'unknown-question', message: `no rubric for question "${a.question_id}"`, ...ids }],
    };
  }
  const setting = a.setting ?? rubrics.impliedSetting(a.question_id);
  if (setting === undefined) return { ok: false, issues: [{ ...settingRequired(a.question_id), ...ids }] };
  const key = `${a.question_id}\u0000${a.model}\u0000${setting}`;
  if (seen.has(key)) {
    const message = `a second answer for this question, model and setting (${setting})`;
    return { ok: false, issues: [{ rule: 'duplicate-answer', message, ...ids }] };
  }
  seen.add(key);
  return { ok: true, answer: { questionId: a.question_id, model: a.model, setting, response: a.response } };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
