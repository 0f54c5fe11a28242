import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { dirname, isAbsolute, resolve } from 'node:path';
import {
  type AnswerableQuestions,
  AnswerLine,
  type AnswerToJudge,
  answerableTargets,
  answerFromRecord,
  type CompiledRubric,
  duplicateQuestion,
  InputError,
  type Issue,
  inputKind,
  isCompiledRecord,
  isMetaRecord,
  type JudgeTarget,
  type MetaRubric,
  type RubricRecord,
  recordValue,
  rubricRecord,
  type SourceRecord,
} from '@gamut/core';
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

/** `rubricRecord` with image paths made absolute against the rubric file's folder. */
export function rubricFromRecord(r: SourceRecord, isMeta: boolean, baseDir: string): RubricRecord {
  return rubricRecord(r, isMeta, (image) => resolveImagePath(baseDir, image));
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
    const got = answerFromRecord(recordValue(r, AnswerLine), r, rubrics, seen);
    if (got.ok) onAnswer(got.answer, r);
    else issues.push(...got.issues);
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
