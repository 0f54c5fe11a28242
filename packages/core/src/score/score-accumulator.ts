import { InputError, InternalError } from '../issues/errors.js';
import type { Issue } from '../issues/issue.js';
import { parseJsonValue } from '../issues/parse-json.js';
import type { Setting } from '../schema/index.js';
import { aggregate } from './aggregate.js';
import { COUNTS_SIZE, scoreAnswer } from './answer-counts.js';
import { DEFAULT_RESAMPLES } from './bootstrap.js';
import { resolveScoreParams, type ScoreParams } from './params.js';
import { type AnswerState, indexRubrics, type RubricEntry, SETTING_INDEX } from './rubric-index.js';
import { emptyScannedVerdict, SCANNED_SETTINGS, VerdictLineScanner } from './scan-verdict-bytes.js';
import { emptyIssue, judgesIssue, missingVerdictIssue } from './score-issues.js';
import { BREAKDOWN_KEYS, type UnscoredAnswer } from './score-report.js';
import { answerChecks, answerRow, byAnswer, type ScoredRun, type ScoreOptions } from './scored-run.js';
import {
  type FailureFields,
  isPlainVerdict,
  JUDGE_FAILED,
  NO_VERDICT,
  readVerdictRecord,
  VERDICT_CODE,
  type VerdictFields,
} from './verdict-record.js';

/** Issues kept in memory at most; the rest are counted, so a hopeless file cannot exhaust memory. */
export const MAX_ISSUES = 1000;
/** Bytes per block of verdict codes (see `AnswerState`). */
const BLOCK_SIZE = 1 << 16;
/** At most this many distinct judges / samples are remembered for messages. */
const MAX_SEEN = 100;

/**
 * Streaming scorer: takes the rubrics once, then verdict lines one at a time,
 * keeping only a byte per (answer, check), then `finish()`. Memory grows with
 * the number of answers, never with the number of lines.
 */
export class ScoreAccumulator {
  readonly params: ScoreParams;
  private readonly index: Map<string, RubricEntry>;
  private readonly states: AnswerState[] = [];
  private readonly models = new Map<string, string>();
  private block = new Uint8Array(0);
  private blockUsed = 0;
  private readonly issues: Issue[] = [];
  private issuesDropped = 0;
  private readonly judges = new Set<string>();
  private readonly samples = new Set<number>();
  private lastJudge: string | undefined;
  private readonly sample: number;
  private linesCounted = 0;
  private linesSkipped = 0;
  private finished = false;
  /** Judge failures by answer, in line order: rare, so kept as objects. */
  private readonly failures = new Map<AnswerState, { check: string; failure: FailureFields['failure'] }[]>();
  private readonly scanner = new VerdictLineScanner();
  /** Reused by every line the scanner reads. */
  private readonly scanned = emptyScannedVerdict();
  // ignoreBOM keeps a BOM inside the file as text, as JSON.parse of the decoded file would see it (the caller strips the file's own).
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });

  constructor(private readonly options: ScoreOptions) {
    this.params = resolveScoreParams(options.params);
    const issues: Issue[] = [];
    const { seed = 0, resamples = DEFAULT_RESAMPLES, sample = 0 } = options;
    if (!Number.isSafeInteger(seed)) {
      issues.push({ rule: 'seed-range', message: `seed must be an integer, got ${seed}` });
    }
    if (!Number.isSafeInteger(resamples) || resamples < 1) {
      issues.push({ rule: 'resamples-range', message: `resamples must be a positive integer, got ${resamples}` });
    }
    if (!Number.isSafeInteger(sample) || sample < 0) {
      issues.push({ rule: 'sample-range', message: `sample must be a non-negative integer, got ${sample}` });
    }
    if (issues.length) throw new InputError(issues);
    this.index = indexRubrics(options.rubrics, options.files?.rubrics);
    this.sample = sample;
  }

  /** Verdict lines taken into the score so far (other judges and samples not included). */
  get counted(): number {
    return this.linesCounted;
  }

  /**
   * One verdict line, as parsed from JSON (validated here). `line` is its
   * 1-based line number for messages. Problems are collected, not thrown, so
   * `finish()` can list every one of them.
   */
  add(record: unknown, line?: number): void {
    if (this.finished) throw new InternalError('ScoreAccumulator.add after finish()');
    let v: VerdictFields | FailureFields;
    if (isPlainVerdict(record)) v = record;
    else {
      const read = readVerdictRecord(record, this.where(line));
      if (!read.ok) {
        for (const issue of read.issues) this.report(issue);
        return;
      }
      v = read.verdict;
    }
    const { question_id, model, setting, check_id, verdict, judge, sample = 0 } = v;
    if (verdict !== null) {
      this.acceptCode(question_id, model, setting, check_id, VERDICT_CODE[verdict], judge, sample, line);
      return;
    }
    const answer = this.acceptCode(question_id, model, setting, check_id, JUDGE_FAILED, judge, sample, line);
    if (!answer) return;
    const list = this.failures.get(answer);
    const failure = { check: check_id, failure: (v as FailureFields).failure };
    if (list) list.push(failure);
    else this.failures.set(answer, [failure]);
  }

  /**
   * A block of a JSONL verdict file as UTF-8 bytes: every complete line in it
   * (up to its last LF; a CR before an LF is dropped) is added as by
   * `addLine`. Returns how many bytes it used, so a streaming caller keeps the
   * rest for the next block, and how many lines. `firstLine` numbers the
   * block's first line. Reading lines in place from the bytes, without
   * decoding the file to strings, is most of the speed of `gamut score`.
   */
  addBytes(bytes: Uint8Array, firstLine = 1): { consumed: number; lines: number } {
    if (this.finished) throw new InternalError('ScoreAccumulator.addBytes after finish()');
    const s = this.scanned;
    let line = firstLine;
    let start = 0;
    for (let nl = bytes.indexOf(0x0a); nl !== -1; nl = bytes.indexOf(0x0a, start), line++) {
      const end = nl > start && bytes[nl - 1] === 0x0d ? nl - 1 : nl;
      if (this.scanner.scan(bytes, start, end, s)) {
        this.acceptCode(
          s.question_id,
          s.model,
          SCANNED_SETTINGS[s.setting],
          s.check_id,
          s.code,
          s.judge,
          s.sample,
          line,
        );
      } else {
        this.addParsedLine(this.decoder.decode(bytes.subarray(start, end)), line);
      }
      start = nl + 1;
    }
    return { consumed: start, lines: line - firstLine };
  }

  /** One line of a JSONL verdict file, as text; blank lines are skipped, invalid JSON is listed. */
  addLine(text: string, line?: number): void {
    if (this.finished) throw new InternalError('ScoreAccumulator.addLine after finish()');
    this.addParsedLine(text, line);
  }

  /** The general path: JSON.parse, then the schema for anything unusual. */
  private addParsedLine(text: string, line: number | undefined): void {
    if (text.trim() === '') return;
    const file = this.options.files?.verdicts;
    const parsed = parseJsonValue(text, {
      part: 'line',
      ...(file !== undefined && { file }),
      ...(line !== undefined && { firstLine: line }),
    });
    if ('issue' in parsed) {
      this.report(parsed.issue);
      return;
    }
    this.add(parsed.value, line);
  }

  // Positional arguments on purpose: this runs once per verdict line and must not allocate.
  /** Returns the answer the code was written to; undefined when the line was skipped or refused. */
  private acceptCode(
    question: string,
    model: string,
    named: Setting | undefined,
    check: string,
    code: number,
    judge: string,
    sample: number,
    line: number | undefined,
  ): AnswerState | undefined {
    if (sample !== this.sample) {
      if (this.samples.size < MAX_SEEN) this.samples.add(sample);
      this.linesSkipped++;
      return undefined;
    }
    if (judge !== this.lastJudge) {
      this.lastJudge = judge;
      if (this.judges.size < MAX_SEEN) this.judges.add(judge);
    }
    const selected = this.options.judge;
    if (selected !== undefined ? judge !== selected : this.judges.size > 1) {
      this.linesSkipped++;
      return undefined;
    }
    const entry = this.index.get(question);
    if (!entry) {
      this.report({
        ...this.where(line),
        question,
        model,
        check,
        rule: 'unknown-question',
        message: `${named ?? 'no setting'}: no compiled rubric has this question id`,
      });
      return undefined;
    }
    const setting = named ?? entry.unnamedSetting;
    const checkIndex = entry.checkIndex.get(check);
    if (checkIndex === undefined) {
      this.report({
        ...this.where(line),
        question,
        model,
        check,
        rule: 'unknown-check',
        message: `${setting}: the question's rubric has no such check`,
      });
      return undefined;
    }
    const answer = this.answerState(entry, model, setting);
    const at = answer.offset + checkIndex;
    if (answer.codes[at] !== NO_VERDICT) {
      this.report({
        ...this.where(line),
        question,
        model,
        check,
        rule: 'duplicate-verdict',
        message: `${setting}: a second verdict for this check (judge ${judge}, sample ${sample})`,
      });
      return undefined;
    }
    answer.codes[at] = code;
    this.linesCounted++;
    return answer;
  }

  private where(line: number | undefined): { file?: string; line?: number } {
    const file = this.options.files?.verdicts;
    return { ...(file !== undefined && { file }), ...(line !== undefined && { line }) };
  }

  /** A problem found before a line could be read as a record (e.g. invalid JSON), listed with the others. */
  addIssue(issue: Issue): void {
    this.report(issue);
  }

  /** Scores everything added; throws an `InputError` listing every problem found. */
  finish(): ScoredRun {
    this.finished = true;
    const judgeIssue = judgesIssue({
      judges: this.judges,
      selected: this.options.judge,
      file: this.options.files?.verdicts,
    });
    if (judgeIssue) throw this.error([judgeIssue]);
    if (this.linesCounted === 0 && this.issues.length === 0) {
      const onlyOtherSamples = this.linesSkipped > 0 && this.samples.size > 0 && this.judges.size === 0;
      throw this.error([
        emptyIssue({
          sample: this.sample,
          samplesFound: onlyOtherSamples ? this.samples : undefined,
          file: this.options.files?.verdicts,
        }),
      ]);
    }

    const missingAsMissing = this.options.missingAsMissing ?? false;
    const scratch = new Int32Array(COUNTS_SIZE);
    this.states.sort(byAnswer);
    let missingCounted = 0;
    for (const answer of this.states) {
      scoreAnswer(answer, this.params, scratch);
      if (answer.unjudged === 0) continue;
      if (missingAsMissing) missingCounted += answer.unjudged;
      else this.report(missingVerdictIssue(answer, this.options.files?.verdicts));
    }
    if (this.issues.length) throw this.error([]);

    const { seed = 0, resamples = DEFAULT_RESAMPLES, breakdowns = BREAKDOWN_KEYS } = this.options;
    const { models, breakdowns: cells } = aggregate(this.states, { seed, resamples, breakdowns });
    const states = this.states;
    const unscored = this.unscoredAnswers();
    return {
      params: {
        lambda: this.params.lambda,
        mu: this.params.mu,
        weights: { ...this.params.weights },
        seed,
        resamples,
        judge: this.options.judge ?? this.lastJudge ?? null,
        sample: this.options.sample ?? 0,
        missing_as_missing: missingAsMissing,
      },
      models,
      breakdowns: cells,
      missingCounted,
      answerCount: states.length - unscored.length,
      unscored,
      *answers() {
        for (const a of states) if (a.failed === 0) yield answerRow(a, scratch, missingAsMissing);
      },
      *checks() {
        for (const a of states) yield answerChecks(a);
      },
    };
  }

  /** Answers with a judge failure, in answer order, with their failed checks in rubric order. */
  private unscoredAnswers(): UnscoredAnswer[] {
    const out: UnscoredAnswer[] = [];
    for (const answer of this.states) {
      const list = this.failures.get(answer);
      if (!list) continue;
      const order = answer.entry.checkIndex;
      list.sort((a, b) => (order.get(a.check) ?? 0) - (order.get(b.check) ?? 0));
      out.push({
        question_id: answer.entry.rubric.question_id,
        model: answer.model as UnscoredAnswer['model'],
        setting: answer.setting,
        check_ids: list.map((f) => f.check as UnscoredAnswer['check_ids'][number]),
        kinds: list.map((f) => f.failure.kind),
        reason: [...new Set(list.map((f) => f.failure.reason))].join('; '),
      });
    }
    return out;
  }

  private answerState(entry: RubricEntry, model: string, setting: Setting): AnswerState {
    let pair = entry.answers.get(model);
    if (!pair) {
      // One copy of each model name, not one per answer: names come fresh from every parsed line.
      const name = this.models.get(model) ?? model;
      this.models.set(name, name);
      model = name;
      pair = [undefined, undefined, undefined];
      entry.answers.set(model, pair);
    }
    const s = SETTING_INDEX[setting];
    let state = pair[s];
    if (!state) {
      state = {
        entry,
        model,
        setting,
        ...this.allocate(entry.tiers.length),
        gamut: null,
        tierScores: [null, null, null],
        unjudged: 0,
        failed: 0,
      };
      pair[s] = state;
      this.states.push(state);
    }
    return state;
  }

  private allocate(size: number): { codes: Uint8Array; offset: number } {
    if (this.blockUsed + size > this.block.length) {
      this.block = new Uint8Array(Math.max(BLOCK_SIZE, size));
      this.blockUsed = 0;
    }
    const offset = this.blockUsed;
    this.blockUsed += size;
    return { codes: this.block, offset };
  }

  private report(issue: Issue): void {
    if (this.issues.length < MAX_ISSUES) this.issues.push(issue);
    else this.issuesDropped++;
  }

  private error(extra: Issue[]): InputError {
    const issues = [...extra, ...this.issues];
    if (this.issuesDropped > 0) {
      issues.push({ rule: 'too-many-issues', message: `${this.issuesDropped} more problems not listed` });
    }
    return new InputError(issues);
  }
}
