import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { dirname, isAbsolute, resolve } from 'node:path';
import {
  AnswerLine,
  type AnswerToJudge,
  CompiledRubric,
  compileWithWarnings,
  fromZodError,
  InputError,
  type Issue,
  impliedSetting,
  type JudgeTarget,
  type Language,
  type MetaRubric,
  parseMetaRubric,
  type Setting,
} from '@gamut/core';
import { inputKind } from '../io/input-kind.js';
import { recordValue, type SourceRecord } from '../io/read-records.js';
import { type SpannedRecord, streamRecords, streamSpannedRecords } from './stream-records.js';

/** Rubrics as the judge needs them: checks plus the question text, keyed by question id. */
export interface LoadedRubrics {
  targets: Map<string, JudgeTarget>;
  compiled: CompiledRubric[];
  /** Present when the file held meta-rubrics (they carry the question and image). */
  metas: MetaRubric[] | null;
  /** Folder that relative image paths are resolved against. */
  baseDir: string;
  /** From compiling meta-rubrics, e.g. a language worded in English. */
  warnings: Issue[];
}

export const where = (r: SourceRecord) => ({
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
 * and `entity` when `gamut compile` wrote it.
 */
export function rubricFromRecord(r: SourceRecord, isMeta: boolean, baseDir: string): RubricRecord {
  if (isMeta) {
    const parsed = parseMetaRubric(r.value, where(r));
    if (parsed.issues) return { ok: false, issues: parsed.issues };
    const meta = parsed.value;
    const { rubric, warnings } = compileWithWarnings(meta);
    const target = toTarget(rubric, {
      question: meta.question,
      textOnlyQuestion: meta.text_only_question,
      entity: meta.entity,
      image: meta.image === undefined ? undefined : resolveImagePath(baseDir, meta.image),
      language: meta.language ?? 'en',
    });
    return { ok: true, rubric, target, meta, warnings };
  }
  const parsed = CompiledRubric.safeParse(r.value);
  if (!parsed.success) return { ok: false, issues: fromZodError(parsed.error, r.value, where(r)) };
  const { image } = parsed.data;
  const target = toTarget(parsed.data, {
    question: parsed.data.question ?? '',
    textOnlyQuestion: parsed.data.text_only_question,
    entity: parsed.data.entity,
    image: image === undefined ? undefined : resolveImagePath(baseDir, image),
    language: parsed.data.language ?? 'en',
  });
  return { ok: true, rubric: parsed.data, target, meta: undefined, warnings: [] };
}

/** Rubrics nest (items hold members, checks hold options): a table cannot hold them, so a CSV is refused by name. */
export function refuseCsvRubrics(file: string): void {
  if (inputKind(file) !== 'csv') return;
  throw new InputError({
    rule: 'unsupported-format',
    message: `${file}: rubrics cannot be read from CSV (they nest); give them as JSON or JSONL`,
    file,
  });
}

/** The first record decides: meta-rubrics carry `items`, compiled rubrics `checks`. */
export function isMetaRecord(value: unknown): boolean {
  return isObject(value) && 'items' in value;
}

function isCompiledRecord(value: unknown): boolean {
  return isObject(value) && 'checks' in value && !('items' in value);
}

export function duplicateQuestion(questionId: string, r: SourceRecord): Issue {
  return {
    rule: 'duplicate-question',
    message: `question "${questionId}" appears twice`,
    question: questionId,
    ...where(r),
  };
}

/**
 * Reads meta-rubrics (compiled on the fly) or compiled rubrics, all held in
 * memory (`indexRubrics` keeps only where each line is). `dataset`: the file
 * is a run's dataset, read as meta-rubrics unless its first record has `checks`.
 */
export async function loadRubrics(file: string, options: { dataset?: boolean } = {}): Promise<LoadedRubrics> {
  const issues: Issue[] = [];
  const targets = new Map<string, JudgeTarget>();
  const compiled: CompiledRubric[] = [];
  let isMeta: boolean | undefined;
  let metas: MetaRubric[] | null = null;
  const baseDir = dirname(resolve(file));
  refuseCsvRubrics(file);
  const warnings: Issue[] = [];

  for await (const r of streamRecords(file)) {
    // A run's dataset is meta-rubrics unless it plainly is not: a broken first record keeps its own error.
    isMeta ??= options.dataset ? !isCompiledRecord(r.value) : isMetaRecord(r.value);
    const got = rubricFromRecord(r, isMeta, baseDir);
    if (!got.ok) {
      issues.push(...got.issues);
      continue;
    }
    warnings.push(...got.warnings);
    if (got.meta) {
      metas ??= [];
      metas.push(got.meta);
    }
    if (targets.has(got.rubric.question_id)) {
      issues.push(duplicateQuestion(got.rubric.question_id, r));
      continue;
    }
    compiled.push(got.rubric);
    targets.set(got.rubric.question_id, got.target);
  }
  if (issues.length) throw new InputError(issues);
  return { targets, compiled, metas, baseDir, warnings };
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

/** Answer lines, validated; an answer to a question without a rubric, or a repeated answer, is named with its line. */
export async function loadAnswers(file: string, targets: ReadonlyMap<string, JudgeTarget>): Promise<AnswerToJudge[]> {
  const out: AnswerToJudge[] = [];
  await scanAnswers(file, answerableTargets(targets), (a) => out.push(a));
  return out;
}

/** Validates every answer line, handing each good one to `onAnswer`; throws all issues at the end. */
export async function scanAnswers(
  file: string,
  rubrics: AnswerableQuestions,
  onAnswer: (a: AnswerToJudge, r: SpannedRecord) => void,
): Promise<void> {
  const issues: Issue[] = [];
  const seen = new Set<string>();
  for await (const r of streamSpannedRecords(file)) {
    const value = recordValue(r, AnswerLine);
    const parsed = AnswerLine.safeParse(value);
    if (!parsed.success) {
      issues.push(...fromZodError(parsed.error, value, where(r)));
      continue;
    }
    const a = parsed.data;
    const ids = { question: a.question_id, model: a.model, ...where(r) };
    if (!rubrics.has(a.question_id)) {
      issues.push({ rule: 'unknown-question', message: `no rubric for question "${a.question_id}"`, ...ids });
      continue;
    }
    const setting = a.setting ?? rubrics.impliedSetting(a.question_id);
    if (setting === undefined) {
      issues.push({ ...settingRequired(a.question_id), ...ids });
      continue;
    }
    const key = `${a.question_id}\u0000${a.model}\u0000${setting}`;
    if (seen.has(key)) {
      issues.push({
        rule: 'duplicate-answer',
        message: `a second answer for this question, model and setting (${setting})`,
        ...ids,
      });
      continue;
    }
    seen.add(key);
    onAnswer({ questionId: a.question_id, model: a.model, setting, response: a.response }, r);
  }
  if (issues.length) throw new InputError(issues);
}

/** URLs and data URLs pass through; file paths are made absolute against the rubric file's folder. */
function resolveImagePath(baseDir: string, image: string): string {
  if (/^(https?:|data:)/i.test(image) || isAbsolute(image)) return image;
  return resolve(baseDir, image);
}

/**
 * Every image file the dataset names must be readable before any call is made;
 * the providers read them (once each) when they build a request.
 */
export async function checkImages(targets: Iterable<{ questionId: string; image?: string }>): Promise<void> {
  const issues: Issue[] = [];
  for (const t of targets) {
    if (t.image === undefined || /^(https?:|data:)/i.test(t.image)) continue;
    try {
      await access(t.image, constants.R_OK);
    } catch {
      issues.push({ rule: 'image-unreadable', message: `cannot read image ${t.image}`, question: t.questionId });
    }
  }
  if (issues.length) throw new InputError(issues);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
