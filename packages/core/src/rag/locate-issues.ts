import { InputError } from '../issues/errors.js';
import type { Issue } from '../issues/issue.js';
import { type GradeRagOptions, gradeRag } from './grade-rag.js';
import type { RagReport } from './report-schema.js';

/** Where `gradeRag`'s inputs came from, so each problem can name its file and line. */
export interface RagIssueSources {
  /** The agent output file, and each question's line in it. */
  run: string;
  runLines: ReadonlyMap<string, number>;
  /** The judgments file when judgments were read from one (`labels:`), and each question's line in it. */
  judgments?: string;
  judgmentLines?: ReadonlyMap<string, number>;
  /** The judge spec, named when a judgment is missing and no file holds them. */
  judge: string;
}

/**
 * Names the file (and line) each of `gradeRag`'s problems sits in: a missing
 * output is the run file's, a missing judgment the judgments' (or the judge
 * spec's), a bad judgment its line in the judgments file, anything else the
 * question's line in the run file.
 */
export function locateRagIssues(issues: readonly Issue[], from: RagIssueSources): Issue[] {
  return issues.map((i) => {
    const qid = i.question ?? '';
    if (i.rule === 'missing-output') return { ...i, file: from.run };
    if (i.rule === 'missing-judgment') return { ...i, file: from.judgments ?? from.judge };
    if (isJudgmentIssue(i) && from.judgments !== undefined) {
      const line = from.judgmentLines?.get(qid);
      return { ...i, file: from.judgments, ...(line !== undefined && { line }) };
    }
    const line = from.runLines.get(qid);
    return { ...i, file: from.run, ...(line !== undefined && { line }) };
  });
}

const isJudgmentIssue = (i: Issue) => /judgment|fact|ragchecker/.test(i.rule) || i.message.startsWith('judgment');

/** `gradeRag`, its problems named in the files (and lines) they sit in. */
export function gradeRagLocated(opts: GradeRagOptions, from: RagIssueSources): RagReport {
  try {
    return gradeRag(opts);
  } catch (e) {
    if (!InputError.isInputError(e)) throw e;
    throw new InputError(locateRagIssues(e.issues, from));
  }
}
