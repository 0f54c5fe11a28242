import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { dirname, isAbsolute, resolve } from 'node:path';
import {
  AnswerLine,
  type AnswerToJudge,
  CompiledRubric,
  compileMetaRubric,
  fromZodError,
  InputError,
  type Issue,
  type JudgeTarget,
  type MetaRubric,
  parseMetaRubric,
} from '@gamut/core';
import type { SourceRecord } from '../io/read-records.js';
import { streamRecords } from './stream-records.js';

/** Rubrics as the judge needs them: checks plus the question text, keyed by question id. */
export interface LoadedRubrics {
  targets: Map<string, JudgeTarget>;
  compiled: CompiledRubric[];
  /** Present when the file held meta-rubrics (they carry the question and image). */
  metas: MetaRubric[] | null;
  /** Folder that relative image paths are resolved against. */
  baseDir: string;
}

const where = (r: SourceRecord) => ({
  file: r.file,
  ...(r.line !== undefined && { line: r.line }),
  ...(r.index !== undefined && { pathPrefix: [r.index] }),
});

/**
 * Reads meta-rubrics (compiled on the fly) or compiled rubrics. Compiled
 * rubrics have no question text of their own; a line may carry `question`,
 * `text_only_question` and `image` beside the schema fields to supply it.
 */
export async function loadRubrics(file: string): Promise<LoadedRubrics> {
  const issues: Issue[] = [];
  const targets = new Map<string, JudgeTarget>();
  const compiled: CompiledRubric[] = [];
  let isMeta: boolean | undefined;
  let metas: MetaRubric[] | null = null;
  const baseDir = dirname(resolve(file));

  for await (const r of streamRecords(file)) {
    // The first record decides: meta-rubrics carry `items`, compiled rubrics `checks`.
    isMeta ??= isObject(r.value) && 'items' in r.value;
    if (isMeta) {
      metas ??= [];
      const parsed = parseMetaRubric(r.value, where(r));
      if (parsed.issues) {
        issues.push(...parsed.issues);
        continue;
      }
      const meta = parsed.value;
      metas.push(meta);
      const rubric = compileMetaRubric(meta);
      add(rubric, r, {
        question: meta.question,
        textOnlyQuestion: meta.text_only_question,
        image: meta.image === undefined ? undefined : resolveImagePath(baseDir, meta.image),
        language: meta.language ?? 'en',
      });
    } else {
      const parsed = CompiledRubric.safeParse(r.value);
      if (!parsed.success) {
        issues.push(...fromZodError(parsed.error, r.value, where(r)));
        continue;
      }
      const raw = r.value as Record<string, unknown>;
      const str = (k: string) => (typeof raw[k] === 'string' ? (raw[k] as string) : undefined);
      const image = str('image');
      add(parsed.data, r, {
        question: str('question') ?? '',
        textOnlyQuestion: str('text_only_question'),
        image: image === undefined ? undefined : resolveImagePath(baseDir, image),
        language: parsed.data.language ?? 'en',
      });
    }
  }
  if (issues.length) throw new InputError(issues);
  return { targets, compiled, metas, baseDir };

  function add(
    rubric: CompiledRubric,
    r: SourceRecord,
    q: { question: string; textOnlyQuestion: string | undefined; image: string | undefined; language: 'en' | 'ko' },
  ) {
    if (targets.has(rubric.question_id)) {
      issues.push({
        rule: 'duplicate-question',
        message: `question "${rubric.question_id}" appears twice`,
        question: rubric.question_id,
        ...where(r),
      });
      return;
    }
    compiled.push(rubric);
    targets.set(rubric.question_id, {
      questionId: rubric.question_id,
      question: q.question,
      ...(q.textOnlyQuestion !== undefined && { textOnlyQuestion: q.textOnlyQuestion }),
      ...(q.image !== undefined && { image: q.image }),
      language: q.language,
      checks: rubric.checks,
    });
  }
}

/** Answer lines, validated; an answer to a question without a rubric, or a repeated answer, is named with its line. */
export async function loadAnswers(file: string, rubrics: ReadonlyMap<string, unknown>): Promise<AnswerToJudge[]> {
  const issues: Issue[] = [];
  const out: AnswerToJudge[] = [];
  const seen = new Set<string>();
  for await (const r of streamRecords(file)) {
    const parsed = AnswerLine.safeParse(r.value);
    if (!parsed.success) {
      issues.push(...fromZodError(parsed.error, r.value, where(r)));
      continue;
    }
    const a = parsed.data;
    const ids = { question: a.question_id, model: a.model, ...where(r) };
    if (!rubrics.has(a.question_id)) {
      issues.push({ rule: 'unknown-question', message: `no rubric for question "${a.question_id}"`, ...ids });
      continue;
    }
    const key = `${a.question_id}\u0000${a.model}\u0000${a.setting}`;
    if (seen.has(key)) {
      issues.push({
        rule: 'duplicate-answer',
        message: `a second answer for this question, model and setting (${a.setting})`,
        ...ids,
      });
      continue;
    }
    seen.add(key);
    out.push({ questionId: a.question_id, model: a.model, setting: a.setting, response: a.response });
  }
  if (issues.length) throw new InputError(issues);
  return out;
}

/** URLs and data URLs pass through; file paths are made absolute against the rubric file's folder. */
export function resolveImagePath(baseDir: string, image: string): string {
  if (/^(https?:|data:)/i.test(image) || isAbsolute(image)) return image;
  return resolve(baseDir, image);
}

/**
 * Every image file the dataset names must be readable before any call is made;
 * the providers read them (once each) when they build a request.
 */
export async function checkImages(targets: ReadonlyMap<string, JudgeTarget>): Promise<void> {
  const issues: Issue[] = [];
  for (const t of targets.values()) {
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
