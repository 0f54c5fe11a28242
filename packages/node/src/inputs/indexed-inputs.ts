import { dirname, resolve } from 'node:path';
import {
  type AnswerableQuestions,
  AnswerLine,
  type AnswerToJudge,
  type CompiledRubric,
  duplicateQuestion,
  InputError,
  type Issue,
  impliedSetting,
  isMetaRecord,
  type JudgeTarget,
  type RubricRecord,
  type Setting,
} from '@gamut/core';
import { refuseCsvRubrics, rubricFromRecord, scanAnswers } from './load-judge-inputs.js';
import { LineReader, type LineSpan, streamSpannedRecords } from './stream-records.js';

/**
 * Rubrics validated in one streaming pass that keep only where each JSONL
 * line is: a target is read and rebuilt when the judge asks for it (the last
 * few hundred stay cached), so memory does not grow with the dataset. A JSON
 * array or document is small enough to hold and is held.
 */
export class RubricIndex implements ReadonlyMap<string, JudgeTarget>, AnswerableQuestions {
  /** question id → rubric hash, in file order. */
  readonly rubricHashes: Record<string, string> = {};
  /** From compiling meta-rubrics, e.g. a language worded in English. */
  readonly warnings: Issue[] = [];
  /** Questions with an image, for checking the files before any call. */
  readonly images: { questionId: string; image: string }[] = [];
  private readonly spans = new Map<string, LineSpan>();
  /** The questions that are not plain text questions, with their implied setting (see `impliedSetting`). */
  private readonly withImage = new Map<string, Setting | undefined>();
  private readonly held = new Map<string, { target: JudgeTarget; rubric: CompiledRubric }>();
  private readonly recent = new Map<string, { target: JudgeTarget; rubric: CompiledRubric }>();
  private readonly reader: LineReader;
  private isMeta = false;

  private constructor(
    readonly file: string,
    private readonly baseDir: string,
    private readonly cacheSize: number,
  ) {
    this.reader = new LineReader(file);
  }

  static async open(file: string, options: { cacheSize?: number } = {}): Promise<RubricIndex> {
    refuseCsvRubrics(file);
    const index = new RubricIndex(file, dirname(resolve(file)), options.cacheSize ?? 256);
    const issues: Issue[] = [];
    let first = true;
    for await (const r of streamSpannedRecords(file)) {
      if (first) index.isMeta = isMetaRecord(r.value);
      first = false;
      const got = rubricFromRecord(r, index.isMeta, index.baseDir);
      if (!got.ok) {
        issues.push(...got.issues);
        continue;
      }
      const id = got.rubric.question_id;
      index.warnings.push(...got.warnings);
      if (index.has(id)) {
        issues.push(duplicateQuestion(id, r));
        continue;
      }
      index.rubricHashes[id] = got.rubric.rubric_hash;
      if (got.target.image !== undefined) {
        index.images.push({ questionId: id, image: got.target.image });
        index.withImage.set(
          id,
          impliedSetting({ image: got.target.image, text_only_question: got.target.textOnlyQuestion }),
        );
      }
      if (r.span) {
        index.spans.set(id, r.span);
        // The first rubrics, as many as the cache holds, are kept as validated here: a run of up to that
        // many questions never parses and validates its rubrics twice.
        if (index.recent.size < index.cacheSize) index.recent.set(id, { target: got.target, rubric: got.rubric });
      } else index.held.set(id, { target: got.target, rubric: got.rubric });
    }
    if (issues.length) throw new InputError(issues);
    return index;
  }

  get size(): number {
    return this.spans.size + this.held.size;
  }

  has(questionId: string): boolean {
    return this.spans.has(questionId) || this.held.has(questionId);
  }

  get(questionId: string): JudgeTarget | undefined {
    return this.entry(questionId)?.target;
  }

  impliedSetting(questionId: string): Setting | undefined {
    if (!this.has(questionId)) return undefined;
    return this.withImage.has(questionId) ? this.withImage.get(questionId) : 'text';
  }

  /** The compiled rubric of one question. */
  rubric(questionId: string): CompiledRubric | undefined {
    return this.entry(questionId)?.rubric;
  }

  /** Every compiled rubric, read again from the file (for scoring once judging is over). */
  compiled(): CompiledRubric[] {
    return [...this.keys()].map((id) => this.rubric(id) as CompiledRubric);
  }

  *keys(): MapIterator<string> {
    yield* this.held.keys();
    yield* this.spans.keys();
  }

  *values(): MapIterator<JudgeTarget> {
    for (const id of this.keys()) yield this.get(id) as JudgeTarget;
  }

  *entries(): MapIterator<[string, JudgeTarget]> {
    for (const id of this.keys()) yield [id, this.get(id) as JudgeTarget];
  }

  [Symbol.iterator](): MapIterator<[string, JudgeTarget]> {
    return this.entries();
  }

  forEach(fn: (value: JudgeTarget, key: string, map: ReadonlyMap<string, JudgeTarget>) => void): void {
    for (const [k, v] of this.entries()) fn(v, k, this);
  }

  close(): void {
    this.reader.close();
  }

  private entry(questionId: string): { target: JudgeTarget; rubric: CompiledRubric } | undefined {
    const held = this.held.get(questionId);
    if (held) return held;
    const hit = this.recent.get(questionId);
    if (hit) {
      // Most recently used last: the first key is the one to evict.
      this.recent.delete(questionId);
      this.recent.set(questionId, hit);
      return hit;
    }
    const span = this.spans.get(questionId);
    if (span === undefined) return undefined;
    const got = this.reread(questionId, span);
    const entry = { target: got.target, rubric: got.rubric };
    if (this.recent.size >= this.cacheSize) this.recent.delete(this.recent.keys().next().value as string);
    this.recent.set(questionId, entry);
    return entry;
  }

  private reread(questionId: string, span: LineSpan): Extract<RubricRecord, { ok: true }> {
    let got: RubricRecord;
    try {
      got = rubricFromRecord({ value: JSON.parse(this.reader.read(span)), file: this.file }, this.isMeta, this.baseDir);
    } catch {
      throw changedError(this.file);
    }
    if (!got.ok || got.rubric.question_id !== questionId) throw changedError(this.file);
    return got;
  }
}

/**
 * Answers validated in one streaming pass; iterating reads each line again
 * by its span, so only their positions stay in memory.
 */
export class AnswerIndex implements Iterable<AnswerToJudge> {
  readonly models = new Set<string>();
  readonly settings = new Set<AnswerToJudge['setting']>();
  private readonly offsets: number[] = [];
  private readonly lengths: number[] = [];
  private readonly held: AnswerToJudge[] = [];
  private readonly reader: LineReader;

  private constructor(
    readonly file: string,
    private readonly rubrics: AnswerableQuestions,
  ) {
    this.reader = new LineReader(file);
  }

  static async open(file: string, rubrics: AnswerableQuestions): Promise<AnswerIndex> {
    const index = new AnswerIndex(file, rubrics);
    await scanAnswers(file, rubrics, (a, r) => {
      index.models.add(a.model);
      index.settings.add(a.setting);
      if (r.span) {
        index.offsets.push(r.span.offset);
        index.lengths.push(r.span.length);
      } else index.held.push(a);
    });
    return index;
  }

  get size(): number {
    return this.held.length + this.offsets.length;
  }

  *[Symbol.iterator](): Iterator<AnswerToJudge> {
    yield* this.held;
    for (let i = 0; i < this.offsets.length; i++) {
      const span = { offset: this.offsets[i] as number, length: this.lengths[i] as number };
      const parsed = AnswerLine.safeParse(parseOr(this.reader.read(span)));
      if (!parsed.success) throw changedError(this.file);
      const a = parsed.data;
      const setting = a.setting ?? this.rubrics.impliedSetting(a.question_id);
      if (setting === undefined) throw changedError(this.file);
      yield { questionId: a.question_id, model: a.model, setting, response: a.response };
    }
  }

  close(): void {
    this.reader.close();
  }
}

function parseOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function changedError(file: string): InputError {
  return new InputError({ rule: 'input-changed', message: `${file} changed while the run was reading it`, file });
}
